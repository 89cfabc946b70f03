import { describe, expect, it } from 'vitest';

import { countdownText, dropLimitsLine, dropsLabel, dropsOnMessage, overDropLimitMessage } from './drops.ts';

describe('a drop as shoppers read it', () => {
  it.each([
    ['2030-12-05T14:30:00Z', 'Drops 5 December 2030, 8:00 pm', 'This drops on 5 December 2030 at 8:00 pm.'],
    // Past midnight in India is the next day there, whatever the moment's UTC day.
    ['2030-01-05T18:35:00Z', 'Drops 6 January 2030, 12:05 am', 'This drops on 6 January 2030 at 12:05 am.'],
  ])('%s reads in India time', (moment, label, refusal) => {
    expect(dropsLabel(new Date(moment))).toBe(label);
    expect(dropsOnMessage(new Date(moment))).toBe(refusal);
  });

  it.each([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [59_001, '00:01:00'],
    [3_599_000, '00:59:59'],
    [90_061_000, '1d 01:01:01'],
    [-5000, '00:00:00'],
  ])('counts down %i ms as %s', (ms, text) => {
    expect(countdownText(ms)).toBe(text);
  });

  it.each([
    [{ perSize: 1, total: 2 }, 'Limited: 1 per size, 2 items in all per shopper.'],
    [{ total: 1 }, 'Limited: 1 item in all per shopper.'],
    [{ perSize: 2 }, 'Limited: 2 per size per shopper.'],
    [{}, undefined],
  ])('words the limits %j', (limits, line) => {
    expect(dropLimitsLine(limits)).toBe(line);
  });

  it.each([
    [
      { perSize: 1, size: 'M' },
      0,
      'This drop allows 1 of each size per shopper: you have taken all you may in size M.',
    ],
    [{ perSize: 2, size: 'L' }, 1, 'This drop allows 2 of each size per shopper: you may take 1 more in size L.'],
    [{ total: 1 }, 0, 'This drop allows 1 item per shopper: you have taken all you may.'],
    [{ total: 3 }, 2, 'This drop allows 3 items per shopper: you may take 2 more.'],
  ])('refuses over the limit %j with %i left', (limit, left, message) => {
    expect(overDropLimitMessage(limit, left)).toBe(message);
  });
});
