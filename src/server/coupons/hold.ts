// A checkout's use of a coupon (checkout/workflow.ts): held while the checkout is open, counted
// (times_used + 1) when its payment becomes an order.
import { and, count, eq, gt, notInArray, sql } from 'drizzle-orm';

import type { OrderStatus } from '../../common/catalog.ts';
import type { Database } from '../db/client.ts';
import { checkouts, coupons, orders } from '../db/schema.ts';
import { failure, FailureError } from '../errors.ts';
import { judgeCoupon } from './rules.ts';

/**
 * The orders whose coupon use was given back (a cancellation, a cash on delivery parcel returned
 * to origin): they no longer count against the shopper's own limit either.
 */
export const COUPON_GIVEN_BACK: OrderStatus[] = ['cancelled', 'returned_to_origin'];

/**
 * Holds one use of the coupon for a checkout and returns its discount and whether it is for orders
 * paid online only (cash on delivery refuses it), or refuses (throws) with the coupon's own
 * message. The coupon's row lock makes concurrent checkouts count one after
 * another; an open checkout holds its use until its hold expires (ADR 0012: an abandoned
 * hold must not make the coupon look used up for longer), even before the job releases it. A
 * payment for an expired hold judges the coupon again (checkout/workflow.ts complete).
 */
export async function holdCouponUse(
  tx: Database,
  code: string,
  userId: string,
  subtotalPaise: number,
  now: Date,
): Promise<{ discountPaise: number; prepaidOnly: boolean }> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  const held = and(eq(checkouts.couponCode, code), eq(checkouts.status, 'open'), gt(checkouts.expiresAt, now));
  const [{ open } = { open: 0 }] = await tx.select({ open: count() }).from(checkouts).where(held);
  const [{ mineOpen } = { mineOpen: 0 }] = await tx
    .select({ mineOpen: count() })
    .from(checkouts)
    .where(and(held, eq(checkouts.userId, userId)));
  const [{ mineUsed } = { mineUsed: 0 }] = await tx
    .select({ mineUsed: count() })
    .from(orders)
    .where(and(eq(orders.couponCode, code), eq(orders.userId, userId), notInArray(orders.status, COUPON_GIVEN_BACK)));
  const verdict = judgeCoupon(
    coupon,
    subtotalPaise,
    { inAll: (coupon?.timesUsed ?? 0) + open, byShopper: mineUsed + mineOpen },
    now,
  );
  if (!verdict.is_valid) throw new FailureError(failure('invalid', verdict.message));
  return { discountPaise: verdict.discount_amount, prepaidOnly: coupon!.prepaidOnly };
}

/** A held use became a sale. */
export async function countCouponUse(tx: Database, code: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(eq(coupons.code, code));
}

/** A sale was cancelled: its use of the coupon is free again (a cancelled order no longer counts). */
export async function uncountCouponUse(tx: Database, code: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)` })
    .where(eq(coupons.code, code));
}
