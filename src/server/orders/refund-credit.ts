// A refund given as store credit (ADR 0051): the refund's amount as a 'refund' entry of the
// shopper's ledger and, when the store gives a bonus for taking credit, the bonus as a separate
// 'refund_bonus' entry, so the credit note (which equals the refund) and the gift are told apart.
// In the caller's transaction, after the order, request and refund rows: each entry's insert takes
// the shopper's balance row (lock 6 of THE LOCK ORDER), and the credit note's number comes after.
import { orderNumber } from '../../common/orders.ts';
import type { StoreCreditCreditKind } from '../../common/store-credit.ts';
import type { Database } from '../db/client.ts';
import { FailureError } from '../errors.ts';
import { addCredit, refundBonusPaise, type CreditMove } from '../store-credit/ledger.ts';
import type { StoreCreditSettings } from '../store-credit/settings.ts';

/** What giving a refund as credit needs of the store credit settings. */
export type RefundCreditSettings = Pick<StoreCreditSettings, 'refundBonusPercent' | 'expiryDays'>;

/** The reasons the shopper's store credit history gives. */
export const REFUND_CREDIT_REASONS = {
  cancelled: (orderId: string) => `Refund of cancelled order #${orderNumber(orderId)}`,
  returned: (orderId: string) => `Refund of a return from order #${orderNumber(orderId)}`,
  bonus: (orderId: string) => `Extra for taking the refund of order #${orderNumber(orderId)} as store credit`,
  spentReturned: (orderId: string) => `Store credit paid with order #${orderNumber(orderId)}, given back`,
} as const;

/**
 * Adds a refund to the shopper's store credit, with its bonus at `bonusPercent`; returns the bonus
 * given (0 for none). A refund of nothing adds no entry (the ledger refuses one of ₹0).
 */
export async function creditRefund(
  tx: Database,
  settings: RefundCreditSettings,
  refund: {
    userId: string;
    orderId: string;
    returnRequestId?: string;
    amountPaise: number;
    bonusPercent: number;
  },
  now: Date,
): Promise<{ bonusPaise: number }> {
  if (refund.amountPaise <= 0) return { bonusPaise: 0 };
  const about = { userId: refund.userId, orderId: refund.orderId, returnRequestId: refund.returnRequestId ?? null };
  const options = { expiryDays: settings.expiryDays, now };
  const reason = refund.returnRequestId
    ? REFUND_CREDIT_REASONS.returned(refund.orderId)
    : REFUND_CREDIT_REASONS.cancelled(refund.orderId);
  await added(tx, { ...about, amountPaise: refund.amountPaise, kind: 'refund', reason }, options);
  const bonusPaise = refundBonusPaise(refund.amountPaise, refund.bonusPercent);
  if (bonusPaise > 0) {
    const bonus = { ...about, amountPaise: bonusPaise, kind: 'refund_bonus' as const };
    await added(tx, { ...bonus, reason: REFUND_CREDIT_REASONS.bonus(refund.orderId) }, options);
  }
  return { bonusPaise };
}

/**
 * An order closed before it was kept (cancelled, failed, returned to origin) gives back the store
 * credit it was paid with, as a 'spend_returned' entry: the spend undone, so the credit keeps its
 * expiry (ADR 0050). In the caller's transaction, after the order, coupon, stock and refund rows.
 */
export async function giveSpentCreditBack(
  tx: Database,
  order: { id: string; userId: string; creditPaise: number },
  now = new Date(),
): Promise<void> {
  if (order.creditPaise <= 0) return;
  const reason = REFUND_CREDIT_REASONS.spentReturned(order.id);
  const about = { userId: order.userId, orderId: order.id };
  await added(tx, { ...about, amountPaise: order.creditPaise, kind: 'spend_returned', reason }, { now });
}

/** An entry added, or its refusal thrown: the caller's transaction rolls back whole. */
async function added(tx: Database, move: CreditMove<StoreCreditCreditKind>, options: Parameters<typeof addCredit>[2]) {
  const result = await addCredit(tx, move, options);
  if (!result.ok) throw new FailureError(result);
}
