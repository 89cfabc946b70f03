// Staff grant or take back a customer's store credit (ADR 0048), from the admin's customer page:
// an amount in rupees, a reason the customer reads in their history, and above
// STORE_CREDIT_CODE_ABOVE_RUPEES a fresh code from the staff member's authenticator app, as for a
// refund (ADR 0020). Each move and its audit entry are written in one transaction; a refusal says
// why and writes nothing.
import { eq } from 'drizzle-orm';

import { formatPaise, parseRupeesToPaise } from '../../common/money.ts';
import { STAFF_CREDIT_MAX_PAISE, STORE_CREDIT_MESSAGES, STORE_CREDIT_REASON_MAX } from '../../common/store-credit.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Failure, type Result } from '../errors.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { addCredit, creditBalance, takeCredit, type Moved } from './ledger.ts';
import type { StoreCreditSettings } from './settings.ts';

export interface StaffCreditDeps {
  db: Database;
  settings: StoreCreditSettings;
}

/** What the form sends: the amount in rupees as typed ('500', '₹1,299.50') and the reason. */
export interface StaffCreditInput {
  amount?: unknown;
  reason?: unknown;
}

/**
 * Checks a fresh code from the acting staff member's authenticator app (auth/two-factor.ts
 * `requireFreshCode`, which the page passes in: auth is a later domain than this one).
 */
export type FreshCodeCheck = () => Promise<Result>;

function fieldFailure(field: 'amount' | 'reason', message: string): Failure {
  return failure('invalid', message, { fieldErrors: { [field]: message } });
}

/** The amount typed, in paise: a refusal unless it is rupees with at most two decimals, above zero. */
export function parseStaffAmount(input: unknown): Result<{ paise: number }> {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return fieldFailure('amount', STORE_CREDIT_MESSAGES.amountNeeded);
  if (/^-/.test(text)) return fieldFailure('amount', STORE_CREDIT_MESSAGES.amountPositive);
  if (/^(₹|rs\.?|inr)?\s*[\d,]*\.\d{3,}$/i.test(text)) {
    return fieldFailure('amount', STORE_CREDIT_MESSAGES.amountPaise);
  }
  const paise = text.length > 20 ? null : parseRupeesToPaise(text);
  if (paise === null) return fieldFailure('amount', STORE_CREDIT_MESSAGES.amountNeeded);
  if (paise <= 0) return fieldFailure('amount', STORE_CREDIT_MESSAGES.amountPositive);
  if (paise > STAFF_CREDIT_MAX_PAISE) return fieldFailure('amount', STORE_CREDIT_MESSAGES.amountTooLarge);
  return { ok: true, paise };
}

function parseReason(input: unknown): Result<{ reason: string }> {
  const reason = typeof input === 'string' ? input.replace(/\p{Cc}/gu, ' ').trim() : '';
  if (reason === '') return fieldFailure('reason', STORE_CREDIT_MESSAGES.reasonNeeded);
  if (reason.length > STORE_CREDIT_REASON_MAX) return fieldFailure('reason', STORE_CREDIT_MESSAGES.reasonTooLong);
  return { ok: true, reason };
}

/** A customer whose credit staff may move: a shopper's account, not deleted. */
async function movableCustomer(db: Database, userId: string): Promise<Failure | undefined> {
  const [customer] = userId
    ? await db.select({ role: users.role, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId))
    : [];
  if (!customer || customer.role !== 'customer') return failure('not_found', STORE_CREDIT_MESSAGES.customerNotFound);
  if (customer.deletedAt) return failure('conflict', STORE_CREDIT_MESSAGES.accountDeleted);
  return undefined;
}

function notEnoughToTakeBack(balancePaise: number): Failure {
  const message = `The customer has ${formatPaise(balancePaise)} of store credit: you cannot take back more than that.`;
  return fieldFailure('amount', message);
}

/** Staff give a customer store credit, or take it back: never more than the customer has. */
export async function moveCreditByStaff(
  deps: StaffCreditDeps,
  actor: Actor,
  direction: 'grant' | 'revoke',
  userId: string,
  input: StaffCreditInput,
  freshCode: FreshCodeCheck,
  now = new Date(),
): Promise<Result<Moved>> {
  const amount = parseStaffAmount(input.amount);
  if (!amount.ok) return amount;
  const reason = parseReason(input.reason);
  if (!reason.ok) return reason;
  const refused = await movableCustomer(deps.db, userId);
  if (refused) return refused;
  // Judged again under the balance row's lock below; here so a code is not used up for nothing.
  const before = await creditBalance(deps.db, userId);
  if (direction === 'revoke' && amount.paise > before) return notEnoughToTakeBack(before);
  if (amount.paise > deps.settings.codeAbovePaise) {
    const checked = await freshCode();
    if (!checked.ok) return checked;
  }

  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const move = { userId, amountPaise: amount.paise, reason: reason.reason, createdBy: actor.id };
      const moved =
        direction === 'grant'
          ? await addCredit(tx, { ...move, kind: 'staff_grant' }, { expiryDays: deps.settings.expiryDays, now })
          : await takeCredit(tx, { ...move, kind: 'staff_revoke' }, now);
      if (!moved.ok) {
        throw new FailureError(
          moved.kind === 'conflict' ? notEnoughToTakeBack(await creditBalance(tx, userId)) : moved,
        );
      }
      const shown = formatPaise(amount.paise);
      await recordAudit(tx, actor, {
        action: direction === 'grant' ? 'store_credit.grant' : 'store_credit.revoke',
        entityType: 'customer',
        entityId: userId,
        summary:
          direction === 'grant'
            ? `Granted ${shown} of store credit: ${reason.reason}`
            : `Took back ${shown} of store credit: ${reason.reason}`,
        before: { balancePaise: moved.balancePaise + (direction === 'grant' ? -amount.paise : amount.paise) },
        after: { balancePaise: moved.balancePaise, entryId: moved.entry.id },
      });
      return moved;
    }),
  );
}
