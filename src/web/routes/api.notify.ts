// 'Notify me' sign-ups (docs/drops.md): the product page's forms, for a drop before its minute and
// for sold-out sizes. A fetcher's JSON is answered with the outcome, which the page shows; the
// plain form post (before the page's scripts have loaded) is answered on the /notify page, as the
// product page is kept for every visitor alike and cannot say it. The address is the signed-in
// shopper's own whatever the body says, and a visitor's only once confirmed by its emailed link.
import type { RefusedAnswer } from '../fetcher-failures.ts';

export { action } from './api.notify.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';

/** The server's answer (a refused address names the field), or the page's own without one. */
export type NotifyAnswer = { ok: true; message: string } | (RefusedAnswer & { fieldErrors?: Record<string, string> });
