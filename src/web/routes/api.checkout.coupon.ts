// POST /api/checkout/coupon: judges a coupon code against what the shopper is buying (the
// buy-now item the page sends, or the selected cart lines), priced here, never by the browser.

export { action } from './api.checkout.coupon.server.ts';
// Without a connection the page gets the network message instead of its error screen.
export { answerOffline as clientAction } from '../offline-answer.ts';
