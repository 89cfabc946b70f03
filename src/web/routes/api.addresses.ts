// POST /api/addresses: saves a new delivery address for the signed-in shopper (from /checkout).

export { action } from './api.addresses.server.ts';
// Without a connection the page gets the network message instead of its error screen.
export { answerOffline as clientAction } from '../offline-answer.ts';
