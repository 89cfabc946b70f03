// First in, first out (ADR 0048): what expires is what no debit has used, the soonest-expiring credit
// being used first, and an expiry never takes the balance below zero.
import { describe, expect, it } from 'vitest';

import { amountToExpire, unspentOf, type LedgerLine } from './fifo.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
let sequence = 0;
const line = (amountPaise: number, createdDay: number, expiresDay: number | null = null): LedgerLine => ({
  id: `entry-${String((sequence += 1)).padStart(3, '0')}`,
  amountPaise,
  createdAt: day(createdDay),
  expiresAt: expiresDay === null ? null : day(expiresDay),
});

describe('amountToExpire', () => {
  it('expires nothing before the expiry, and the whole unspent credit on it', () => {
    const lines = [line(10_000, 0, 30)];
    expect(amountToExpire(lines, day(29))).toBe(0);
    expect(amountToExpire(lines, day(30))).toBe(10_000);
  });

  it('counts what was spent against the oldest credit first', () => {
    // ₹100 on day 0 (expires day 30), ₹100 on day 10 (expires day 40); ₹50 spent on day 5.
    const lines = [line(10_000, 0, 30), line(-5_000, 5), line(10_000, 10, 40)];
    expect(amountToExpire(lines, day(30))).toBe(5_000);
    // Once the ₹50 is written as expired, it counts as a debit: nothing more is due on day 30,
    // and on day 40 the second credit expires whole.
    const afterFirst = [...lines, line(-5_000, 30)];
    expect(amountToExpire(afterFirst, day(31))).toBe(0);
    expect(amountToExpire(afterFirst, day(40))).toBe(10_000);
  });

  it('never expires more than the balance, nor anything when the debits cover the lapsed credit', () => {
    const lines = [line(10_000, 0, 30), line(-10_000, 1)];
    expect(amountToExpire(lines, day(60))).toBe(0);
    // Spending past the first credit (into the second) leaves less of the second to expire.
    const more = [line(10_000, 0, 30), line(10_000, 5, 35), line(-15_000, 10)];
    expect(amountToExpire(more, day(30))).toBe(0);
    expect(amountToExpire(more, day(35))).toBe(5_000);
  });

  it('leaves credit without an expiry alone, and spends it last', () => {
    const lines = [line(5_000, 0), line(10_000, 1, 31), line(-4_000, 2)];
    expect(amountToExpire(lines, day(31))).toBe(6_000);
    expect(amountToExpire([...lines, line(-6_000, 31)], day(400))).toBe(0);
  });

  it('lets spent credit given back keep the expiry of the credit it was spent from', () => {
    // ₹100 expiring on day 30 and ₹50 that never expires; ₹120 spent at checkout on day 5 and
    // given back on day 6 (the checkout was released unpaid).
    const spent = [line(10_000, 0, 30), line(5_000, 0), line(-12_000, 5)];
    const givenBack = [...spent, { ...line(12_000, 6), kind: 'spend_returned' as const }];
    expect(amountToExpire(givenBack, day(29))).toBe(0);
    // As if nothing had been spent: the whole ₹100 expires, the ₹50 stays.
    expect(amountToExpire(givenBack, day(30))).toBe(10_000);
    expect(amountToExpire([line(10_000, 0, 30), line(5_000, 0)], day(30))).toBe(10_000);
    // Counted as new credit instead, it would have kept the ₹100 from expiring.
    expect(amountToExpire([...spent, line(12_000, 6)], day(30))).toBe(0);
  });

  it('is zero for an empty ledger', () => {
    expect(amountToExpire([], day(0))).toBe(0);
  });
});

describe('unspentOf', () => {
  it('is what the debits have not reached of one expiring credit', () => {
    const first = line(10_000, 0, 30);
    const second = line(10_000, 10, 40);
    const lines = [first, line(-12_500, 5), second];
    expect(unspentOf(lines, first.id)).toBe(0);
    expect(unspentOf(lines, second.id)).toBe(7_500);
  });

  it('is the whole credit when nothing was spent, and zero for a debit or a credit without expiry', () => {
    const credit = line(2_500, 0, 30);
    const forever = line(1_000, 0);
    const debit = line(-100, 1);
    const lines = [credit, forever, debit];
    expect(unspentOf([credit, forever], credit.id)).toBe(2_500);
    expect(unspentOf(lines, forever.id)).toBe(0);
    expect(unspentOf(lines, debit.id)).toBe(0);
    expect(unspentOf(lines, 'no-such-entry')).toBe(0);
  });

  it('counts spent credit given back as unspent again', () => {
    const credit = line(10_000, 0, 30);
    const spent = [credit, line(-8_000, 2)];
    expect(unspentOf(spent, credit.id)).toBe(2_000);
    expect(unspentOf([...spent, { ...line(8_000, 3), kind: 'spend_returned' as const }], credit.id)).toBe(10_000);
  });
});
