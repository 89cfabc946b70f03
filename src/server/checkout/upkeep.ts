// Upkeep of checkouts (ADR 0040): what gives held stock and store credit back and clears old rows,
// apart from placing an order (workflow.ts): the release of one checkout, of a deleted account's,
// and of every expired hold, and the purge of long-released checkouts. Each transaction follows THE
// LOCK ORDER written in workflow.ts: the shopper's checkout lock, then checkout rows, then stock
// rows (with their movement rows), then store credit balance rows (credit.ts).
import { and, eq, inArray, lt, lte, notExists, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { checkouts, refunds, storeCreditEntries, type OrderItem } from '../db/schema.ts';
import { moveUnits, returnUnits } from '../inventory/stock.ts';
import { giveCheckoutCreditBack, type ReleasedCredit } from './credit.ts';

/** A checkout just released: what it held, for its transaction to give back. */
export interface Released extends ReleasedCredit {
  items: OrderItem[];
}

const RELEASED_COLUMNS = {
  id: checkouts.id,
  userId: checkouts.userId,
  items: checkouts.itemsJson,
  creditPaise: checkouts.creditPaise,
};

/**
 * Release: an open checkout gives its stock and store credit back (the window closed, or Razorpay
 * could not open an order for it).
 */
export async function releaseCheckout(db: Database, checkoutId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    if (!checkout || checkout.status !== 'open') return false;
    await returnUnits(tx, checkout.itemsJson, { kind: 'released', checkoutId: checkout.id });
    await tx.update(checkouts).set({ status: 'released', updatedAt: new Date() }).where(eq(checkouts.id, checkout.id));
    await giveCheckoutCreditBack(tx, [checkout]);
    return true;
  });
}

/**
 * An account being deleted (auth/delete-account.ts) gives back what its open checkout holds, in the
 * caller's transaction and in the lock order: the shopper's checkout lock, so no Continue to
 * Payment of theirs runs meanwhile, then the checkout row, the stock rows and the credit balance
 * row. A payment that still arrives for it is refunded (`completeCheckout`).
 */
export async function releaseCheckoutsOfDeletedAccount(tx: Database, userId: string, now: Date): Promise<void> {
  const released = await releaseOpenCheckoutOf(tx, userId, now);
  await returnHolds(tx, released);
  await giveCheckoutCreditBack(tx, released);
}

/** The units of released checkouts back in stock, one update per size, each checkout's movement rows its own. */
function returnHolds(tx: Database, released: readonly Released[]): Promise<void> {
  return moveUnits(tx, {
    giveBack: released.map(({ id, items }) => ({ kind: 'released', checkoutId: id, items })),
    take: [],
  });
}

/** The shopper's checkout lock (THE LOCK ORDER's lock 0, workflow.ts), to the end of the transaction. */
export async function lockShopperCheckouts(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`);
}

/**
 * Under the shopper's checkout lock (one Continue to Payment of a shopper at a time), marks their
 * open checkout released; what it held (units, store credit), for the caller to give back in the
 * same transaction.
 */
export async function releaseOpenCheckoutOf(tx: Database, userId: string, now: Date): Promise<Released[]> {
  await lockShopperCheckouts(tx, userId);
  return tx
    .update(checkouts)
    .set({ status: 'released', updatedAt: now })
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')))
    .returning(RELEASED_COLUMNS);
}

/**
 * Release of every hold expired by `now`, whatever the backlog: one update of the checkouts by
 * expiry time, one update per size of the units they held, and an entry giving back each one's
 * store credit. Checkouts another transaction has locked (being completed right now) are skipped,
 * not waited for. Returns how many were released.
 */
export async function releaseExpiredHolds(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = tx
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(eq(checkouts.status, 'open'), lte(checkouts.expiresAt, now)))
      .for('update', { skipLocked: true });
    const released = await tx
      .update(checkouts)
      .set({ status: 'released', updatedAt: now })
      .where(inArray(checkouts.id, expired))
      .returning(RELEASED_COLUMNS);
    await returnHolds(tx, released);
    await giveCheckoutCreditBack(tx, released);
    return released.length;
  });
}

/** How long a released checkout is kept: a late payment or webhook may still name it. */
const RELEASED_CHECKOUT_KEPT_MS = 30 * 24 * 60 * 60_000;

/** Deletes the checkouts released longer ago than RELEASED_CHECKOUT_KEPT_MS; returns how many. */
export async function purgeReleasedCheckouts(db: Database, now = new Date()): Promise<number> {
  const purged = await db
    .delete(checkouts)
    .where(
      and(
        eq(checkouts.status, 'released'),
        lt(checkouts.updatedAt, new Date(now.getTime() - RELEASED_CHECKOUT_KEPT_MS)),
        // A late payment's refund keeps its checkout: the money's record outlives the hold. So do
        // the store credit entries that spent and gave back its credit (append-only, ADR 0050).
        notExists(db.select({ id: refunds.id }).from(refunds).where(eq(refunds.checkoutId, checkouts.id))),
        notExists(
          db
            .select({ id: storeCreditEntries.id })
            .from(storeCreditEntries)
            .where(eq(storeCreditEntries.checkoutId, checkouts.id)),
        ),
      ),
    )
    .returning({ id: checkouts.id });
  return purged.length;
}
