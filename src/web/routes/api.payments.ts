// POST /api/payments: 'Continue to Payment' or, with `method: 'cod'`, 'Place order'. The server
// prices what is bought (the buy-now item the page sends, or the selected cart lines) and holds the
// stock and the coupon; online, it opens a Razorpay order for the browser's payment window; with
// cash on delivery, it places the order at once when the rules allow it (ADR 0047). With
// `useCredit: true` the shopper's store credit pays part, or all (the order is then placed at once:
// `{ ok, orderId }`), of it (ADR 0050).

export { action } from './api.payments.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';
