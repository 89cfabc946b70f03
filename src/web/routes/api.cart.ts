// The cart's one door for the browser: add, change (quantity, selection, size) and remove. A
// fetcher's JSON is answered with the outcome; the product page's plain form post (before its
// scripts have loaded) goes back to the page. The user comes from the session, never from the body.
import type { RefusedAnswer } from '../fetcher-failures.ts';

export { action } from './api.cart.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';

export type CartAnswer = { ok: true; message?: string } | RefusedAnswer;
