// validate_coupon (docs/product.md §7): judges a shopper's code for a subtotal, from the database.
import { and, count, eq, notInArray } from 'drizzle-orm';

import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import type { Database } from '../db/client.ts';
import { coupons, orders } from '../db/schema.ts';
import type { Result } from '../errors.ts';
import { COUPON_GIVEN_BACK } from './hold.ts';
import { judgeCoupon, type CouponVerdict } from './rules.ts';

export function normaliseCouponCode(code: unknown): string {
  return typeof code === 'string' ? code.trim().toUpperCase().slice(0, 40) : '';
}

export async function validateCoupon(
  db: Database,
  input: { code: unknown; subtotalPaise: number; userId: string },
  now = new Date(),
): Promise<CouponVerdict> {
  return (await judgeForShopper(db, input, now)).verdict;
}

/** The verdict, and whether the coupon is for orders paid online only (cash on delivery refuses it). */
async function judgeForShopper(
  db: Database,
  input: { code: unknown; subtotalPaise: number; userId: string },
  now: Date,
): Promise<{ verdict: CouponVerdict; prepaidOnly: boolean }> {
  const code = normaliseCouponCode(input.code);
  const [coupon] = code ? await db.select().from(coupons).where(eq(coupons.code, code)) : [];
  const [mine] = coupon
    ? await db
        .select({ uses: count() })
        .from(orders)
        .where(
          and(
            eq(orders.couponCode, coupon.code),
            eq(orders.userId, input.userId),
            notInArray(orders.status, COUPON_GIVEN_BACK),
          ),
        )
    : [];
  const usage = { inAll: coupon?.timesUsed ?? 0, byShopper: mine?.uses ?? 0 };
  return { verdict: judgeCoupon(coupon, input.subtotalPaise, usage, now), prepaidOnly: coupon?.prepaidOnly ?? false };
}

/**
 * A code the shopper typed at checkout, judged: each counts against the shopper's limit, so
 * private codes cannot be found by trying a word list (past it: 'Too many attempts. Please try
 * again in N minutes.').
 */
export async function checkCouponForShopper(
  deps: { db: Database; limit: RateRule },
  input: { code: unknown; subtotalPaise: number; userId: string },
  now = new Date(),
): Promise<Result<{ verdict: CouponVerdict; prepaidOnly: boolean }>> {
  const decision = await consumeRateLimit(deps.db, `coupon-check:user:${input.userId}`, deps.limit, now);
  if (!decision.allowed) return tooManyAttempts(decision);
  return { ok: true, ...(await judgeForShopper(deps.db, input, now)) };
}
