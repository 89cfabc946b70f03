import { describe, expect, it } from 'vitest';

import { formatOrderDate, orderNumber, orderStatus } from './orders.ts';

describe('orderStatus', () => {
  it('matches case-insensitively and reads Pending for empty or unknown values', () => {
    const labels: Array<[string | null, string]> = [
      ['PROCESSING', 'Processing'],
      [' completed ', 'Completed'],
      ['failed', 'Failed'],
      ['', 'Pending'],
      [null, 'Pending'],
      ['shipped', 'Shipped'],
      ['lost', 'Pending'],
      ['awaiting_confirmation', 'Awaiting confirmation'],
      ['RETURNED_TO_ORIGIN', 'Returned to origin'],
    ];
    for (const [status, label] of labels) expect(orderStatus(status), String(status)).toBe(label);
  });

  it('numbers an order by the first 8 characters of its id, upper-case', () => {
    expect(orderNumber('3f2a9c1d-0b6e-4c1a-9d2e-5f7a8b9c0d1e')).toBe('3F2A9C1D');
  });
});

describe('formatOrderDate', () => {
  it('is a long US date with hour and minute, in India time', () => {
    expect(formatOrderDate(new Date('2026-11-23T09:15:00Z'))).toBe('November 23, 2026 at 2:45 PM');
  });

  it("reads 'Date unavailable' without a date", () => {
    expect(formatOrderDate(null)).toBe('Date unavailable');
    expect(formatOrderDate(new Date('nonsense'))).toBe('Date unavailable');
  });
});
