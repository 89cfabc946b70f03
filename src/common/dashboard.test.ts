import { describe, expect, it } from 'vitest';

import {
  DASHBOARD_MESSAGES,
  daysOfStockLeft,
  describeChange,
  describePointsChange,
  formatRange,
  formatShare,
  ratio,
  readDashboardPeriod,
} from './dashboard.ts';

const TODAY = '2026-11-27';
const read = (query: string) => readDashboardPeriod(new URLSearchParams(query), TODAY);
const LAST_7_DAYS = {
  period: '7d',
  firstDay: '2026-11-21',
  lastDay: TODAY,
  days: 7,
  previous: { firstDay: '2026-11-14', lastDay: '2026-11-20', days: 7 },
};

describe("the dashboard's period", () => {
  it('ends the chosen number of days today, against as many days before them', () => {
    expect(read('')).toEqual({ period: LAST_7_DAYS });
    expect(read('period=today').period).toMatchObject({
      firstDay: TODAY,
      lastDay: TODAY,
      days: 1,
      previous: { firstDay: '2026-11-26', lastDay: '2026-11-26', days: 1 },
    });
    expect(read('period=30d').period).toMatchObject({ firstDay: '2026-10-29', days: 30 });
    expect(read('period=90d').period).toMatchObject({
      firstDay: '2026-08-30',
      days: 90,
      previous: { firstDay: '2026-06-01', lastDay: '2026-08-29' },
    });
    // The dates count only with a custom range.
    expect(read('period=7d&from=2026-01-01&to=nonsense')).toEqual({ period: LAST_7_DAYS });
  });

  it('takes a custom range of whole days, up to two years, ending today at the latest', () => {
    expect(read('period=custom&from=2026-02-01&to=2026-02-28')).toEqual({
      period: {
        period: 'custom',
        firstDay: '2026-02-01',
        lastDay: '2026-02-28',
        days: 28,
        previous: { firstDay: '2026-01-04', lastDay: '2026-01-31', days: 28 },
      },
    });
    expect(read(`period=custom&from=${TODAY}&to=${TODAY}`).period.days).toBe(1);
    expect(read(`period=custom&from=2024-11-28&to=${TODAY}`).period.days).toBe(730);
    expect(read('period=custom&from=2024-02-29&to=2026-02-28').period.days).toBe(731);
  });

  it.each([
    ['period=yesterday', DASHBOARD_MESSAGES.period],
    ['period=', undefined],
    ['period=custom', DASHBOARD_MESSAGES.missing],
    ['period=custom&from=2026-01-01', DASHBOARD_MESSAGES.missing],
    ['period=custom&from=2026-02-30&to=2026-03-01', DASHBOARD_MESSAGES.day],
    ['period=custom&from=2027-02-29&to=2027-03-01', DASHBOARD_MESSAGES.day],
    ['period=custom&from=01-02-2026&to=2026-03-01', DASHBOARD_MESSAGES.day],
    ['period=custom&from=2026-01-01&to=2026-13-01', DASHBOARD_MESSAGES.day],
    [`period=custom&from=2026-01-01&to=${'9'.repeat(5000)}`, DASHBOARD_MESSAGES.day],
    ['period=custom&from=2026-03-02&to=2026-03-01', DASHBOARD_MESSAGES.order],
    ['period=custom&from=1999-12-31&to=2000-01-02', 'Choose dates between 1 January 2000 and 31 December 2099.'],
    ['period=custom&from=2024-11-27&to=2026-11-27', DASHBOARD_MESSAGES.tooLong],
    ['period=custom&from=2020-01-01&to=2026-01-01', DASHBOARD_MESSAGES.tooLong],
    ['period=custom&from=2026-11-20&to=2026-11-28', DASHBOARD_MESSAGES.future],
    ['period=custom&from=2027-01-01&to=2027-01-02', DASHBOARD_MESSAGES.future],
  ])('%s: says what is wrong and shows the last 7 days', (query, error) => {
    expect(read(query)).toEqual(error ? { period: LAST_7_DAYS, error } : { period: LAST_7_DAYS });
  });

  it('writes a range as days', () => {
    expect(formatRange(LAST_7_DAYS)).toBe('21 Nov 2026 to 27 Nov 2026');
    expect(formatRange({ firstDay: TODAY, lastDay: TODAY, days: 1 })).toBe('27 Nov 2026');
  });
});

describe("the dashboard's words for a change", () => {
  it('says how a count or an amount changed, in per cent', () => {
    expect(describeChange(120, 100)).toBe('Up 20.0%');
    expect(describeChange(75_460_000, 49_960_000)).toBe('Up 51.0%');
    expect(describeChange(97, 100)).toBe('Down 3.0%');
    expect(describeChange(0, 100)).toBe('Down 100.0%');
    expect(describeChange(100, 100)).toBe('No change');
    expect(describeChange(0, 0)).toBe('No change');
    expect(describeChange(5, 0)).toBe('Up from 0');
    expect(describeChange(100_001, 100_000)).toBe('Up under 0.1%');
    expect(describeChange(-50, 100)).toBe('Down 150.0%');
  });

  it('says how a rate changed, in percentage points', () => {
    expect(describePointsChange(0.5, 0.35)).toBe('Up 15.0 points');
    expect(describePointsChange(0.2, 0.21)).toBe('Down 1.0 point');
    expect(describePointsChange(0.2, 0.2004)).toBe('No change');
    expect(describePointsChange(null, 0.2)).toBe('—');
    expect(describePointsChange(0.2, null)).toBe('—');
  });

  it('writes shares with one decimal, and none without a whole', () => {
    expect(formatShare(ratio(1, 3))).toBe('33.3%');
    expect(formatShare(ratio(429_600, 1_104_300))).toBe('38.9%');
    expect(formatShare(ratio(0, 0))).toBe('—');
  });

  it('gives the days of stock left at the recent pace', () => {
    expect(daysOfStockLeft(0, 4, 14)).toBe('Sold out');
    expect(daysOfStockLeft(3, 0, 14)).toBe('—');
    expect(daysOfStockLeft(3, 8, 14)).toBe('5 days');
    expect(daysOfStockLeft(1, 14, 14)).toBe('1 day');
    expect(daysOfStockLeft(1, 28, 14)).toBe('Under a day');
    expect(daysOfStockLeft(5, 1, 14)).toBe('70 days');
    expect(daysOfStockLeft(5_000, 1, 14)).toBe('70,000 days');
  });
});
