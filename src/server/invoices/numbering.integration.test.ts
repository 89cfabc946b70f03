// Tax document numbers on the real engine: consecutive, given back by a rolled-back transaction,
// restarting with each financial year, a series per kind.
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { documentNumber, financialYear, takeNextNumber } from './numbering.ts';

const database = useTestDatabase();

const take = (series: 'invoice' | 'credit_note', year: string) =>
  database.db.transaction((tx) => takeNextNumber(tx, series, year));

describe('financialYear', () => {
  it('runs from 1 April to 31 March in India’s calendar', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    // 31 March 23:59 in India is still the old year, although it is 18:29 UTC.
    expect(financialYear(new Date('2027-03-31T23:59:59+05:30'))).toBe('2026-27');
    // 1 April 00:30 in India is the new one, although UTC still says 31 March.
    expect(financialYear(new Date('2027-03-31T19:00:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
  });
});

describe('documentNumber', () => {
  it('writes the prefix, CN for a credit note, the year and six digits', () => {
    expect(documentNumber('TTT', 'invoice', '2026-27', 123)).toBe('TTT/2026-27/000123');
    expect(documentNumber('TTT', 'credit_note', '2026-27', 4)).toBe('TTT/CN/2026-27/000004');
  });
});

describe('takeNextNumber', () => {
  it('gives consecutive numbers from 1, a series per kind', async () => {
    expect([
      await take('invoice', '2030-31'),
      await take('invoice', '2030-31'),
      await take('invoice', '2030-31'),
    ]).toEqual([1, 2, 3]);
    expect(await take('credit_note', '2030-31')).toBe(1);
    expect(await take('invoice', '2030-31')).toBe(4);
  });

  it('gives a rolled-back transaction’s number back', async () => {
    expect(await take('invoice', '2031-32')).toBe(1);
    await expect(
      database.db.transaction(async (tx) => {
        expect(await takeNextNumber(tx, 'invoice', '2031-32')).toBe(2);
        throw new Error('the order was not placed');
      }),
    ).rejects.toThrow('the order was not placed');
    expect(await take('invoice', '2031-32')).toBe(2);
  });

  it('starts again at 1 in a new financial year', async () => {
    expect(await take('invoice', '2032-33')).toBe(1);
    expect(await take('invoice', '2032-33')).toBe(2);
    expect(await take('invoice', '2033-34')).toBe(1);
  });
});
