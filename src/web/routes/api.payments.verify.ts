// POST /api/payments/verify: the payment window's success callback. The signature must be
// Razorpay's for this shopper's order; then the order is made (once, whoever comes first).

export { action } from './api.payments.verify.server.ts';
// Without a connection the page gets the network message instead of its error screen.
export { answerOffline as clientAction } from '../offline-answer.ts';
