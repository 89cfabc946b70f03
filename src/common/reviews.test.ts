import { describe, expect, it } from 'vitest';

import { ratingText } from './reviews.ts';

describe('ratingText', () => {
  it('says the average to one decimal and the count, as screen readers and every page read it', () => {
    expect(ratingText({ average: 4.3, count: 12 })).toBe('4.3 out of 5, 12 reviews');
    expect(ratingText({ average: 5, count: 1 })).toBe('5.0 out of 5, 1 review');
  });
});
