// What the admin's drop form may save: the form's text fields, checked and turned into a drop's
// columns and the ids of its products. Every field is checked at once, so the form shows all its
// errors together; the limits match the drops table's CHECK constraint, and the going-live time
// is read in India's time, whatever the browser's zone. Whether the products exist is the
// database's to say (admin/drops.ts).
import { z } from 'zod';

import { indiaClock, indiaDay, indiaMoment } from '../../common/india-time.ts';
import { parseSerialId } from '../../common/ids.ts';
import { hasControlCharacters } from '../../common/validation.ts';
import type { Drop } from '../db/schema.ts';

const MAX_NAME = 80;
/** The most units of a drop a shopper may be allowed, of a size or in all. */
const MAX_LIMIT = 10;
/** Bounds what one save locks and moves; far more than any drop launches. */
const MAX_PRODUCTS = 200;

export const DROP_INPUT_MESSAGES = {
  nameRequired: 'Enter a name for the drop.',
  nameTooLong: `Use at most ${MAX_NAME} characters for the name.`,
  nameControl: 'The name must not contain control characters.',
  date: 'Enter the date as YYYY-MM-DD, such as 2026-12-05.',
  time: 'Enter the time on a 24-hour clock as HH:MM, such as 20:00.',
  inThePast: 'Choose a time in the future.',
  limit: `Enter a whole number from 1 to ${MAX_LIMIT}, or leave it empty for no limit.`,
  hiddenUntilLive: 'Tick the box, or leave it empty for a drop that shows in the listing before it goes live.',
  productIds: 'Enter product ids separated by commas or spaces, such as 12, 15.',
  tooManyProducts: `A drop takes at most ${MAX_PRODUCTS} products.`,
  unknownProducts: (ids: readonly number[]) =>
    ids.length === 1 ? `No product has the id ${ids[0]}.` : `No products have the ids ${ids.join(', ')}.`,
} as const;

/** The form's fields as typed, every one a string ('' when empty). */
export interface DropFormValues {
  name: string;
  /** The going-live day in India, `YYYY-MM-DD`. */
  date: string;
  /** The going-live time of day in India, `HH:MM` on a 24-hour clock. */
  time: string;
  limitPerSize: string;
  limitTotal: string;
  /** The checkbox 'Hidden until live': 'on' when ticked, '' when not. */
  hiddenUntilLive: string;
  productIds: string;
}

const DROP_FORM_FIELDS = [
  'name',
  'date',
  'time',
  'limitPerSize',
  'limitTotal',
  'hiddenUntilLive',
  'productIds',
] as const satisfies ReadonlyArray<keyof DropFormValues>;

export const EMPTY_DROP_FORM: DropFormValues = {
  name: '',
  date: '',
  time: '',
  limitPerSize: '',
  limitTotal: '',
  hiddenUntilLive: '',
  productIds: '',
};

/** The columns a drop's form sets, and the products it holds. */
export interface DropFields {
  name: string;
  goesLiveAt: Date;
  limitPerSize: number | null;
  limitTotal: number | null;
  hiddenUntilLive: boolean;
  /** Without repeats, in the order typed. */
  productIds: number[];
}

/** The submitted fields as strings: anything missing or not text (a file) reads as empty. */
export function dropFormValues(input: unknown): DropFormValues {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const values = { ...EMPTY_DROP_FORM };
  for (const field of DROP_FORM_FIELDS) {
    const value = source[field];
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** A drop as its form shows it for editing: its moment in India's time, its products' ids. */
export function dropToFormValues(drop: Drop, productIds: readonly number[]): DropFormValues {
  return {
    name: drop.name,
    date: indiaDay(drop.goesLiveAt),
    time: indiaClock(drop.goesLiveAt),
    limitPerSize: drop.limitPerSize === null ? '' : String(drop.limitPerSize),
    limitTotal: drop.limitTotal === null ? '' : String(drop.limitTotal),
    hiddenUntilLive: drop.hiddenUntilLive ? 'on' : '',
    productIds: productIds.join(', '),
  };
}

/** The ids typed ('12, 15 18'), without repeats; null when something typed is not an id. */
export function parseProductIds(value: string): number[] | null {
  const ids: number[] = [];
  for (const part of value.split(/[\s,]+/)) {
    if (part === '') continue;
    const id = parseSerialId(part);
    if (id === null) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const text = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string());

const limit = text.refine((value) => {
  const trimmed = value.trim();
  return trimmed === '' || (/^\d{1,2}$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= MAX_LIMIT);
}, DROP_INPUT_MESSAGES.limit);

const fieldsShape = {
  name: text
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, DROP_INPUT_MESSAGES.nameRequired)
        .max(MAX_NAME, DROP_INPUT_MESSAGES.nameTooLong)
        .refine((value) => !hasControlCharacters(value), DROP_INPUT_MESSAGES.nameControl),
    ),
  date: text.refine((value) => indiaMoment(value.trim(), '00:00') !== null, DROP_INPUT_MESSAGES.date),
  time: text.refine((value) => indiaMoment('2000-01-01', value.trim()) !== null, DROP_INPUT_MESSAGES.time),
  limitPerSize: limit,
  limitTotal: limit,
  // A ticked checkbox sends 'on'; an unticked one sends nothing.
  hiddenUntilLive: text.refine((value) => value === '' || value === 'on', DROP_INPUT_MESSAGES.hiddenUntilLive),
  productIds: text.superRefine((value, ctx) => {
    const ids = parseProductIds(value);
    if (ids === null) ctx.addIssue({ code: 'custom', message: DROP_INPUT_MESSAGES.productIds });
    else if (ids.length > MAX_PRODUCTS) ctx.addIssue({ code: 'custom', message: DROP_INPUT_MESSAGES.tooManyProducts });
  }),
};

type RawFields = { [K in keyof typeof fieldsShape]: string };

const goesLiveAt = (raw: Pick<RawFields, 'date' | 'time'>) => indiaMoment(raw.date.trim(), raw.time.trim());

/** Only called once every check passed, so each piece is known to parse. */
function toFields(raw: RawFields): DropFields {
  const optionalWhole = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
  return {
    name: raw.name,
    goesLiveAt: goesLiveAt(raw)!,
    limitPerSize: optionalWhole(raw.limitPerSize),
    limitTotal: optionalWhole(raw.limitTotal),
    hiddenUntilLive: raw.hiddenUntilLive === 'on',
    productIds: parseProductIds(raw.productIds)!,
  };
}

/**
 * The form's schema. A new drop must go live after `notBefore` (now); an existing one may be set
 * in the past, since a drop that is live can still have its limits changed.
 */
export function dropFormSchema(notBefore?: Date) {
  return z
    .object(fieldsShape)
    .superRefine((raw, ctx) => {
      const moment = goesLiveAt(raw);
      if (notBefore && moment && moment <= notBefore)
        ctx.addIssue({ code: 'custom', path: ['time'], message: DROP_INPUT_MESSAGES.inThePast });
    })
    .transform(toFields);
}
