// POST /api/addresses: saves a new delivery address for the signed-in shopper (from /checkout).

export { action } from './api.addresses.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';
