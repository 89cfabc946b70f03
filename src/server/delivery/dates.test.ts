import { describe, expect, it } from 'vitest';

import { deliveryDay, formatDay, indiaClock, mostBusinessDays, startDay, type DeliveryCalendar } from './dates.ts';

const TWO_PM = 14 * 60;
const calendar = (holidays: string[] = []): DeliveryCalendar => ({
  cutoffMinutes: TWO_PM,
  holidays: new Set(holidays),
});
/** An instant given in India's time (UTC+05:30, no daylight saving). */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('indiaClock', () => {
  it("reads India's date and time, not the server's", () => {
    // 19:00 UTC on the 29th is half past midnight on the 30th in India.
    expect(indiaClock(new Date('2026-11-29T19:00:00Z'))).toEqual({ day: '2026-11-30', minutes: 30 });
    expect(indiaClock(ist('2026-11-30T13:59:00'))).toEqual({ day: '2026-11-30', minutes: 13 * 60 + 59 });
  });
});

describe('startDay', () => {
  it('is today before the cut-off, the next business day from the cut-off on', () => {
    expect(startDay(ist('2026-11-30T13:59:00'), calendar())).toBe('2026-11-30');
    expect(startDay(ist('2026-11-30T14:00:00'), calendar())).toBe('2026-12-01');
    expect(startDay(ist('2026-11-30T23:59:00'), calendar())).toBe('2026-12-01');
  });

  it('skips a Sunday and a holiday, even before the cut-off', () => {
    expect(startDay(ist('2026-12-06T09:00:00'), calendar())).toBe('2026-12-07');
    expect(startDay(ist('2026-11-30T09:00:00'), calendar(['2026-11-30']))).toBe('2026-12-01');
    // Saturday after the cut-off: Sunday is skipped.
    expect(startDay(ist('2026-12-05T15:00:00'), calendar())).toBe('2026-12-07');
  });
});

describe('deliveryDay', () => {
  it('counts business days after the start: Saturdays count, Sundays do not', () => {
    // Monday morning: 5 business days end on Saturday, 2 on Wednesday.
    expect(deliveryDay(ist('2026-11-30T10:00:00'), 5, calendar())).toBe('2026-12-05');
    expect(deliveryDay(ist('2026-11-30T10:00:00'), 2, calendar())).toBe('2026-12-02');
    // After the cut-off the order starts on Tuesday, and Sunday the 6th is skipped.
    expect(deliveryDay(ist('2026-11-30T15:00:00'), 5, calendar())).toBe('2026-12-07');
    expect(deliveryDay(ist('2026-12-05T10:00:00'), 2, calendar())).toBe('2026-12-08');
  });

  it('skips the holidays of the setting', () => {
    expect(deliveryDay(ist('2026-11-30T10:00:00'), 2, calendar(['2026-12-01']))).toBe('2026-12-03');
    expect(deliveryDay(ist('2026-11-30T10:00:00'), 2, calendar(['2026-12-01', '2026-12-02']))).toBe('2026-12-04');
  });

  it('crosses the end of a month and of a year', () => {
    // Thursday 31 December after the cut-off, New Year's Day a holiday: starts Saturday 2 January.
    expect(deliveryDay(ist('2026-12-31T15:00:00'), 2, calendar(['2027-01-01']))).toBe('2027-01-05');
    // Saturday 27 February 2027: Sunday 28 is skipped, then into March.
    expect(deliveryDay(ist('2027-02-27T10:00:00'), 1, calendar())).toBe('2027-03-01');
    expect(deliveryDay(ist('2027-02-27T10:00:00'), 5, calendar())).toBe('2027-03-05');
  });
});

describe('formatDay', () => {
  it('names the weekday, the day and the month', () => {
    expect(formatDay('2026-12-04')).toBe('Friday, 4 December');
    expect(formatDay('2027-01-05')).toBe('Tuesday, 5 January');
  });
});

describe('mostBusinessDays', () => {
  it('takes the upper bound of a range, or the one number', () => {
    expect(mostBusinessDays('3-5 business days')).toBe(5);
    expect(mostBusinessDays('1-2 business days')).toBe(2);
    expect(mostBusinessDays('5–7 working days')).toBe(7);
    expect(mostBusinessDays('2 business days')).toBe(2);
    expect(mostBusinessDays('6 Days delivery')).toBe(6);
  });

  it('names no number for a text without one', () => {
    expect(mostBusinessDays('Ships soon')).toBeUndefined();
    expect(mostBusinessDays('0 days')).toBeUndefined();
  });
});
