import { describe, expect, it } from 'vitest';

import {
  NO_ORDER_FILTERS,
  ORDER_FILTER_MESSAGES,
  orderFilterQuery,
  orderSearchTerms,
  parseOrderFilters,
} from './order-filters.ts';

const parse = (query: string) => parseOrderFilters(new URLSearchParams(query));

describe('orderSearchTerms', () => {
  it('reads an order number in any case, with or without # or "Order"', () => {
    for (const typed of ['3f2a9c1d', '3F2A9C1D', '#3F2A9C1D', 'Order #3f2a9c1d', 'order 3F2A9C1D']) {
      expect(orderSearchTerms(typed)?.orderPrefix).toBe('3f2a9c1d');
    }
    expect(orderSearchTerms('3F2A9C1D-0b6e-4c1a-9d2e-5f7a8b9c0d1e')).toEqual({
      orderId: '3f2a9c1d-0b6e-4c1a-9d2e-5f7a8b9c0d1e',
    });
  });

  it('reads a phone written with +91, 0, spaces, dashes or brackets as its 10 digits', () => {
    for (const typed of [
      '9876543210',
      '+91 98765 43210',
      '+919876543210',
      '919876543210',
      '098765-43210',
      '(98765) 43210',
    ]) {
      expect(orderSearchTerms(typed)?.phone).toBe('9876543210');
    }
    expect(orderSearchTerms('98765 4321')?.phone).toBeUndefined();
    expect(orderSearchTerms('+1 98765 43210')?.phone).toBeUndefined();
  });

  it('reads an email in lower case, and an AWB as typed', () => {
    expect(orderSearchTerms(' Riya@Example.TEST ')).toEqual({ email: 'riya@example.test' });
    expect(orderSearchTerms('dl20261125')).toEqual({ awb: 'dl20261125' });
  });

  it('looks a search up as each kind it could be', () => {
    // Eight hex digits: an order number or an AWB; ten digits: a phone or an AWB.
    expect(orderSearchTerms('12345678')).toEqual({ orderPrefix: '12345678', awb: '12345678' });
    expect(orderSearchTerms('9876543210')).toEqual({ phone: '9876543210', awb: '9876543210' });
  });

  it('finds nothing to look up in a name, a word or a fragment', () => {
    for (const typed of ['', 'Meera Iyer', 'tee', '98765', '@example.test', "' OR 1=1 --"]) {
      expect(orderSearchTerms(typed)).toBeNull();
    }
  });
});

describe('parseOrderFilters', () => {
  it('takes every filter the form sends', () => {
    expect(
      parse(
        'search=+%23A1B2C3D4+&status=shipped&payment=cod&action=to_ship&from=2026-03-01&to=2026-03-31&cash=overdue',
      ),
    ).toEqual({
      filters: {
        search: '#A1B2C3D4',
        status: 'shipped',
        payment: 'cod',
        action: 'to_ship',
        from: '2026-03-01',
        to: '2026-03-31',
        cash: 'overdue',
      },
      problems: [],
    });
    expect(parse('')).toEqual({ filters: NO_ORDER_FILTERS, problems: [] });
  });

  it('names each wrong filter and leaves it out, keeping the others', () => {
    expect(parse('status=lost&payment=cod&action=ring&from=2026-02-30&to=tomorrow')).toEqual({
      filters: { ...NO_ORDER_FILTERS, payment: 'cod' },
      problems: [
        ORDER_FILTER_MESSAGES.status,
        ORDER_FILTER_MESSAGES.action,
        ORDER_FILTER_MESSAGES.from,
        ORDER_FILTER_MESSAGES.to,
      ],
    });
    expect(parse('payment=cheque&cash=yes').problems).toEqual([
      ORDER_FILTER_MESSAGES.payment,
      ORDER_FILTER_MESSAGES.cash,
    ]);
    expect(parse('search=Meera').problems).toEqual([ORDER_FILTER_MESSAGES.search]);
    expect(parse(`search=${'a'.repeat(255)}`).problems).toEqual([ORDER_FILTER_MESSAGES.searchTooLong]);
  });

  it('refuses days outside 2000 to 2099', () => {
    expect(parse('from=1999-12-31').problems).toEqual([ORDER_FILTER_MESSAGES.outOfRange]);
    expect(parse('to=2100-01-01').problems).toEqual([ORDER_FILTER_MESSAGES.outOfRange]);
    expect(parse('from=2000-01-01&to=2001-12-31').problems).toEqual([]);
  });

  it('refuses a range whose From is after its To, or longer than two years, as a whole', () => {
    expect(parse('from=2026-04-02&to=2026-04-01')).toEqual({
      filters: NO_ORDER_FILTERS,
      problems: [ORDER_FILTER_MESSAGES.fromAfterTo],
    });
    // Two years to the day is the longest range: 1 January 2024 to 31 December 2025.
    expect(parse('from=2024-01-01&to=2025-12-31').problems).toEqual([]);
    expect(parse('from=2024-01-01&to=2026-01-01').problems).toEqual([ORDER_FILTER_MESSAGES.tooLong]);
    expect(parse('from=2024-02-29&to=2026-02-28').problems).toEqual([]);
    expect(parse('from=2024-02-29&to=2026-03-01').problems).toEqual([ORDER_FILTER_MESSAGES.tooLong]);
    // A range open at one end is not too long.
    expect(parse('from=2001-01-01').problems).toEqual([]);
    expect(parse('from=2026-03-01&to=2026-03-01').problems).toEqual([]);
  });

  it('gives the set filters back as the query of the pager and the export', () => {
    expect(orderFilterQuery({ ...NO_ORDER_FILTERS, search: 'DL1234567', status: 'shipped' })).toEqual({
      search: 'DL1234567',
      status: 'shipped',
    });
  });
});
