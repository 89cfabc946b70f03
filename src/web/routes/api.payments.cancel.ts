// POST /api/payments/cancel: the shopper closed the payment window, so the held stock and coupon
// use go back at once (otherwise they would wait for the hold to expire).

export { action } from './api.payments.cancel.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';
