// The store's own changes to its coupons (the admin's screens, admin/coupons.ts): create, edit,
// switch off and on. A coupon is never deleted, since orders and checkouts refer to its code.
// Each change is one transaction, in which the caller's `record` writes the audit entry.
import { eq } from 'drizzle-orm';

import { hasControlCharacters } from '../../common/validation.ts';
import type { Database } from '../db/client.ts';
import { coupons, type Coupon } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';

/** The columns a coupon's form sets (the code aside: orders refer to it, so it never changes). */
export interface CouponFields {
  kind: 'percent' | 'flat';
  value: number;
  minOrderPaise: number;
  maxDiscountPaise: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  /** For orders paid online only: refused with cash on delivery (ADR 0047). */
  prepaidOnly: boolean;
}

export const COUPON_CHANGE_MESSAGES = {
  notFound: 'Coupon not found',
  duplicate: (code: string) => `A coupon with the code ${code} already exists.`,
} as const;

export type CouponChange = Result<{ coupon: Coupon }>;

const notFound = () => failure('not_found', COUPON_CHANGE_MESSAGES.notFound);

/** The code as stored; '' (no coupon) for one no coupon can have, such as one with a NUL in it. */
function couponKey(code: string): string {
  const key = code.trim().toUpperCase();
  return hasControlCharacters(key) ? '' : key;
}

export async function findCoupon(db: Database, code: string): Promise<Coupon | undefined> {
  const key = couponKey(code);
  if (!key) return undefined;
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, key));
  return coupon;
}

export async function createCoupon(
  db: Database,
  values: CouponFields & { code: string },
  record: (tx: Database, coupon: Coupon) => Promise<void>,
): Promise<CouponChange> {
  return db.transaction(async (tx) => {
    // The code is the key: a taken one inserts nothing, and nothing else is written.
    const [coupon] = await tx.insert(coupons).values(values).onConflictDoNothing({ target: coupons.code }).returning();
    if (!coupon) {
      const message = COUPON_CHANGE_MESSAGES.duplicate(values.code);
      return failure('conflict', message, { fieldErrors: { code: message } });
    }
    await record(tx, coupon);
    return { ok: true, coupon };
  });
}

/** Saves the form's fields under the coupon's lock; an unchanged coupon is not written. */
export async function updateCoupon(
  db: Database,
  code: string,
  values: CouponFields,
  record: (
    tx: Database,
    change: { before: Coupon; after: Coupon; changed: Array<keyof CouponFields> },
  ) => Promise<void>,
): Promise<CouponChange> {
  const key = couponKey(code);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, key)).for('update');
    if (!before) return notFound();
    const changed = (Object.keys(values) as Array<keyof CouponFields>).filter(
      (field) => !sameValue(before[field], values[field]),
    );
    if (changed.length === 0) return { ok: true, coupon: before };
    const [after] = await tx.update(coupons).set(values).where(eq(coupons.code, key)).returning();
    await record(tx, { before, after: after!, changed });
    return { ok: true, coupon: after! };
  });
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  }
  return a === b;
}

/** Switches a coupon off (shoppers are then told it is no longer active) or back on. */
export async function setCouponActive(
  db: Database,
  code: string,
  active: boolean,
  record: (tx: Database, change: { before: Coupon; after: Coupon }) => Promise<void>,
): Promise<CouponChange> {
  const key = couponKey(code);
  if (!key) return notFound();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, key)).for('update');
    if (!before) return notFound();
    if (before.active === active) return { ok: true, coupon: before };
    const [after] = await tx.update(coupons).set({ active }).where(eq(coupons.code, key)).returning();
    await record(tx, { before, after: after! });
    return { ok: true, coupon: after! };
  });
}
