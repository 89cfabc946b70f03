// Whether a shopper's payment has become an order yet (ADR 0012). When the browser's
// verify got no answer, or the server could not confirm the capture yet, the webhook or the
// reconciliation job completes the checkout later; the checkout page asks this until they have.
// Only reads, and only about the shopper's own checkouts.
import { and, eq } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { checkouts, orders } from '../db/schema.ts';
import { failure, type Failure } from '../errors.ts';

export type PaymentStatus = { ok: true; status: 'paid'; paymentId: string } | { ok: true; status: 'confirming' };

export async function paymentStatus(
  db: Database,
  userId: string,
  razorpayOrderId: string | undefined,
): Promise<PaymentStatus | Failure> {
  if (!razorpayOrderId) return failure('invalid', 'Which payment? The order id is missing.');
  const [checkout] = await db
    .select({ paymentId: orders.paymentId })
    .from(checkouts)
    .leftJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(and(eq(checkouts.razorpayOrderId, razorpayOrderId), eq(checkouts.userId, userId)));
  // Someone else's checkout is answered like one that does not exist.
  if (!checkout) return failure('not_found', 'This payment does not belong to an order of yours.');
  return checkout.paymentId
    ? { ok: true, status: 'paid', paymentId: checkout.paymentId }
    : { ok: true, status: 'confirming' };
}
