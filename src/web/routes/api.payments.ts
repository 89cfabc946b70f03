// POST /api/payments: 'Continue to Payment'. The server prices what is bought (the buy-now item
// the page sends, or the selected cart lines), holds the stock and the coupon, and opens a
// Razorpay order for the browser's payment window.

export { action } from './api.payments.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';
