// What the admin's coupon form may save (ADR 0014): the form's text fields, checked and turned into
// a coupon's columns. One schema for creating and editing; editing leaves the code alone, since
// orders and checkouts refer to it. Every field is checked at once, so the form shows all its
// errors together, and the rules match the coupons table's CHECK constraints.
import { z } from 'zod';

import { formatPaise, parseRupeesToPaise } from '../../common/money.ts';
import type { CouponFields } from '../coupons/manage.ts';
import type { Coupon } from '../db/schema.ts';

const COUPON_INPUT_MESSAGES = {
  codeRequired: 'Enter a code for the coupon.',
  codeFormat: 'Use 3 to 40 letters, digits, dashes or underscores.',
  // /admin/coupons/new is the new-coupon page, so a coupon called NEW could not be edited.
  codeReserved: 'NEW is reserved for the new-coupon page; choose another code.',
  kind: 'Choose a percentage or a flat amount off.',
  valueRequired: 'Enter how much the coupon takes off.',
  percent: 'Enter a whole percentage from 1 to 100.',
  flat: 'Enter an amount in rupees, such as 200 or 199.50.',
  flatZero: 'The amount off must be more than ₹0.',
  minOrder: 'Enter the minimum order in rupees, such as 999, or leave it empty for no minimum.',
  maxDiscount: 'Enter the maximum discount in rupees, such as 500, or leave it empty for no cap.',
  maxDiscountZero: 'The maximum discount must be more than ₹0; leave it empty for no cap.',
  maxDiscountFlat: 'A maximum discount applies only to percentage coupons; leave it empty.',
  dateTime: 'Enter a date and time, or leave it empty.',
  endBeforeStart: 'The end must be after the start.',
  limitNegative: 'A limit cannot be negative; enter 0 or more, or leave it empty for no limit.',
  limitWhole: 'Enter a whole number, such as 100, or leave it empty for no limit.',
  limitTooLarge: 'Enter a limit of at most 1,000,000,000, or leave it empty for no limit.',
  prepaidOnly: 'Tick the box, or leave it empty for a coupon that works with cash on delivery too.',
} as const;

/** The largest amount the form accepts: ₹10,00,000 (well inside the integer columns). */
const MAX_AMOUNT_PAISE = 100_000_000;
const MAX_LIMIT = 1_000_000_000;
const amountTooLarge = `Enter an amount of at most ${formatPaise(MAX_AMOUNT_PAISE)}.`;

/** The form's fields as typed, every one a string ('' when empty). */
export interface CouponFormValues {
  code: string;
  kind: string;
  value: string;
  minOrder: string;
  maxDiscount: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perUserLimit: string;
  /** The checkbox 'For orders paid online only': 'on' when ticked, '' when not. */
  prepaidOnly: string;
}

const COUPON_FORM_FIELDS = [
  'code',
  'kind',
  'value',
  'minOrder',
  'maxDiscount',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perUserLimit',
  'prepaidOnly',
] as const satisfies ReadonlyArray<keyof CouponFormValues>;

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minOrder: '',
  maxDiscount: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perUserLimit: '',
  prepaidOnly: '',
};

/** India has one time zone and no daylight saving: UTC+05:30 all year. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A `datetime-local` value ('2026-12-01T10:00') read as India time; null if it is no real time. */
function parseIndiaDateTime(value: string): Date | null {
  const match = DATETIME_LOCAL.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(utc - INDIA_OFFSET_MS);
  // Date.UTC rolls 31 April over to 1 May; such a day is refused instead.
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  return date;
}

