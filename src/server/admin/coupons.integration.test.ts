// The admin's coupon service on the real database: what it saves, what it refuses (saving
// nothing), and the audit entry of every change.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { couponOf, createAdminActor, createUser, NO_COUPON_TERMS } from '../../../tests/support/factories.ts';
import { COUPON_MESSAGES } from '../coupons/rules.ts';
import { validateCoupon } from '../coupons/validate.ts';
import { auditLog, coupons } from '../db/schema.ts';
import { seedCoupons } from '../db/seed.ts';
import type { Actor } from '../shared/audit.ts';
import { couponToFormValues, EMPTY_COUPON_FORM } from './coupon-input.ts';
import {
  couponRow,
  couponStatus,
  createCoupon,
  describeDates,
  describeDiscount,
  describeLimits,
  getAdminCoupon,
  listAdminCoupons,
  setCouponActive,
  updateCoupon,
} from './coupons.ts';

const database = useTestDatabase();
let actor: Actor;
let shopperId: string;

beforeAll(async () => {
  await seedCoupons(database.db);
  actor = await createAdminActor(database.db, 'boss@example.test');
  shopperId = (await createUser(database.db)).id;
});

const form = (fields: Record<string, string>) => ({ kind: 'percent', value: '10', ...fields });
const auditFor = (code: string) => database.db.select().from(auditLog).where(eq(auditLog.entityId, code));
const auditCount = async () => (await database.db.select({ n: count() }).from(auditLog))[0]!.n;
const couponCount = async () => (await database.db.select({ n: count() }).from(coupons))[0]!.n;

