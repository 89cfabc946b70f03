// Staff's changes of stock by hand: the adjustment form of a product's stock page (a size, a
// reason, the units and a note) and the CSV upload that sets many counts at once. The form and the
// server share the schema and the words; the server judges the counts again under the row's lock
// (inventory/stock.ts).
import { z } from 'zod';

import { SIZES } from './catalog.ts';
import {
  STOCK_ADJUSTMENT_REASONS,
  STOCK_NOTE_MAX,
  STOCK_QUANTITY_MAX,
  type StockAdjustmentReason,
} from './stock-movements.ts';
import { hasControlCharacters } from './validation.ts';

const MAX = STOCK_QUANTITY_MAX.toLocaleString('en-IN');

/** What the units field means for each reason, as the form explains it. */
export const STOCK_REASON_HINTS: Record<StockAdjustmentReason, string> = {
  received: 'Received: how many units came in.',
  damaged: 'Damaged: how many units leave the stock.',
  counted: 'Counted: the units available to sell now, the shelf’s count less the units reserved.',
  other: 'Other: the change, such as 5 or −3.',
};

const STOCK_ADJUSTMENT_MESSAGES = {
  size: 'Choose a size this product is offered in.',
  reason: 'Choose a reason: received, damaged, counted or other.',
  units: {
    received: `Enter how many units were received: a whole number from 1 to ${MAX}.`,
    damaged: `Enter how many units were damaged: a whole number from 1 to ${MAX}.`,
    counted: `Enter the units available to sell: a whole number from 0 to ${MAX}.`,
    other: `Enter the change in units, such as 5 or −3: a whole number, not 0, at most ${MAX} either way.`,
  } satisfies Record<StockAdjustmentReason, string>,
  noteTooLong: `The note can be at most ${STOCK_NOTE_MAX} characters.`,
  noteControl: 'The note must not contain control characters.',
  outOfDate: 'This page is out of date: reload it, then enter the count again.',
} as const;

/** A signed whole number as staff type it: '5', '+5', '-3' or '−3' (a minus sign). */
function parseUnits(text: string): number | null {
  const match = /^([+\-−]?)\s*(\d{1,7})$/.exec(text.trim());
  if (!match) return null;
  const units = Number(match[2]);
  return match[1] === '-' || match[1] === '−' ? -units : units;
}

/**
 * The adjustment form's fields; `units` is what the reason asks for (see STOCK_REASON_HINTS). A
 * count also sends what the page showed, never typed: the units (`was`) and the mark of the
 * size's latest movement (`mark`), so the server keeps sales made since and refuses a count
 * overtaken by another change by hand (or sent twice).
 */
export const StockAdjustmentSchema = z
  .object({
    size: z.enum(SIZES, { error: STOCK_ADJUSTMENT_MESSAGES.size }),
    was: z.string().optional(),
    mark: z.string().optional(),
    reason: z.enum(STOCK_ADJUSTMENT_REASONS, { error: STOCK_ADJUSTMENT_MESSAGES.reason }),
    units: z.string({ error: 'Enter the units.' }).max(20),
    note: z
      .string()
      .optional()
      .transform((note) => note?.trim() ?? '')
      .pipe(
        z
          .string()
          .max(STOCK_NOTE_MAX, STOCK_ADJUSTMENT_MESSAGES.noteTooLong)
          .refine((note) => !hasControlCharacters(note), STOCK_ADJUSTMENT_MESSAGES.noteControl),
      ),
  })
  .transform((fields, context) => {
    const units = parseUnits(fields.units);
    const { reason } = fields;
    const fits =
      units !== null &&
      Math.abs(units) <= STOCK_QUANTITY_MAX &&
      (reason === 'other' ? units !== 0 : reason === 'counted' ? units >= 0 : units >= 1);
    // Received and damaged count units, never a sign: '-3 damaged' is refused, not guessed at.
    const unsigned = reason === 'other' || /^\d/.test(fields.units.trim());
    if (!fits || !unsigned) {
      context.addIssue({ code: 'custom', path: ['units'], message: STOCK_ADJUSTMENT_MESSAGES.units[reason] });
      return z.NEVER;
    }
    let seen: { was: number; mark: string } | null = null;
    if (reason === 'counted') {
      const was = /^\d{1,6}$/.test(fields.was ?? '') ? Number(fields.was) : Number.NaN;
      if (!(was <= STOCK_QUANTITY_MAX) || !/^\d{1,17}$/.test(fields.mark ?? '')) {
        context.addIssue({ code: 'custom', path: ['units'], message: STOCK_ADJUSTMENT_MESSAGES.outOfDate });
        return z.NEVER;
      }
      seen = { was, mark: fields.mark! };
    }
    return { size: fields.size, reason, units: units!, note: fields.note || null, seen };
  });
export type StockAdjustment = z.output<typeof StockAdjustmentSchema>;

/** A change of units with its sign, for the history: '+5', '−3' (a minus sign), '0'. */
export function signedUnits(change: number): string {
  if (change === 0) return '0';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toLocaleString('en-IN')}`;
}

/** The CSV upload's columns, in order, as its first line names them. */
export const STOCK_UPLOAD_HEADERS = ['product_id', 'size', 'quantity'] as const;
/** The most rows one upload may set: a whole catalog's sizes several times over. */
export const STOCK_UPLOAD_MAX_ROWS = 2_000;
/** The largest file: 2,000 rows of the longest ids and counts fit well inside it. */
export const STOCK_UPLOAD_MAX_BYTES = 64 * 1024;
