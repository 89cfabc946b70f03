// POST /api/addresses: saves a new delivery address for the signed-in shopper (from /checkout).

export { action } from './api.addresses.server.ts';
