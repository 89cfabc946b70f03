// The cart's one door for the browser: add, change (quantity, selection, size) and remove. A
// fetcher's JSON is answered with the outcome; the product page's plain form post (before its
// scripts have loaded) goes back to the page. The user comes from the session, never from the body.

export { action } from './api.cart.server.ts';
// Without a connection the page gets the network message instead of its error screen.
export { answerOffline as clientAction } from '../offline-answer.ts';

export type CartAnswer = { ok: true; message?: string } | { ok: false; message: string };
