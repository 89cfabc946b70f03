import { describe, expect, it } from 'vitest';

import { formatOrderDate, orderStatus } from './orders.ts';

describe('orderStatus', () => {
  it('matches case-insensitively and reads Pending for empty or unknown values', () => {
    expect(orderStatus('PROCESSING')).toBe('Processing');
    expect(orderStatus(' completed ')).toBe('Completed');
    expect(orderStatus('failed')).toBe('Failed');
    expect(orderStatus('')).toBe('Pending');
    expect(orderStatus(null)).toBe('Pending');
    expect(orderStatus('shipped')).toBe('Pending');
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
