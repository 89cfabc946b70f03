// The admin's coupons screens (ADR 0014): list, create, edit, deactivate and reactivate. The
// writes are coupons/manage.ts's; this module reads the form, words the audit entry that each
// change records in its own transaction, and says how a coupon reads in the list.
import { asc, desc } from 'drizzle-orm';

import { formatPaise } from '../../common/money.ts';
import { fieldErrors } from '../../common/validation.ts';
import {
  createCoupon as insertCoupon,
  findCoupon,
  setCouponActive as switchCoupon,
  updateCoupon as saveCoupon,
  COUPON_CHANGE_MESSAGES,
  type CouponChange,
  type CouponFields,
} from '../coupons/manage.ts';
import { couponState, type CouponState } from '../coupons/rules.ts';
import type { Database } from '../db/client.ts';
import { coupons, type Coupon } from '../db/schema.ts';
import { failure } from '../errors.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { CouponCreateSchema, CouponUpdateSchema, couponFormValues } from './coupon-input.ts';

const COUPON_ADMIN_MESSAGES = {
  notSaved: 'The coupon was not saved. Please correct the fields marked below.',
} as const;

/** Every coupon, newest first (then by code), with how many times it has been used. */
export async function listAdminCoupons(db: Database): Promise<Coupon[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code));
}

export const getAdminCoupon = findCoupon;

function invalid(error: Parameters<typeof fieldErrors>[0]) {
  return failure('invalid', COUPON_ADMIN_MESSAGES.notSaved, { fieldErrors: fieldErrors(error) });
}

export async function createCoupon(db: Database, actor: Actor, input: unknown): Promise<CouponChange> {
  const parsed = CouponCreateSchema.safeParse(couponFormValues(input));
  if (!parsed.success) return invalid(parsed.error);
  return insertCoupon(db, parsed.data, (tx, coupon) =>
    recordAudit(tx, actor, {
      action: 'coupon.create',
      entityType: 'coupon',
      entityId: coupon.code,
      summary: `Created coupon ${coupon.code} (${describeDiscount(coupon)})`,
      after: coupon,
    }),
  );
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
  prepaidOnly: 'payment',
};

/** Saves the form's fields; the code stays as it is, since orders refer to it. */
export async function updateCoupon(db: Database, actor: Actor, code: string, input: unknown): Promise<CouponChange> {
  // An unknown code is "not found" whatever the form holds (coupons are never deleted).
  const existing = await findCoupon(db, code);
  if (!existing) return failure('not_found', COUPON_CHANGE_MESSAGES.notFound);
  const parsed = CouponUpdateSchema.safeParse(couponFormValues(input));
  if (!parsed.success) return invalid(parsed.error);
  return saveCoupon(db, existing.code, parsed.data, (tx, { before, after, changed }) =>
    recordAudit(tx, actor, {
      action: 'coupon.update',
      entityType: 'coupon',
      entityId: after.code,
      summary: `Updated coupon ${after.code}: ${[...new Set(changed.map((field) => FIELD_LABELS[field]))].join(', ')} (${describeDiscount(after)})`,
      before,
      after,
    }),
  );
}

/** Switches a coupon off (shoppers are then told it is no longer active) or back on. */
export async function setCouponActive(
  db: Database,
  actor: Actor,
  code: string,
  active: boolean,
): Promise<CouponChange> {
  return switchCoupon(db, code, active, (tx, { before, after }) =>
    recordAudit(tx, actor, {
      action: active ? 'coupon.activate' : 'coupon.deactivate',
      entityType: 'coupon',
      entityId: after.code,
      summary: `${active ? 'Activated' : 'Deactivated'} coupon ${after.code}`,
      before,
      after,
    }),
  );
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

const STATUS_LABELS: Record<CouponState, CouponStatus> = {
  usable: 'Active',
  inactive: 'Inactive',
  notStarted: 'Not started',
  expired: 'Expired',
};

/** What the storefront would say of the coupon now, before judging an order (coupons/rules.ts). */
export function couponStatus(coupon: Pick<Coupon, 'active' | 'startsAt' | 'endsAt'>, now = new Date()): CouponStatus {
  return STATUS_LABELS[couponState(coupon, now)];
}

/** A coupon as one row of the admin's list reads. */
export function couponRow(coupon: Coupon, now = new Date()) {
  return {
    code: coupon.code,
    discount: describeDiscount(coupon),
    minimumOrder: coupon.minOrderPaise > 0 ? formatPaise(coupon.minOrderPaise) : 'None',
    dates: describeDates(coupon),
    limits: describeLimits(coupon),
    payment: coupon.prepaidOnly ? 'Online only' : 'Online or cash on delivery',
    timesUsed: coupon.timesUsed,
    active: coupon.active,
    status: couponStatus(coupon, now),
  };
}
