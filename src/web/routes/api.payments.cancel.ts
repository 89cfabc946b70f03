// POST /api/payments/cancel: the shopper closed the payment window, so the held stock and coupon
// use go back at once (otherwise they would wait for the hold to expire).

export { action } from './api.payments.cancel.server.ts';
