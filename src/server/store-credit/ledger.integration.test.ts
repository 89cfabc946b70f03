// Store credit as a ledger (ADR 0048): the database keeps the balance as the sum of the entries and
// refuses, by itself, any entry that would take it below zero and any change to an entry; the
// ledger's functions refuse in words and write nothing.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { auditLog, storeCreditBalances, storeCreditEntries } from '../db/schema.ts';
import {
  addCredit,
  CREDIT_HISTORY_PAGE_SIZE,
  creditBalance,
  creditHistory,
  refundBonusPaise,
  takeCredit,
} from './ledger.ts';

const database = useTestDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;

async function refused(promise: Promise<unknown>, what: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected the database to refuse: ${what}`).not.toBeNull();
  return `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
}

async function entriesOf(userId: string) {
  return database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId));
}

/** A shopper with `paise` of credit, granted by the store. */
async function shopperWith(paise: number) {
  const user = await createUser(database.db);
  if (paise > 0) {
    const added = await addCredit(database.db, {
      userId: user.id,
      amountPaise: paise,
      kind: 'staff_grant',
      reason: 'Welcome gift',
    });
    expect(added.ok).toBe(true);
  }
  return user;
}

describe('the balance kept by the database', () => {
  it('adds each entry to the balance and lists the history newest first, page by page', async () => {
    const user = await shopperWith(0);
    expect(await creditBalance(database.db, user.id)).toBe(0);
    const added = await addCredit(database.db, {
      userId: user.id,
      amountPaise: 50_000,
      kind: 'refund',
      reason: 'Refund for order #3F2A9C1D',
    });
    expect(added).toMatchObject({ ok: true, balancePaise: 50_000 });
    const taken = await database.db.transaction((tx) =>
      takeCredit(tx, { userId: user.id, amountPaise: 12_050, kind: 'spent', reason: 'Paid for an order' }),
    );
    expect(taken).toMatchObject({ ok: true, balancePaise: 37_950 });
    expect(await creditBalance(database.db, user.id)).toBe(37_950);

    const history = await creditHistory(database.db, user.id, 1);
    expect(history).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(history.entries.map((entry) => [entry.kind, entry.amountPaise])).toEqual([
      ['spent', -12_050],
      ['refund', 50_000],
    ]);

    for (let i = 0; i < CREDIT_HISTORY_PAGE_SIZE; i += 1) {
      await addCredit(database.db, { userId: user.id, amountPaise: 100, kind: 'staff_grant', reason: `Gift ${i}` });
    }
    const second = await creditHistory(database.db, user.id, 2);
    expect(second).toMatchObject({ total: CREDIT_HISTORY_PAGE_SIZE + 2, page: 2, pages: 2 });
    expect(second.entries).toHaveLength(2);
    // A page past the last shows the last; a nonsense page the first.
    expect((await creditHistory(database.db, user.id, 99)).page).toBe(2);
    expect((await creditHistory(database.db, user.id, Number.NaN)).page).toBe(1);
  });

  it('refuses a raw insert that would take the balance below zero, and one for a shopper without credit', async () => {
    const user = await shopperWith(10_000);
    const text = await refused(
      database.db.execute(
        sql`insert into store_credit_entries (user_id, amount_paise, kind, reason)
            values (${user.id}, -10001, 'spent', 'Overdrawn')`,
      ),
      'an overdraft',
    );
    expect(text).toContain('store_credit_balances_balance_check');
    const stranger = await shopperWith(0);
    expect(
      await refused(
        database.db.execute(
          sql`insert into store_credit_entries (user_id, amount_paise, kind, reason)
              values (${stranger.id}, -1, 'spent', 'Nothing to spend')`,
        ),
        'a debit without credit',
      ),
    ).toContain('store_credit_balances_balance_check');
    expect(await creditBalance(database.db, user.id)).toBe(10_000);
    expect(await entriesOf(user.id)).toHaveLength(1);
    expect(await entriesOf(stranger.id)).toHaveLength(0);
    // Exactly the balance is allowed: down to zero, not below.
    await database.db.execute(
      sql`insert into store_credit_entries (user_id, amount_paise, kind, reason)
          values (${user.id}, -10000, 'spent', 'All of it')`,
    );
    expect(await creditBalance(database.db, user.id)).toBe(0);
  });

  it('keeps the entries append-only and the balance written by the ledger alone', async () => {
    const user = await shopperWith(10_000);
    const [entry] = await entriesOf(user.id);
    for (const [what, statement] of [
      ['an update', sql`update store_credit_entries set amount_paise = 999999 where id = ${entry!.id}`],
      ['a delete', sql`delete from store_credit_entries where id = ${entry!.id}`],
      ['a truncate', sql`truncate store_credit_entries cascade`],
      ['a balance set by hand', sql`update store_credit_balances set balance_paise = 999999`],
      ['a balance deleted', sql`delete from store_credit_balances where user_id = ${user.id}`],
      ['a balance made up', sql`insert into store_credit_balances (user_id, balance_paise) values ('x', 5)`],
    ] as const) {
      expect(await refused(database.db.execute(statement), what)).toMatch(/append-only|kept by store_credit_entries/);
    }
    expect(await entriesOf(user.id)).toEqual([entry]);
    expect(await creditBalance(database.db, user.id)).toBe(10_000);
  });

  it('ties the sign to the kind, and an expiry to credits', async () => {
    const user = await shopperWith(10_000);
    const insert = (amount: number, kind: string, expires = false) =>
      database.db.execute(
        sql`insert into store_credit_entries (user_id, amount_paise, kind, reason, expires_at)
            values (${user.id}, ${amount}, ${kind}, 'x', ${expires ? sql`now()` : sql`null`})`,
      );
    expect(await refused(insert(-100, 'staff_grant'), 'a negative grant')).toContain(
      'store_credit_entries_amount_check',
    );
    expect(await refused(insert(100, 'spent'), 'a positive spend')).toContain('store_credit_entries_amount_check');
    expect(await refused(insert(0, 'refund'), 'a zero refund')).toContain('store_credit_entries_amount_check');
    expect(await refused(insert(-100, 'gift'), 'an unknown kind')).toContain('store_credit_entries_kind_check');
    expect(await refused(insert(-100, 'spent', true), 'an expiring debit')).toContain(
      'store_credit_entries_expiry_check',
    );
    expect(await creditBalance(database.db, user.id)).toBe(10_000);
  });
});

