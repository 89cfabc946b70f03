// GET /api/payments/status?order=<Razorpay order id>: whether the shopper's payment has become an
// order yet. The checkout page asks every few seconds while a paid checkout is being confirmed
// (the verify went unanswered, or the capture is not confirmed yet).
import type { PaymentStatus } from '../../server/checkout/payment-status.ts';
import { loadFailuresInPage } from '../fetcher-failures.ts';
import type { Route } from './+types/api.payments.status';

export { loader } from './api.payments.status.server.ts';

export type PaymentStatusAnswer = PaymentStatus | { ok: false; message: string };

/** Without a connection the payment is simply still being confirmed: the page asks again. */
export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadFailuresInPage<PaymentStatusAnswer, PaymentStatus>(args, { ok: true, status: 'confirming' });
}

// The page asks through a fetcher (a `.data` request): it keeps the loader's Cache-Control.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