describe('createCoupon', () => {
  it('saves a percent coupon with its cap, dates (India time) and limits, and records who made it', async () => {
    const result = await createCoupon(database.db, actor, {
      code: '  summer25 ',
      kind: 'percent',
      value: '25',
      minOrder: '₹1,499',
      maxDiscount: '500',
      startsAt: '2026-12-01T10:00',
      endsAt: '2026-12-31T23:59',
      usageLimit: '15',
      perUserLimit: '1',
    });
    expect(result.ok).toBe(true);
    const saved = await getAdminCoupon(database.db, 'SUMMER25');
    expect(saved).toMatchObject({
      code: 'SUMMER25',
      kind: 'percent',
      value: 25,
      minOrderPaise: 149_900,
      maxDiscountPaise: 50_000,
      startsAt: new Date('2026-12-01T04:30:00.000Z'),
      endsAt: new Date('2026-12-31T18:29:00.000Z'),
      usageLimit: 15,
      perUserLimit: 1,
      timesUsed: 0,
      active: true,
    });
    const [entry, ...others] = await auditFor('SUMMER25');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorId: actor.id,
      actorEmail: 'boss@example.test',
      action: 'coupon.create',
      entityType: 'coupon',
      summary: 'Created coupon SUMMER25 (25% off, up to ₹500.00)',
      before: null,
      after: { code: 'SUMMER25', value: 25, maxDiscountPaise: 50_000, startsAt: '2026-12-01T04:30:00.000Z' },
    });
  });

  it('saves a flat coupon in paise, with no minimum, cap, dates or limits when those are left empty', async () => {
    const result = await createCoupon(database.db, actor, {
      ...EMPTY_COUPON_FORM,
      code: 'Diwali_Flat-150',
      kind: 'flat',
      value: '149.50',
    });
    expect(result).toMatchObject({ ok: true, coupon: { code: 'DIWALI_FLAT-150' } });
    expect(await getAdminCoupon(database.db, 'diwali_flat-150')).toMatchObject({
      kind: 'flat',
      value: 14_950,
      ...NO_COUPON_TERMS,
    });
    expect((await auditFor('DIWALI_FLAT-150'))[0]?.summary).toBe('Created coupon DIWALI_FLAT-150 (₹149.50 off)');
  });

  it('refuses a code that is taken, whatever its case, saving nothing', async () => {
    const [coupons0, audit0] = [await couponCount(), await auditCount()];
    const result = await createCoupon(database.db, actor, form({ code: ' welcome10', value: '50' }));
    expect(result).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'A coupon with the code WELCOME10 already exists.',
      fieldErrors: { code: 'A coupon with the code WELCOME10 already exists.' },
    });
    expect(await getAdminCoupon(database.db, 'WELCOME10')).toMatchObject({ value: 10, maxDiscountPaise: 30_000 });
    expect([await couponCount(), await auditCount()]).toEqual([coupons0, audit0]);
  });

  it.each([
    [
      'a flat value of 0',
      { code: 'ZERO1', kind: 'flat', value: '0' },
      { value: 'The amount off must be more than ₹0.' },
    ],
    ['a percent value of 0', { code: 'ZERO2', value: '0' }, { value: 'Enter a whole percentage from 1 to 100.' }],
    ['150 percent', { code: 'TOOMUCH', value: '150' }, { value: 'Enter a whole percentage from 1 to 100.' }],
    ['12.5 percent', { code: 'HALFPC', value: '12.5' }, { value: 'Enter a whole percentage from 1 to 100.' }],
    [
      'a negative usage limit',
      { code: 'NEGATIVE', usageLimit: '-1' },
      { usageLimit: 'A limit cannot be negative; enter 0 or more, or leave it empty for no limit.' },
    ],
    [
      'a fractional per-customer limit',
      { code: 'FRACTION', perUserLimit: '1.5' },
      { perUserLimit: 'Enter a whole number, such as 100, or leave it empty for no limit.' },
    ],
    [
      'an end before the start',
      { code: 'BACKWARDS', startsAt: '2026-12-31T10:00', endsAt: '2026-12-01T10:00' },
      { endsAt: 'The end must be after the start.' },
    ],
    [
      'an end equal to the start',
      { code: 'INSTANT', startsAt: '2026-12-01T10:00', endsAt: '2026-12-01T10:00' },
      { endsAt: 'The end must be after the start.' },
    ],
    [
      'a minimum order of 12abc',
      { code: 'MINABC', minOrder: '12abc' },
      { minOrder: 'Enter the minimum order in rupees, such as 999, or leave it empty for no minimum.' },
    ],
    [
      'a date that does not exist',
      { code: 'FEB30', startsAt: '2026-02-30T10:00' },
      { startsAt: 'Enter a date and time, or leave it empty.' },
    ],
    [
      'a cap on a flat coupon',
      { code: 'FLATCAP', kind: 'flat', value: '100', maxDiscount: '50' },
      { maxDiscount: 'A maximum discount applies only to percentage coupons; leave it empty.' },
    ],
    ['a code with spaces', { code: 'NO SPACES' }, { code: 'Use 3 to 40 letters, digits, dashes or underscores.' }],
    ['a two-letter code', { code: 'AB' }, { code: 'Use 3 to 40 letters, digits, dashes or underscores.' }],
    ['no code', { code: '  ' }, { code: 'Enter a code for the coupon.' }],
    ['the code NEW', { code: 'new' }, { code: 'NEW is reserved for the new-coupon page; choose another code.' }],
    ['an unknown kind', { code: 'KINDLESS', kind: 'bogo' }, { kind: 'Choose a percentage or a flat amount off.' }],
  ])('refuses %s with a clear message, saving nothing', async (_, fields, fieldErrors) => {
    const [coupons0, audit0] = [await couponCount(), await auditCount()];
    const result = await createCoupon(database.db, actor, form(fields));
    expect(result).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'The coupon was not saved. Please correct the fields marked below.',
      fieldErrors,
    });
    expect([await couponCount(), await auditCount()]).toEqual([coupons0, audit0]);
  });

  it('reports every wrong field at once', async () => {
    const result = await createCoupon(database.db, actor, {
      code: 'x',
      kind: 'percent',
      value: '150',
      minOrder: '12abc',
      usageLimit: '-3',
      startsAt: '2026-12-31T10:00',
      endsAt: '2026-12-01T10:00',
    });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.fieldErrors!).sort()).toEqual([
      'code',
      'endsAt',
      'minOrder',
      'usageLimit',
      'value',
    ]);
  });
});

