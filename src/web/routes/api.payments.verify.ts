// POST /api/payments/verify: the payment window's success callback. The signature must be
// Razorpay's for this shopper's order; then the order is made (once, whoever comes first).

import type { Failure } from '../../server/errors.ts';
import { NETWORK_ERROR_MESSAGE } from '../fetcher-failures.ts';
import type { Route } from './+types/api.payments.verify';

export { action } from './api.payments.verify.server.ts';

/**
 * The shopper has paid by now, so this request never ends on the error screen: whatever keeps its
 * answer from arriving (no connection, a proxy's error page, a crash) is answered 'unavailable',
 * and the page confirms the payment by asking for its order instead (ADR 0012).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false, kind: 'unavailable', message: NETWORK_ERROR_MESSAGE } satisfies Failure;
  }
}