/** A time as a `datetime-local` value in India time, to the minute. */
function toIndiaDateTimeLocal(date: Date | null): string {
  if (!date) return '';
  return new Date(date.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** Paise as a rupee amount to type: 20000 → '200', 19950 → '199.50'. */
function paiseToRupeesInput(paise: number | null): string {
  if (paise === null) return '';
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/** A coupon as its form shows it for editing. */
export function couponToFormValues(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === 'percent' ? String(coupon.value) : paiseToRupeesInput(coupon.value),
    minOrder: coupon.minOrderPaise === 0 ? '' : paiseToRupeesInput(coupon.minOrderPaise),
    maxDiscount: paiseToRupeesInput(coupon.maxDiscountPaise),
    startsAt: toIndiaDateTimeLocal(coupon.startsAt),
    endsAt: toIndiaDateTimeLocal(coupon.endsAt),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    perUserLimit: coupon.perUserLimit === null ? '' : String(coupon.perUserLimit),
    prepaidOnly: coupon.prepaidOnly ? 'on' : '',
  };
}

/** The submitted fields as strings: anything missing or not text (a file) reads as empty. */
export function couponFormValues(input: unknown): CouponFormValues {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const values = { ...EMPTY_COUPON_FORM, kind: '' };
  for (const field of COUPON_FORM_FIELDS) {
    const value = source[field];
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

// The pieces, each checked on its own; checks (not transforms) so that every field's error is
// reported at once. The typed columns are made by the final transform, once everything passed.
const text = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string());

const rupees = (invalid: string) =>
  text.superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const paise = parseRupeesToPaise(value);
    if (paise === null) ctx.addIssue({ code: 'custom', message: invalid });
    else if (paise > MAX_AMOUNT_PAISE) ctx.addIssue({ code: 'custom', message: amountTooLarge });
  });

const limit = text.superRefine((value, ctx) => {
  const trimmed = value.trim();
  if (trimmed === '') return;
  if (/^-\s*\d/.test(trimmed)) ctx.addIssue({ code: 'custom', message: COUPON_INPUT_MESSAGES.limitNegative });
  else if (!/^\d+$/.test(trimmed)) ctx.addIssue({ code: 'custom', message: COUPON_INPUT_MESSAGES.limitWhole });
  else if (Number(trimmed) > MAX_LIMIT) ctx.addIssue({ code: 'custom', message: COUPON_INPUT_MESSAGES.limitTooLarge });
});

const dateTime = text.superRefine((value, ctx) => {
  if (value.trim() !== '' && !parseIndiaDateTime(value))
    ctx.addIssue({ code: 'custom', message: COUPON_INPUT_MESSAGES.dateTime });
});

const couponCode = text
  .transform((value) => value.trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(1, COUPON_INPUT_MESSAGES.codeRequired)
      .regex(/^[A-Z0-9_-]{3,40}$/, COUPON_INPUT_MESSAGES.codeFormat)
      .refine((code) => code !== 'NEW', COUPON_INPUT_MESSAGES.codeReserved),
  );

const fieldsShape = {
  kind: text.refine((value) => value === 'percent' || value === 'flat', COUPON_INPUT_MESSAGES.kind),
  value: text,
  minOrder: rupees(COUPON_INPUT_MESSAGES.minOrder),
  maxDiscount: rupees(COUPON_INPUT_MESSAGES.maxDiscount),
  startsAt: dateTime,
  endsAt: dateTime,
  usageLimit: limit,
  perUserLimit: limit,
  // A ticked checkbox sends 'on'; an unticked one sends nothing.
  prepaidOnly: text.refine((value) => value === '' || value === 'on', COUPON_INPUT_MESSAGES.prepaidOnly),
};

type RawFields = { [K in keyof typeof fieldsShape]: string };

/** The checks that need more than one field: the amount off by kind, the cap, the dates. */
function checkTogether(raw: RawFields, ctx: z.RefinementCtx) {
  const issue = (path: keyof RawFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const value = raw.value.trim();
  if (raw.kind === 'percent' || raw.kind === 'flat') {
    if (value === '') issue('value', COUPON_INPUT_MESSAGES.valueRequired);
    else if (raw.kind === 'percent') {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100)
        issue('value', COUPON_INPUT_MESSAGES.percent);
    } else {
      const paise = parseRupeesToPaise(value);
      if (paise === null) issue('value', COUPON_INPUT_MESSAGES.flat);
      else if (paise === 0) issue('value', COUPON_INPUT_MESSAGES.flatZero);
      else if (paise > MAX_AMOUNT_PAISE) issue('value', amountTooLarge);
    }
  }
  const cap = raw.maxDiscount.trim() === '' ? null : parseRupeesToPaise(raw.maxDiscount);
  if (cap !== null) {
    if (raw.kind === 'flat') issue('maxDiscount', COUPON_INPUT_MESSAGES.maxDiscountFlat);
    else if (cap === 0) issue('maxDiscount', COUPON_INPUT_MESSAGES.maxDiscountZero);
  }
  const startsAt = parseIndiaDateTime(raw.startsAt);
  const endsAt = parseIndiaDateTime(raw.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) issue('endsAt', COUPON_INPUT_MESSAGES.endBeforeStart);
}

/** Only called once every check passed, so each piece is known to parse. */
function toFields(raw: RawFields): CouponFields {
  const kind = raw.kind as CouponFields['kind'];
  const optionalPaise = (value: string) => (value.trim() === '' ? null : parseRupeesToPaise(value));
  const optionalWhole = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
  const optionalTime = (value: string) => (value.trim() === '' ? null : parseIndiaDateTime(value));
  return {
    kind,
    value: kind === 'percent' ? Number(raw.value.trim()) : parseRupeesToPaise(raw.value)!,
    minOrderPaise: optionalPaise(raw.minOrder) ?? 0,
    maxDiscountPaise: kind === 'percent' ? optionalPaise(raw.maxDiscount) : null,
    startsAt: optionalTime(raw.startsAt),
    endsAt: optionalTime(raw.endsAt),
    usageLimit: optionalWhole(raw.usageLimit),
    perUserLimit: optionalWhole(raw.perUserLimit),
    prepaidOnly: raw.prepaidOnly === 'on',
  };
}

/** Editing: every field but the code. */
export const CouponUpdateSchema = z.object(fieldsShape).superRefine(checkTogether).transform(toFields);

/** Creating: the code too, trimmed and upper-cased. */
export const CouponCreateSchema = z
  .object({ code: couponCode, ...fieldsShape })
  .superRefine(checkTogether)
  .transform(({ code, ...raw }) => ({ code, ...toFields(raw) }));
