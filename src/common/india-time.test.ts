import { describe, expect, it } from 'vitest';

import {
  addIndiaDays,
  indiaClock,
  indiaDay,
  indiaDayStart,
  indiaDaysBetween,
  indiaMonth,
  indiaMoment,
  indiaMonthBounds,
  nextIndiaDay,
} from './india-time.ts';

describe("India's calendar", () => {
  it('puts a moment on the day and month it is in India', () => {
    expect(indiaDay(new Date('2026-11-30T18:29:59.999Z'))).toBe('2026-11-30');
    expect(indiaDay(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12-01');
    expect(indiaMonth(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12');
  });

  it('starts a day at midnight in India and refuses what is not a day', () => {
    expect(indiaDayStart('2026-11-27')?.toISOString()).toBe('2026-11-26T18:30:00.000Z');
    expect(indiaDayStart('2028-02-29')?.toISOString()).toBe('2028-02-28T18:30:00.000Z');
    for (const bad of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-11-7', '27-11-2026', '', 'today']) {
      expect(indiaDayStart(bad)).toBeNull();
    }
    expect(nextIndiaDay('2026-12-31')).toBe('2027-01-01');
  });

  it('counts days forward and back, across months, leap days and years', () => {
    expect(addIndiaDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addIndiaDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addIndiaDays('2026-11-27', -89)).toBe('2026-08-30');
    expect(addIndiaDays('2026-12-31', 0)).toBe('2026-12-31');
    expect(indiaDaysBetween('2026-11-21', '2026-11-27')).toBe(6);
    expect(indiaDaysBetween('2026-11-27', '2026-11-27')).toBe(0);
    expect(indiaDaysBetween('2027-01-01', '2026-12-31')).toBe(-1);
    expect(indiaDaysBetween('2028-01-01', '2029-01-01')).toBe(366);
  });

  it("bounds a month in India's time, across the year's end", () => {
    expect(indiaMonthBounds('2026-12')).toEqual({
      from: new Date('2026-11-30T18:30:00Z'),
      to: new Date('2026-12-31T18:30:00Z'),
    });
    for (const bad of ['2026-00', '2026-13', '2026-1', 'November', '']) expect(indiaMonthBounds(bad)).toBeNull();
  });

  it('reads a day and a time of day as India time, and shows a moment back the same way', () => {
    expect(indiaMoment('2026-12-05', '20:00')?.toISOString()).toBe('2026-12-05T14:30:00.000Z');
    // Before 05:30 in India it is still the day before in UTC.
    expect(indiaMoment('2027-01-01', '00:00')?.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(indiaMoment('2026-12-05', '23:59')?.toISOString()).toBe('2026-12-05T18:29:00.000Z');
    const moment = new Date('2026-12-31T18:30:00Z');
    expect([indiaDay(moment), indiaClock(moment)]).toEqual(['2027-01-01', '00:00']);
    expect(indiaClock(new Date('2026-12-05T14:30:59Z'))).toBe('20:00');
  });

  it('refuses a day or a time of day that is not real', () => {
    for (const [day, time] of [
      ['2026-02-30', '10:00'],
      ['2026-12-05', '24:00'],
      ['2026-12-05', '20:60'],
      ['2026-12-05', '8:00'],
      ['2026-12-05', '20:00:00'],
      ['2026-12-05', '8 pm'],
      ['2026-12-05', ''],
      ['', '20:00'],
    ]) {
      expect(indiaMoment(day!, time!), `${day} ${time}`).toBeNull();
    }
  });
});
