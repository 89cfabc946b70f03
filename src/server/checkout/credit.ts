// Store credit at checkout (ADR 0050): a checkout takes the shopper's credit in the transaction that
// holds it, after its stock (the balance row is lock 6 of THE LOCK ORDER in workflow.ts), and gives
// it back under the same rules as the stock: in the transaction that releases it (the window
// closed, a newer checkout, the hold expired, the account deleted). A payment that arrives for a
// released checkout takes it again, or is refunded when it is no longer there.
import { and, eq, sum } from 'drizzle-orm';

import { STORE_CREDIT_REASONS } from '../../common/store-credit.ts';
import type { Database } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import { FailureError } from '../errors.ts';
import { addCredit, spendableCredit, takeCredit } from '../store-credit/ledger.ts';

/** A checkout that was released, as far as its credit goes. */
export interface ReleasedCredit {
  id: string;
  userId: string;
  creditPaise: number;
}

/**
 * What the shopper may pay with at checkout: the credit they may spend now and what their open
 * checkout holds, which the next Continue to Payment or order gives back before it takes any.
 */
export async function availableCredit(db: Database, userId: string, now: Date): Promise<number> {
  const [held] = await db
    .select({ paise: sum(checkouts.creditPaise).mapWith(Number) })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
  return (await spendableCredit(db, userId, now)) + (held?.paise ?? 0);
}

/**
 * Takes the checkout's credit (a `spent` entry naming it, and its order when there is one yet), in
 * the caller's transaction; when the balance no longer covers it, throws the refusal ('You do not
 * have enough store credit.'), which rolls the transaction back.
 */
export async function spendCheckoutCredit(
  tx: Database,
  checkout: { id: string; userId: string; creditPaise: number },
  now: Date,
  orderId?: string,
): Promise<void> {
  if (checkout.creditPaise <= 0) return;
  const taken = await takeCredit(
    tx,
    {
      userId: checkout.userId,
      amountPaise: checkout.creditPaise,
      kind: 'spent',
      reason: STORE_CREDIT_REASONS.spent,
      checkoutId: checkout.id,
      orderId: orderId ?? null,
    },
    now,
  );
  if (!taken.ok) throw new FailureError(taken);
}

/**
 * Gives released checkouts' credit back (a `spend_returned` entry naming each), in the caller's
 * transaction; by shopper, so a release of many holds at once takes the balance rows in one order.
 */
export async function giveCheckoutCreditBack(tx: Database, released: readonly ReleasedCredit[]): Promise<void> {
  const withCredit = released
    .filter((checkout) => checkout.creditPaise > 0)
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.id < b.id ? -1 : 1));
  for (const checkout of withCredit) {
    const given = await addCredit(tx, {
      userId: checkout.userId,
      amountPaise: checkout.creditPaise,
      kind: 'spend_returned',
      reason: STORE_CREDIT_REASONS.checkoutReleased,
      checkoutId: checkout.id,
    });
    // Only an amount above zero is written, so a refusal here is a bug: nothing may half-commit.
    if (!given.ok) throw new Error(`Store credit of checkout ${checkout.id} could not be given back: ${given.message}`);
  }
}
