// Calendar days and months in India's time, which staff's reports are counted in. India keeps one
// offset all year (UTC+05:30, no daylight saving), so a day's or month's bounds are plain arithmetic.

const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** A calendar day, `YYYY-MM-DD`. */
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A calendar month, `YYYY-MM`. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A time of day on a 24-hour clock, `HH:MM` (a time input's value). */
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The day (`YYYY-MM-DD`) a moment falls on in India. */
export function indiaDay(moment: Date): string {
  return new Date(moment.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month (`YYYY-MM`) a moment falls on in India. */
export function indiaMonth(moment: Date): string {
  return indiaDay(moment).slice(0, 7);
}

/** The moment a day (`YYYY-MM-DD`) starts in India, or null for anything that is not a real day. */
export function indiaDayStart(day: string): Date | null {
  const parts = DAY.exec(day);
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const utc = Date.UTC(year, month - 1, date);
  // 2026-02-30 is not a day: Date.UTC would roll it over into March.
  if (new Date(utc).getUTCDate() !== date) return null;
  return new Date(utc - INDIA_OFFSET_MS);
}

/**
 * The moment a day (`YYYY-MM-DD`) and a time of day (`HH:MM`, 24-hour clock) name in India, or
 * null when either is not real: '2026-12-05' and '20:00' are 2026-12-05T14:30:00Z.
 */
export function indiaMoment(day: string, time: string): Date | null {
  const start = indiaDayStart(day);
  const clock = CLOCK.exec(time);
  if (!start || !clock) return null;
  return new Date(start.getTime() + (Number(clock[1]) * 60 + Number(clock[2])) * 60_000);
}

/** The time of day (`HH:MM`, 24-hour clock) a moment shows in India, to the minute. */
export function indiaClock(moment: Date): string {
  return new Date(moment.getTime() + INDIA_OFFSET_MS).toISOString().slice(11, 16);
}

/** The day after a day (`YYYY-MM-DD`). */
export function nextIndiaDay(day: string): string {
  return addIndiaDays(day, 1);
}

/** The day `count` days after a day (`YYYY-MM-DD`); before it when `count` is negative. */
export function addIndiaDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from one day to another (`YYYY-MM-DD`): 0 for the same day, negative when `to` is earlier. */
export function indiaDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A month's bounds in India, [from, to), or null for anything that is not `YYYY-MM`. */
export function indiaMonthBounds(month: string): { from: Date; to: Date } | null {
  const parts = MONTH.exec(month);
  if (!parts) return null;
  const [year, index] = [Number(parts[1]), Number(parts[2]) - 1];
  return {
    from: new Date(Date.UTC(year, index, 1) - INDIA_OFFSET_MS),
    to: new Date(Date.UTC(year, index + 1, 1) - INDIA_OFFSET_MS),
  };
}
