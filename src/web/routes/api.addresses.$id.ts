// /api/addresses/:id, one of the signed-in shopper's saved addresses: PUT changes it, DELETE
// removes it. Another shopper's address is "not found".

export { action } from './api.addresses.$id.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';