describe('updateCoupon', () => {
  it('changes the fields but never the code or the times used, and records before and after', async () => {
    await database.db.update(coupons).set({ timesUsed: 4 }).where(eq(coupons.code, 'WELCOME10'));
    const current = (await getAdminCoupon(database.db, 'WELCOME10'))!;
    const result = await updateCoupon(database.db, actor, 'welcome10', {
      ...couponToFormValues(current),
      code: 'HIJACKED',
      value: '15',
      usageLimit: '100',
    });
    expect(result).toMatchObject({ ok: true, coupon: { code: 'WELCOME10', value: 15, usageLimit: 100, timesUsed: 4 } });
    expect(await getAdminCoupon(database.db, 'HIJACKED')).toBeUndefined();
    const [entry] = await auditFor('WELCOME10');
    expect(entry).toMatchObject({
      action: 'coupon.update',
      actorEmail: 'boss@example.test',
      summary: 'Updated coupon WELCOME10: discount, usage limits (15% off, up to ₹300.00)',
      before: { code: 'WELCOME10', value: 10, usageLimit: null, timesUsed: 4 },
      after: { code: 'WELCOME10', value: 15, usageLimit: 100, timesUsed: 4 },
    });
  });

  it('records nothing when nothing changed', async () => {
    const audit0 = await auditCount();
    const current = (await getAdminCoupon(database.db, 'WELCOME10'))!;
    expect(await updateCoupon(database.db, actor, 'WELCOME10', couponToFormValues(current))).toMatchObject({
      ok: true,
    });
    expect(await auditCount()).toBe(audit0);
  });

  it('refuses bad values and an unknown code, changing nothing', async () => {
    const before = await getAdminCoupon(database.db, 'FLAT200');
    const audit0 = await auditCount();
    expect(await updateCoupon(database.db, actor, 'FLAT200', { kind: 'flat', value: '0', endsAt: 'soon' })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'The coupon was not saved. Please correct the fields marked below.',
      fieldErrors: {
        value: 'The amount off must be more than ₹0.',
        endsAt: 'Enter a date and time, or leave it empty.',
      },
    });
    expect(await updateCoupon(database.db, actor, 'NO-SUCH', form({}))).toMatchObject({ ok: false, kind: 'not_found' });
    expect(await getAdminCoupon(database.db, 'FLAT200')).toEqual(before);
    expect(await auditCount()).toBe(audit0);
  });
});

describe('setCouponActive', () => {
  it('deactivates a coupon, which shoppers are then refused, and reactivates it, with an entry each', async () => {
    const order = { code: 'FLAT200', subtotalPaise: 200_000, userId: shopperId };
    expect(await validateCoupon(database.db, order)).toMatchObject({ is_valid: true });

    expect(await setCouponActive(database.db, actor, 'flat200', false)).toMatchObject({
      ok: true,
      coupon: { code: 'FLAT200', active: false },
    });
    expect(await validateCoupon(database.db, order)).toMatchObject({
      is_valid: false,
      message: COUPON_MESSAGES.inactive,
      discount_amount: 0,
    });
    expect(COUPON_MESSAGES.inactive).toBe('This coupon is no longer active.');

    // Deactivating again changes nothing and records nothing.
    const audit0 = await auditCount();
    expect(await setCouponActive(database.db, actor, 'FLAT200', false)).toMatchObject({ ok: true });
    expect(await auditCount()).toBe(audit0);

    expect(await setCouponActive(database.db, actor, 'FLAT200', true)).toMatchObject({
      ok: true,
      coupon: { active: true },
    });
    expect(await validateCoupon(database.db, order)).toMatchObject({ is_valid: true, discount_amount: 20_000 });

    const entries = await auditFor('FLAT200');
    expect(entries.map((entry) => [entry.action, entry.summary]).sort()).toEqual([
      ['coupon.activate', 'Activated coupon FLAT200'],
      ['coupon.deactivate', 'Deactivated coupon FLAT200'],
    ]);
    expect(entries.find((entry) => entry.action === 'coupon.deactivate')).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
  });

  it('answers 404 for an unknown code', async () => {
    expect(await setCouponActive(database.db, actor, 'NOPE', false)).toMatchObject({ ok: false, kind: 'not_found' });
    expect(await setCouponActive(database.db, actor, '', true)).toMatchObject({ ok: false, kind: 'not_found' });
  });
});

