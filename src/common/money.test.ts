import { describe, expect, it } from 'vitest';

import { formatPaise, formatPaiseAmount, formatPaiseShort, parseRupeesToPaise, rupeesToPaise } from './money.ts';

describe('formatPaise', () => {
  it('shows rupees with Indian grouping and two decimals', () => {
    expect(formatPaise(129_900)).toBe('₹1,299.00');
    expect(formatPaise(12_999_900)).toBe('₹1,29,999.00');
    expect(formatPaise(59_950)).toBe('₹599.50');
    expect(formatPaise(0)).toBe('₹0.00');
  });
});

describe('formatPaiseShort', () => {
  it('leaves the paise out of whole rupees only', () => {
    expect(formatPaiseShort(1_000_000)).toBe('₹10,000');
    expect(formatPaiseShort(29_900)).toBe('₹299');
    expect(formatPaiseShort(12_999_900)).toBe('₹1,29,999');
    expect(formatPaiseShort(29_950)).toBe('₹299.50');
    expect(formatPaiseShort(5)).toBe('₹0.05');
  });
});

describe('formatPaiseAmount', () => {
  it('writes the amount without the rupee sign, grouped the Indian way', () => {
    expect(formatPaiseAmount(12_999_905)).toBe('1,29,999.05');
    expect(formatPaiseAmount(0)).toBe('0.00');
  });
});

describe('rupeesToPaise', () => {
  it('multiplies by 100 and rounds away float noise', () => {
    expect(rupeesToPaise(599)).toBe(59_900);
    expect(rupeesToPaise(19.99)).toBe(1_999);
  });
});

describe('parseRupeesToPaise', () => {
  it('strips currency marks and commas', () => {
    expect(parseRupeesToPaise('₹1,299')).toBe(129_900);
    expect(parseRupeesToPaise('1,299.00')).toBe(129_900);
    expect(parseRupeesToPaise('1299')).toBe(129_900);
    expect(parseRupeesToPaise(' Rs. 1,299.5 ')).toBe(129_950);
    expect(parseRupeesToPaise('INR 499')).toBe(49_900);
  });

  it('refuses anything that is not an amount', () => {
    for (const input of ['12abc', '', '-5', '1.999', 'abc', '1,2,3.4.5', '₹']) {
      expect(parseRupeesToPaise(input), input).toBeNull();
    }
  });
});
