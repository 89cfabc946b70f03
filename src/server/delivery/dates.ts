// Delivery dates in India's calendar (ADR 0026): business days skip Sundays and the
// store's holidays; an order placed before the cut-off time starts on its own day (if that is a
// business day), any later one on the next business day, and 'N business days' is the Nth business
// day after that start. Pure: the clock and the settings come in as arguments.

/** A day of India's calendar, 'YYYY-MM-DD'. */
export type IndiaDay = string;

export interface DeliveryCalendar {
  /** Minutes after midnight, India time, from which an order starts the next business day. */
  cutoffMinutes: number;
  holidays: ReadonlySet<IndiaDay>;
}

const INDIA_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** India's date and the minutes past its midnight at an instant. */
export function indiaClock(now: Date): { day: IndiaDay; minutes: number } {
  const part = Object.fromEntries(INDIA_TIME.formatToParts(now).map(({ type, value }) => [type, value]));
  return { day: `${part.year}-${part.month}-${part.day}`, minutes: Number(part.hour) * 60 + Number(part.minute) };
}

/** Calendar arithmetic on UTC midnights: no time zone or daylight saving can shift a day. */
function nextDay(day: IndiaDay): IndiaDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function isBusinessDay(day: IndiaDay, holidays: ReadonlySet<IndiaDay>): boolean {
  return new Date(`${day}T00:00:00Z`).getUTCDay() !== 0 && !holidays.has(day);
}

function nextBusinessDay(day: IndiaDay, holidays: ReadonlySet<IndiaDay>): IndiaDay {
  let next = nextDay(day);
  while (!isBusinessDay(next, holidays)) next = nextDay(next);
  return next;
}

/** The day an order placed at `now` starts counting from. */
export function startDay(now: Date, calendar: DeliveryCalendar): IndiaDay {
  const { day, minutes } = indiaClock(now);
  if (minutes < calendar.cutoffMinutes && isBusinessDay(day, calendar.holidays)) return day;
  return nextBusinessDay(day, calendar.holidays);
}

/** The day an order placed at `now` arrives by, delivered in `businessDays` business days. */
export function deliveryDay(now: Date, businessDays: number, calendar: DeliveryCalendar): IndiaDay {
  let day = startDay(now, calendar);
  for (let count = 0; count < businessDays; count += 1) day = nextBusinessDay(day, calendar.holidays);
  return day;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** 'Friday, 4 December': the shopper knows the year. */
export function formatDay(day: IndiaDay): string {
  return DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
}

/**
 * The most business days a product's delivery text promises: '3-5 business days' → 5, '2 business
 * days' → 2. Undefined for a text that names no number of days (staff may write anything there).
 */
export function mostBusinessDays(text: string): number | undefined {
  const match = /(\d{1,2})(?:\s*[-–—]\s*(\d{1,2}))?\s*(?:business|working)?\s*days?\b/i.exec(text);
  if (!match) return undefined;
  const days = Number(match[2] ?? match[1]);
  return days >= 1 ? days : undefined;
}
