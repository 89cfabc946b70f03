import { describe, expect, it } from 'vitest';

import { formatPaise, formatPaiseAmount, formatPaiseShort, parseRupeesToPaise, rupeesToPaise } from './money.ts';

/** Amounts as formatPaise and formatPaiseShort write them, side by side. */
const WRITTEN: Array<[paise: number, full: string, short: string]> = [
  [0, '₹0.00', '₹0'],
  [5, '₹0.05', '₹0.05'],
  [29_900, '₹299.00', '₹299'],
  [29_950, '₹299.50', '₹299.50'],
  [59_950, '₹599.50', '₹599.50'],
  [129_900, '₹1,299.00', '₹1,299'],
  [1_000_000, '₹10,000.00', '₹10,000'],
  [12_999_900, '₹1,29,999.00', '₹1,29,999'],
];

describe('formatPaise', () => {
  it('shows rupees with Indian grouping and two decimals', () => {
    for (const [paise, full] of WRITTEN) expect(formatPaise(paise), String(paise)).toBe(full);
  });
});

describe('formatPaiseShort', () => {
  it('leaves the paise out of whole rupees only', () => {
    for (const [paise, , short] of WRITTEN) expect(formatPaiseShort(paise), String(paise)).toBe(short);
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
    const amounts: Array<[input: string, paise: number]> = [
      ['₹1,299', 129_900],
      ['1,299.00', 129_900],
      ['1299', 129_900],
      [' Rs. 1,299.5 ', 129_950],
      ['INR 499', 49_900],
    ];
    for (const [input, paise] of amounts) expect(parseRupeesToPaise(input), input).toBe(paise);
  });

  it('refuses anything that is not an amount', () => {
    for (const input of ['12abc', '', '-5', '1.999', 'abc', '1,2,3.4.5', '₹']) {
      expect(parseRupeesToPaise(input), input).toBeNull();
    }
  });
});
