// The admin dashboard's period (India's calendar days) and how its figures are compared: the
// period chooser's choices, the rules its GET form is judged by on the server, and the words a
// change between two periods is written in.
import { z } from 'zod';

import { addIndiaDays, indiaDayStart, indiaDaysBetween } from './india-time.ts';
import { ORDER_DAYS, ORDER_FILTER_MESSAGES } from './order-filters.ts';

export const DASHBOARD_PERIODS = [
  { value: 'today', label: 'Today', days: 1 },
  { value: '7d', label: 'Last 7 days', days: 7 },
  { value: '30d', label: 'Last 30 days', days: 30 },
  { value: '90d', label: 'Last 90 days', days: 90 },
  { value: 'custom', label: 'Custom range', days: 0 },
] as const;
type DashboardPeriodValue = (typeof DASHBOARD_PERIODS)[number]['value'];
const PERIOD_VALUES = DASHBOARD_PERIODS.map((period) => period.value) as [
  DashboardPeriodValue,
  ...DashboardPeriodValue[],
];

/** What the dashboard shows when the address names no period, or a bad one. */
const DEFAULT_DASHBOARD_PERIOD = '7d' satisfies DashboardPeriodValue;

/** A custom range's last day is before its first day's date two years later. */
const MAX_RANGE_YEARS = 2;

export const DASHBOARD_MESSAGES = {
  period: 'Choose a period from the list.',
  missing: 'Enter both the first and the last day of a custom range.',
  day: 'Enter days that exist, as YYYY-MM-DD (such as 2026-02-28).',
  /** The orders list's bounds, so that its link for the same days always works. */
  outOfRange: ORDER_FILTER_MESSAGES.outOfRange,
  order: 'The first day must be on or before the last day.',
  tooLong: 'A custom range can be at most two years long.',
  future: 'A range cannot end after today (India time).',
  /** Said after any of the above. */
  fallback: 'Showing the last 7 days instead.',
} as const;

/** A period of whole days in India: its first and last day (`YYYY-MM-DD`) and how many days it has. */
export interface DashboardRange {
  firstDay: string;
  lastDay: string;
  days: number;
}

export interface DashboardPeriod extends DashboardRange {
  period: DashboardPeriodValue;
  /** The same number of days just before it, which every figure is compared with. */
  previous: DashboardRange;
}

const day = z
  .string()
  .max(10, DASHBOARD_MESSAGES.day)
  .refine((value) => indiaDayStart(value) !== null, DASHBOARD_MESSAGES.day);

/**
 * The period chooser's fields as the GET form sends them. `today` is India's day now: a range may
 * not end after it. The dates count only with a custom range (the other choices end today).
 */
function dashboardQuerySchema(today: string) {
  return z
    .object({
      period: z.enum(PERIOD_VALUES, { error: DASHBOARD_MESSAGES.period }).default(DEFAULT_DASHBOARD_PERIOD),
      from: z.string().optional(),
      to: z.string().optional(),
    })
    .superRefine((query, context) => {
      if (query.period !== 'custom') return;
      if (!query.from || !query.to) return context.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.missing });
      for (const value of [query.from, query.to]) {
        const parsed = day.safeParse(value);
        if (!parsed.success) return context.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.day });
      }
      if (query.from < ORDER_DAYS.first) {
        return context.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.outOfRange });
      }
      if (query.from > query.to) return context.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.order });
      if (query.to > today) return context.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.future });
      if (query.to >= yearsLater(query.from, MAX_RANGE_YEARS)) {
        context.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.tooLong });
      }
    });
}

/** The same date `years` later; 29 February becomes 1 March. */
function yearsLater(first: string, years: number): string {
  const [year, month, date] = first.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, date)).toISOString().slice(0, 10);
}

/**
 * The period the dashboard's address asks for, or the default one with what was wrong (in the
 * words the page shows). Only the first value of each field counts.
 */
export function readDashboardPeriod(
  params: URLSearchParams,
  today: string,
): { period: DashboardPeriod; error?: string } {
  const fields = Object.fromEntries(
    (['period', 'from', 'to'] as const).flatMap((name) => {
      const value = params.get(name);
      return value === null || value === '' ? [] : [[name, value]];
    }),
  );
  const parsed = dashboardQuerySchema(today).safeParse(fields);
  if (!parsed.success) {
    return { period: periodOf(DEFAULT_DASHBOARD_PERIOD, today), error: parsed.error.issues[0]!.message };
  }
  const { period, from, to } = parsed.data;
  return { period: period === 'custom' ? withPrevious('custom', from!, to!) : periodOf(period, today) };
}

function periodOf(value: Exclude<DashboardPeriodValue, 'custom'>, today: string): DashboardPeriod {
  const days = DASHBOARD_PERIODS.find((period) => period.value === value)!.days;
  return withPrevious(value, addIndiaDays(today, 1 - days), today);
}

function withPrevious(period: DashboardPeriodValue, firstDay: string, lastDay: string): DashboardPeriod {
  const days = indiaDaysBetween(firstDay, lastDay) + 1;
  return {
    period,
    firstDay,
    lastDay,
    days,
    previous: { firstDay: addIndiaDays(firstDay, -days), lastDay: addIndiaDays(firstDay, -1), days },
  };
}

/** A share or rate (a part of a whole), or null when there is no whole to take it of. */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

const percent = new Intl.NumberFormat('en-IN', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** 0.125 → "12.5%"; null (nothing to take it of) → "—". */
export function formatShare(share: number | null): string {
  return share === null ? '—' : percent.format(share);
}

const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** How a count or an amount changed from the previous period: "Up 12.5%", "Down 3.0%", "No change", "Up from 0". */
export function describeChange(current: number, previous: number): string {
  if (current === previous) return 'No change';
  if (previous === 0) return 'Up from 0';
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const words = oneDecimal.format(Math.abs(change));
  // A change too small to show at one decimal is still a change, in its direction.
  return `${change > 0 ? 'Up' : 'Down'} ${words === '0.0' ? 'under 0.1' : words}%`;
}

/** How a rate changed, in percentage points: "Up 1.5 points", "Down 0.4 points", "No change"; "—" without both. */
export function describePointsChange(current: number | null, previous: number | null): string {
  if (current === null || previous === null) return '—';
  const points = (current - previous) * 100;
  const words = oneDecimal.format(Math.abs(points));
  if (words === '0.0') return 'No change';
  return `${points > 0 ? 'Up' : 'Down'} ${words} ${words === '1.0' ? 'point' : 'points'}`;
}

/** "27 Nov 2026" for a day (`YYYY-MM-DD`). */
export function formatDay(value: string): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );
}

/** "21 Nov 2026 to 27 Nov 2026", or the one day. */
export function formatRange(range: DashboardRange): string {
  return range.firstDay === range.lastDay
    ? formatDay(range.firstDay)
    : `${formatDay(range.firstDay)} to ${formatDay(range.lastDay)}`;
}

/**
 * Days a size's units last at the pace it sold over `paceDays`: "Sold out" with none left, "—" when
 * none sold, "Under a day", else whole days ("1 day", "12 days"), rounded down.
 */
export function daysOfStockLeft(unitsLeft: number, sold: number, paceDays: number): string {
  if (unitsLeft === 0) return 'Sold out';
  if (sold === 0) return '—';
  const days = Math.floor((unitsLeft * paceDays) / sold);
  if (days === 0) return 'Under a day';
  return days === 1 ? '1 day' : `${days.toLocaleString('en-IN')} days`;
}
