// /api/addresses/:id, one of the signed-in shopper's saved addresses: PUT changes it, DELETE
// removes it. Another shopper's address is "not found".

export { action } from './api.addresses.$id.server.ts';
// Without a connection the page gets the network message instead of its error screen.
export { answerOffline as clientAction } from '../offline-answer.ts';