describe('the list', () => {
  it('has every coupon, newest first and then by code, with its times used', async () => {
    await database.db.update(coupons).set({ timesUsed: 7 }).where(eq(coupons.code, 'FLAT200'));
    const list = await listAdminCoupons(database.db);
    expect(list.map((coupon) => coupon.code)).toEqual([
      'DIWALI_FLAT-150',
      'SUMMER25',
      // Seeded together, in one statement.
      'EXPIRED50',
      'FLAT200',
      'WELCOME10',
    ]);
    expect(list.find((coupon) => coupon.code === 'FLAT200')?.timesUsed).toBe(7);
  });

  it('describes each coupon as the admin reads it', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const base = couponOf({ code: 'X', kind: 'percent', value: 10, timesUsed: 3, createdAt: now });
    expect(describeDiscount(base)).toBe('10% off');
    expect(describeDiscount({ ...base, maxDiscountPaise: 50_000 })).toBe('10% off, up to ₹500.00');
    expect(describeDiscount({ ...base, kind: 'flat', value: 20_000 })).toBe('₹200.00 off');
    expect(describeDates(base)).toBe('Any time');
    expect(describeDates({ startsAt: new Date('2026-12-01T04:30:00Z'), endsAt: null })).toBe(
      'From 1 Dec 2026, 10:00 am',
    );
    expect(describeDates({ startsAt: null, endsAt: new Date('2025-01-01T00:00:00+05:30') })).toBe(
      'Until 1 Jan 2025, 12:00 am',
    );
    expect(
      describeDates({ startsAt: new Date('2026-12-01T04:30:00Z'), endsAt: new Date('2026-12-31T18:29:00Z') }),
    ).toBe('From 1 Dec 2026, 10:00 am to 31 Dec 2026, 11:59 pm');
    expect(describeLimits(base)).toBe('No limit');
    expect(describeLimits({ usageLimit: 15, perUserLimit: null })).toBe('15 in all');
    expect(describeLimits({ usageLimit: null, perUserLimit: 1 })).toBe('1 per customer');
    expect(describeLimits({ usageLimit: 15, perUserLimit: 1 })).toBe('15 in all, 1 per customer');
    expect(couponStatus(base, now)).toBe('Active');
    expect(couponStatus({ ...base, active: false }, now)).toBe('Inactive');
    expect(couponStatus({ ...base, endsAt: now }, now)).toBe('Expired');
    expect(couponStatus({ ...base, startsAt: new Date(now.getTime() + 1) }, now)).toBe('Not started');
    expect(couponRow({ ...base, minOrderPaise: 99_900 }, now)).toEqual({
      code: 'X',
      discount: '10% off',
      minimumOrder: '₹999.00',
      dates: 'Any time',
      limits: 'No limit',
      payment: 'Online or cash on delivery',
      timesUsed: 3,
      active: true,
      status: 'Active',
    });
    expect(couponRow({ ...base, prepaidOnly: true }, now)).toMatchObject({ payment: 'Online only' });
  });

  it('gives the edit form back the values it was saved from', async () => {
    const coupon = (await getAdminCoupon(database.db, 'SUMMER25'))!;
    expect(couponToFormValues(coupon)).toEqual({
      code: 'SUMMER25',
      kind: 'percent',
      value: '25',
      minOrder: '1499',
      maxDiscount: '500',
      startsAt: '2026-12-01T10:00',
      endsAt: '2026-12-31T23:59',
      usageLimit: '15',
      perUserLimit: '1',
      prepaidOnly: '',
    });
    expect(couponToFormValues((await getAdminCoupon(database.db, 'DIWALI_FLAT-150'))!)).toMatchObject({
      value: '149.50',
      minOrder: '',
      maxDiscount: '',
    });
  });
});
