// POST /api/checkout/coupon: judges a coupon code against what the shopper is buying (the
// buy-now item the page sends, or the selected cart lines), priced here, never by the browser.

export { action } from './api.checkout.coupon.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';
