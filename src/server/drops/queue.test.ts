// When a place in a drop's line has its turn, how many are ahead of it, and whether a place's cookie
// is genuine: the arithmetic every instance does alike, without asking anyone.
import { describe, expect, it } from 'vitest';

import { lineOpen, placeOf, placesAhead, signPlace, turnAt, type QueuedDrop } from './queue.ts';

const drop: QueuedDrop = { id: 7, name: 'Night Drop', goesLiveAt: Date.parse('2026-12-05T14:30:00Z') };
const settings = { atOnce: 100, perSecond: 20, minutes: 15 };
const at = (ms: number) => drop.goesLiveAt + ms;

describe('turnAt', () => {
  it('lets the first places in at the minute and the rest at the rate, in order', () => {
    expect(turnAt(drop, 1, settings)).toBe(at(0));
    expect(turnAt(drop, 100, settings)).toBe(at(0));
    expect(turnAt(drop, 101, settings)).toBe(at(50));
    expect(turnAt(drop, 120, settings)).toBe(at(1000));
    expect(turnAt(drop, 2100, settings)).toBe(at(100_000));
    expect(turnAt(drop, 3, { atOnce: 1, perSecond: 0.5, minutes: 15 })).toBe(at(4000));
  });
});

describe('placesAhead', () => {
  it('counts the places still waiting before this one', () => {
    expect(placesAhead(drop, 101, at(0), settings)).toBe(0);
    expect(placesAhead(drop, 150, at(0), settings)).toBe(49);
    expect(placesAhead(drop, 150, at(1000), settings)).toBe(29);
    expect(placesAhead(drop, 150, at(2500), settings)).toBe(0);
    expect(placesAhead(drop, 150, at(-5000), settings)).toBe(149);
  });
});

describe('lineOpen', () => {
  it('is open from the minute for the settings’ minutes, and never without a rate', () => {
    expect(lineOpen(drop, at(-1), settings)).toBe(false);
    expect(lineOpen(drop, at(0), settings)).toBe(true);
    expect(lineOpen(drop, at(15 * 60_000 - 1), settings)).toBe(true);
    expect(lineOpen(drop, at(15 * 60_000), settings)).toBe(false);
    expect(lineOpen(drop, at(0), { ...settings, perSecond: 0 })).toBe(false);
  });
});

describe('placeOf', () => {
  const cookie = (value: string) => `theme=dark; ttt_drop_place_7=${value}; other=1`;

  it('reads a place this store signed for this drop and minute', () => {
    expect(placeOf('secret', drop, cookie(signPlace('secret', drop, 42)))).toBe(42);
  });

  it('refuses a place changed, signed with another secret, for another drop or another minute', () => {
    const signed = signPlace('secret', drop, 42);
    expect(placeOf('secret', drop, cookie(signed.replace(/^42\./, '1.')))).toBeUndefined();
    expect(placeOf('secret', drop, cookie(signPlace('other secret', drop, 42)))).toBeUndefined();
    expect(placeOf('secret', { ...drop, id: 8 }, cookie(signed))).toBeUndefined();
    expect(placeOf('secret', { ...drop, goesLiveAt: at(60_000) }, cookie(signed))).toBeUndefined();
    expect(placeOf('secret', drop, undefined)).toBeUndefined();
    expect(placeOf('secret', drop, 'ttt_drop_place_7=42.short')).toBeUndefined();
  });
});
