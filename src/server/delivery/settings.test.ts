import { describe, expect, it } from 'vitest';

import { loadConfig } from '../config.ts';
import { isExcluded, parseCutoff, parseExcludedPincodes, parseHolidays } from './settings.ts';

describe('delivery settings', () => {
  it('reads the cut-off as minutes after midnight', () => {
    expect(parseCutoff('14:00')).toBe(840);
    expect(parseCutoff(' 09:30 ')).toBe(570);
    for (const bad of ['2pm', '24:00', '9:30', '14:60', '']) expect(() => parseCutoff(bad)).toThrow('HH:MM');
  });

  it('reads holidays, refusing a day that is not on the calendar', () => {
    expect(parseHolidays('2026-12-25, 2027-01-26,')).toEqual(new Set(['2026-12-25', '2027-01-26']));
    expect(parseHolidays('')).toEqual(new Set());
    expect(() => parseHolidays('2026-02-30')).toThrow('"2026-02-30" is not a date');
    expect(() => parseHolidays('25/12/2026')).toThrow('"25/12/2026" is not a date');
  });

  it('reads excluded pincodes and 3-digit prefixes', () => {
    expect(parseExcludedPincodes('744, 682551')).toEqual(['744', '682551']);
    expect(() => parseExcludedPincodes('74')).toThrow('"74" is neither a pincode');
    expect(isExcluded('744101', ['744'])).toBe(true);
    expect(isExcluded('682551', ['682551'])).toBe(true);
    expect(isExcluded('682552', ['682551', '744'])).toBe(false);
  });

  it('stops the configuration with one line per bad setting', () => {
    expect(() =>
      loadConfig({ DELIVERY_CUTOFF: '2pm', DELIVERY_HOLIDAYS: '2026-13-01', DELIVERY_EXCLUDED_PINCODES: 'x' }),
    ).toThrow(
      [
        'DELIVERY_CUTOFF: must be a time of day in India, HH:MM (such as 14:00)',
        '  - DELIVERY_HOLIDAYS: "2026-13-01" is not a date: write days as YYYY-MM-DD, separated by commas',
        '  - DELIVERY_EXCLUDED_PINCODES: "x" is neither a pincode (6 digits) nor its first 3 digits',
      ].join('\n'),
    );
    expect(loadConfig({}).delivery).toEqual({ cutoffMinutes: 840, holidays: new Set(), excluded: [] });
  });
});
