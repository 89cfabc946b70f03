// The cart's one door for the browser: add, change (quantity, selection, size) and remove. A
// fetcher's JSON is answered with the outcome; the product page's plain form post (before its
// scripts have loaded) goes back to the page. The user comes from the session, never from the body.

export { action } from './api.cart.server.ts';

export type CartAnswer = { ok: true; message?: string } | { ok: false; message: string };
