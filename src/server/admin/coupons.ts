// The admin's coupons (issue 8): list, create, edit, deactivate and reactivate. A coupon is never
// deleted, since orders and checkouts refer to its code; it is switched off instead. Every change
// is made in one transaction with its audit entry.
import { asc, desc, eq } from 'drizzle-orm';

import { fieldErrors } from '../../common/validation.ts';
import { formatPaise } from '../../common/money.ts';
import type { Database } from '../db/client.ts';
import { coupons, type Coupon } from '../db/schema.ts';
import { recordAudit, type Actor } from './audit.ts';
import { CouponCreateSchema, CouponUpdateSchema, couponFormValues, type CouponFields } from './coupon-input.ts';

export const COUPON_ADMIN_MESSAGES = {
  notSaved: 'The coupon was not saved. Please correct the fields marked below.',
  notFound: 'Coupon not found',
  duplicate: (code: string) => `A coupon with the code ${code} already exists.`,
} as const;

export type CouponChange =
  | { ok: true; coupon: Coupon }
  | { ok: false; status: 400 | 404 | 409; message: string; errors: Record<string, string> };

/** Every coupon, newest first (then by code), with how many times it has been used. */
export async function listAdminCoupons(db: Database): Promise<Coupon[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code));
}

export async function getAdminCoupon(db: Database, code: string): Promise<Coupon | undefined> {
  const key = code.trim().toUpperCase();
  if (!key) return undefined;
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, key));
  return coupon;
}

function invalid(error: Parameters<typeof fieldErrors>[0]): CouponChange {
  return { ok: false, status: 400, message: COUPON_ADMIN_MESSAGES.notSaved, errors: fieldErrors(error) };
}

const notFound: CouponChange = { ok: false, status: 404, message: COUPON_ADMIN_MESSAGES.notFound, errors: {} };

export async function createCoupon(db: Database, actor: Actor, input: unknown): Promise<CouponChange> {
  const parsed = CouponCreateSchema.safeParse(couponFormValues(input));
  if (!parsed.success) return invalid(parsed.error);
  const values = parsed.data;
  return db.transaction(async (tx) => {
    // The code is the key: a taken one inserts nothing, and nothing else is written.
    const [coupon] = await tx.insert(coupons).values(values).onConflictDoNothing({ target: coupons.code }).returning();
    if (!coupon) {
      const message = COUPON_ADMIN_MESSAGES.duplicate(values.code);
      return { ok: false, status: 409, message, errors: { code: message } } as const;
    }
    await recordAudit(tx, actor, {
      action: 'coupon.create',
      entityType: 'coupon',
      entityId: coupon.code,
      summary: `Created coupon ${coupon.code} (${describeDiscount(coupon)})`,
      after: coupon,
    });
    return { ok: true, coupon } as const;
  });
}

const FIELD_LABELS: Record<keyof CouponFields, string> = {
  kind: 'discount',
  value: 'discount',
  maxDiscountPaise: 'discount',
  minOrderPaise: 'minimum order',
  startsAt: 'dates',
  endsAt: 'dates',
  usageLimit: 'usage limits',
  perUserLimit: 'usage limits',
};

/** Saves the form's fields; the code stays as it is, since orders refer to it. */
export async function updateCoupon(db: Database, actor: Actor, code: string, input: unknown): Promise<CouponChange> {
  const key = code.trim().toUpperCase();
  const parsed = CouponUpdateSchema.safeParse(couponFormValues(input));
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, key)).for('update');
    if (!before) return notFound;
    if (!parsed.success) return invalid(parsed.error);
    const values = parsed.data;
    const changed = [
      ...new Set(
        (Object.keys(values) as Array<keyof CouponFields>)
          .filter((field) => !sameValue(before[field], values[field]))
          .map((field) => FIELD_LABELS[field]),
      ),
    ];
    if (changed.length === 0) return { ok: true, coupon: before } as const;
    const [coupon] = await tx.update(coupons).set(values).where(eq(coupons.code, key)).returning();
    await recordAudit(tx, actor, {
      action: 'coupon.update',
      entityType: 'coupon',
      entityId: key,
      summary: `Updated coupon ${key}: ${changed.join(', ')} (${describeDiscount(coupon!)})`,
      before,
      after: coupon,
    });
    return { ok: true, coupon: coupon! } as const;
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
  actor: Actor,
  code: string,
  active: boolean,
): Promise<CouponChange> {
  const key = code.trim().toUpperCase();
  if (!key) return notFound;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, key)).for('update');
    if (!before) return notFound;
    if (before.active === active) return { ok: true, coupon: before } as const;
    const [coupon] = await tx.update(coupons).set({ active }).where(eq(coupons.code, key)).returning();
    await recordAudit(tx, actor, {
      action: active ? 'coupon.activate' : 'coupon.deactivate',
      entityType: 'coupon',
      entityId: key,
      summary: `${active ? 'Activated' : 'Deactivated'} coupon ${key}`,
      before,
      after: coupon,
    });
    return { ok: true, coupon: coupon! } as const;
  });
}

// How a coupon reads in the admin's list. Times are shown in India's time.

const indiaTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** '10% off, up to ₹500.00', '10% off' or '₹200.00 off'. */
export function describeDiscount(coupon: Pick<Coupon, 'kind' | 'value' | 'maxDiscountPaise'>): string {
  if (coupon.kind !== 'percent') return `${formatPaise(coupon.value)} off`;
  return coupon.maxDiscountPaise === null
    ? `${coupon.value}% off`
    : `${coupon.value}% off, up to ${formatPaise(coupon.maxDiscountPaise)}`;
}

/** 'From 1 Dec 2026, 10:00 am', 'Until …', 'From … to …' or 'Any time'. */
export function describeDates(coupon: Pick<Coupon, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = coupon;
  if (startsAt && endsAt) return `From ${indiaTime.format(startsAt)} to ${indiaTime.format(endsAt)}`;
  if (startsAt) return `From ${indiaTime.format(startsAt)}`;
  if (endsAt) return `Until ${indiaTime.format(endsAt)}`;
  return 'Any time';
}

/** '15 in all', '1 per customer', both, or 'No limit'. */
export function describeLimits(coupon: Pick<Coupon, 'usageLimit' | 'perUserLimit'>): string {
  const parts = [
    ...(coupon.usageLimit === null ? [] : [`${coupon.usageLimit} in all`]),
    ...(coupon.perUserLimit === null ? [] : [`${coupon.perUserLimit} per customer`]),
  ];
  return parts.length ? parts.join(', ') : 'No limit';
}

export type CouponStatus = 'Active' | 'Inactive' | 'Expired' | 'Not started';

/** Switched off first, then the dates, in the order the storefront judges them (rules.ts). */
export function couponStatus(coupon: Pick<Coupon, 'active' | 'startsAt' | 'endsAt'>, now = new Date()): CouponStatus {
  if (!coupon.active) return 'Inactive';
  if (coupon.startsAt && coupon.startsAt > now) return 'Not started';
  if (coupon.endsAt && coupon.endsAt <= now) return 'Expired';
  return 'Active';
}

/** A coupon as one row of the admin's list reads. */
export function couponRow(coupon: Coupon, now = new Date()) {
  return {
    code: coupon.code,
    discount: describeDiscount(coupon),
    minimumOrder: coupon.minOrderPaise > 0 ? formatPaise(coupon.minOrderPaise) : 'None',
    dates: describeDates(coupon),
    limits: describeLimits(coupon),
    timesUsed: coupon.timesUsed,
    active: coupon.active,
    status: couponStatus(coupon, now),
  };
}
export type CouponRow = ReturnType<typeof couponRow>;
