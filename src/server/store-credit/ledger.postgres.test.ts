// Races on store credit, on the PostgreSQL server only (CI sets TEST_DATABASE_URL; ADR 0048): many
// debits of one balance at once, through takeCredit (which locks the balance row) and as raw inserts
// that skip the lock (the balance row's check alone refuses the overdraft).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { addCredit, creditBalance, takeCredit } from './ledger.ts';

const database = useTestDatabase();

async function shopperWith(paise: number) {
  const user = await createUser(database.db);
  const added = await addCredit(database.db, { userId: user.id, amountPaise: paise, kind: 'refund', reason: 'Refund' });
  if (!added.ok) throw new Error(added.message);
  return user;
}

async function ledgerSum(userId: string): Promise<number> {
  const result = await database.db.execute(
    sql`select coalesce(sum(amount_paise), 0)::int as sum from store_credit_entries where user_id = ${userId}`,
  );
  return (result as unknown as { rows: Array<{ sum: number }> }).rows[0]!.sum;
}

describe('at the same moment', () => {
  it('10 debits of 60% of a balance: exactly one succeeds, the balance never goes below zero', async () => {
    const user = await shopperWith(100_000);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        database.db.transaction((tx) =>
          takeCredit(tx, { userId: user.id, amountPaise: 60_000, kind: 'spent', reason: `Checkout ${i}` }),
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((result) => !result.ok)) {
      expect(result).toMatchObject({ ok: false, kind: 'conflict', message: 'You do not have enough store credit.' });
    }
    expect(await creditBalance(database.db, user.id)).toBe(40_000);
    expect(await ledgerSum(user.id)).toBe(40_000);
  });

  it('10 raw debits of 60% that skip the lock: the database lets one through and refuses the rest', async () => {
    const user = await shopperWith(100_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        database.db.execute(
          sql`insert into store_credit_entries (user_id, amount_paise, kind, reason)
              values (${user.id}, -60000, 'spent', 'Raw debit')`,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      const error = (outcome as PromiseRejectedResult).reason as Error;
      expect(`${String(error)} ${String(error.cause ?? '')}`).toContain('store_credit_balances_balance_check');
    }
    expect(await creditBalance(database.db, user.id)).toBe(40_000);
    expect(await ledgerSum(user.id)).toBe(40_000);
  });

  it('credits and debits at once add up: the balance is the sum of the ledger', async () => {
    const user = await shopperWith(10_000);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? addCredit(database.db, { userId: user.id, amountPaise: 1_000, kind: 'staff_grant', reason: 'Gift' })
          : database.db.transaction((tx) =>
              takeCredit(tx, { userId: user.id, amountPaise: 1_500, kind: 'spent', reason: 'Spent' }),
            ),
      ),
    );
    const balance = await creditBalance(database.db, user.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(await ledgerSum(user.id));
  });
});
