// The fit advice's one rule and how charts read (ADR 0030).
import { describe, expect, it } from 'vitest';

import { bodyChestFromPurchase, formatCm, formatInches, suggestSize } from './size-chart.ts';

/** The demo regular-fit chart's chests (cm → mm), XS to XXL. */
const regular = [96, 101, 106, 111, 116, 121].map((cm, index) => ({
  size: ['XS', 'S', 'M', 'L', 'XL', 'XXL'][index]!,
  chestMm: cm * 10,
}));
const oversized = [110, 115, 120, 125, 130, 135].map((cm, index) => ({
  size: ['XS', 'S', 'M', 'L', 'XL', 'XXL'][index]!,
  chestMm: cm * 10,
}));

describe('suggestSize', () => {
  it('suggests the smallest size that leaves the cut its room around the chest', () => {
    // A regular tee leaves 6 cm: a 100 cm chest needs 106 cm, an M; 100.5 cm needs an L.
    expect(suggestSize(regular, 1000, 'regular-fit')).toEqual({ size: 'M', fits: 'well' });
    expect(suggestSize(regular, 1005, 'regular-fit')).toEqual({ size: 'L', fits: 'well' });
    expect(suggestSize(regular, 700, 'regular-fit')).toEqual({ size: 'XS', fits: 'well' });
    // An oversized tee is cut 20 cm wider: the same chest is the same size.
    expect(suggestSize(oversized, 1000, 'oversized')).toEqual({ size: 'M', fits: 'well' });
  });

  it('suggests the largest size, marked snug, when none leaves the room; nothing for no chart', () => {
    expect(suggestSize(regular, 1200, 'regular-fit')).toEqual({ size: 'XXL', fits: 'snug' });
    expect(suggestSize([], 1000, 'regular-fit')).toBeUndefined();
  });

  it('reads the sizes in size order, whatever order the chart came in, and takes no category as a regular tee', () => {
    expect(suggestSize([...regular].reverse(), 1000, null)).toEqual({ size: 'M', fits: 'well' });
  });
});

describe('bodyChestFromPurchase', () => {
  it('takes the cut’s room off the garment’s chest', () => {
    expect(bodyChestFromPurchase({ chestMm: 1060 }, 'regular-fit')).toBe(1000);
    expect(bodyChestFromPurchase({ chestMm: 1200 }, 'oversized')).toBe(1000);
  });
});

describe('formatting', () => {
  it('writes centimetres with a decimal only when there is one, and inches to one decimal', () => {
    expect(formatCm(1060)).toBe('106');
    expect(formatCm(1065)).toBe('106.5');
    expect(formatInches(1060)).toBe('41.7');
  });
});
