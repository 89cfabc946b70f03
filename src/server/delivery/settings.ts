// The delivery settings (DELIVERY_CUTOFF, DELIVERY_HOLIDAYS, DELIVERY_EXCLUDED_PINCODES), read by
// config.ts, the only reader of the environment; each parser throws the message config.ts shows.
import type { DeliveryCalendar, IndiaDay } from './dates.ts';

export interface DeliverySettings extends DeliveryCalendar {
  /** Pincodes (6 digits) and sorting districts (their first 3 digits) the store does not deliver to. */
  excluded: readonly string[];
}

/** '14:00' → minutes after midnight. */
export function parseCutoff(text: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!match) throw new Error('must be a time of day in India, HH:MM (such as 14:00)');
  return Number(match[1]) * 60 + Number(match[2]);
}

function listOf(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** '2026-12-25, 2027-01-26' → the days; refuses a day that is not on the calendar. */
export function parseHolidays(text: string): Set<IndiaDay> {
  const days = listOf(text);
  for (const day of days) {
    const date = new Date(`${day}T00:00:00Z`);
    // A day past its month's end (2026-02-30) would roll over into the next month.
    const valid =
      /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    if (!valid) throw new Error(`"${day}" is not a date: write days as YYYY-MM-DD, separated by commas`);
  }
  return new Set(days);
}

/** '744, 682551' → the prefixes and pincodes the store does not deliver to. */
export function parseExcludedPincodes(text: string): string[] {
  const codes = listOf(text);
  for (const code of codes) {
    if (!/^\d{3}$|^\d{6}$/.test(code)) {
      throw new Error(`"${code}" is neither a pincode (6 digits) nor its first 3 digits`);
    }
  }
  return codes;
}

export function isExcluded(pincode: string, excluded: readonly string[]): boolean {
  return excluded.some((code) => pincode.startsWith(code));
}