describe('addCredit and takeCredit', () => {
  it('refuses to take more than the balance in words, writing nothing', async () => {
    const user = await shopperWith(10_000);
    const taken = await database.db.transaction((tx) =>
      takeCredit(tx, { userId: user.id, amountPaise: 10_001, kind: 'spent', reason: 'Too much' }),
    );
    expect(taken).toMatchObject({ ok: false, kind: 'conflict', message: 'You do not have enough store credit.' });
    expect(await entriesOf(user.id)).toHaveLength(1);
    expect(await creditBalance(database.db, user.id)).toBe(10_000);
  });

  it('refuses amounts that are not whole paise above zero, and a missing reason, writing nothing', async () => {
    const user = await shopperWith(10_000);
    for (const amountPaise of [0, -500, 10.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31]) {
      const added = await addCredit(database.db, { userId: user.id, amountPaise, kind: 'refund', reason: 'x' });
      expect(added).toMatchObject({ ok: false, message: 'The amount must be more than ₹0.00.' });
      const taken = await database.db.transaction((tx) =>
        takeCredit(tx, { userId: user.id, amountPaise, kind: 'spent', reason: 'x' }),
      );
      expect(taken).toMatchObject({ ok: false, message: 'The amount must be more than ₹0.00.' });
    }
    const blank = await addCredit(database.db, { userId: user.id, amountPaise: 100, kind: 'refund', reason: '  ' });
    expect(blank).toMatchObject({ ok: false, kind: 'invalid' });
    const long = await addCredit(database.db, {
      userId: user.id,
      amountPaise: 100,
      kind: 'refund',
      reason: 'x'.repeat(201),
    });
    expect(long).toMatchObject({ ok: false, message: 'The reason can be at most 200 characters.' });
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it('dates a credit when credit expires, and expires what is due before taking', async () => {
    const user = await shopperWith(0);
    const now = new Date('2026-01-01T10:00:00Z');
    const added = await addCredit(
      database.db,
      { userId: user.id, amountPaise: 30_000, kind: 'refund', reason: 'Refund' },
      { expiryDays: 30, now },
    );
    expect(added.ok && added.entry.expiresAt).toEqual(new Date(now.getTime() + 30 * DAY_MS));
    const never = await addCredit(database.db, {
      userId: user.id,
      amountPaise: 5_000,
      kind: 'staff_grant',
      reason: 'Sorry for the delay',
    });
    expect(never.ok && never.entry.expiresAt).toBeNull();

    // Thirty-one days on, the ₹300.00 has lapsed: only the ₹50.00 without an expiry is left to spend.
    const later = new Date(now.getTime() + 31 * DAY_MS);
    const tooMuch = await database.db.transaction((tx) =>
      takeCredit(tx, { userId: user.id, amountPaise: 5_001, kind: 'spent', reason: 'Paid' }, later),
    );
    expect(tooMuch).toMatchObject({ ok: false, message: 'You do not have enough store credit.' });
    // Refused: the transaction wrote nothing, the expiry included.
    expect(await entriesOf(user.id)).toHaveLength(2);
    const spent = await database.db.transaction((tx) =>
      takeCredit(tx, { userId: user.id, amountPaise: 5_000, kind: 'spent', reason: 'Paid' }, later),
    );
    expect(spent).toMatchObject({ ok: true, balancePaise: 0 });
    const kinds = (await creditHistory(database.db, user.id, 1)).entries.map((e) => [e.kind, e.amountPaise]);
    expect(kinds).toContainEqual(['expired', -30_000]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit).toMatchObject({
      actorId: null,
      action: 'store_credit.expire',
      entityType: 'customer',
      summary: '₹300.00 of store credit expired',
    });
  });

  it('computes the bonus on a refund taken as credit, rounded down', () => {
    expect(refundBonusPaise(99_900, 0)).toBe(0);
    expect(refundBonusPaise(99_900, 10)).toBe(9_990);
    expect(refundBonusPaise(333, 5)).toBe(16);
    expect(refundBonusPaise(0, 10)).toBe(0);
    expect(refundBonusPaise(-100, 10)).toBe(0);
  });

  it('keeps a row per shopper who ever had credit, equal to the sum of their entries', async () => {
    const rows = await database.db.execute(
      sql`select b.user_id from ${storeCreditBalances} b
          where b.balance_paise <> (select coalesce(sum(amount_paise), 0) from store_credit_entries e
                                    where e.user_id = b.user_id)`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
