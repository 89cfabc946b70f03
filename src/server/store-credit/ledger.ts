// Store credit as a ledger (ADR 0048). Every move is one append-only entry; the database adds it to
// the shopper's balance row in the same statement and refuses one that would take the balance
// below zero (the triggers of migration store_credit). These functions are how every other module
// moves credit: they take the caller's transaction, so a refund given as credit, a checkout paying
// with it or a staff grant stands or falls with its entry.
//
// Locks: a debit locks the shopper's balance row first (THE LOCK ORDER of checkout/workflow.ts: after
// the refund row, before cart lines); a credit's insert takes the same row through the trigger.
import { asc, count, eq } from 'drizzle-orm';

import { formatPaise } from '../../common/money.ts';
import {
  STORE_CREDIT_MESSAGES,
  STORE_CREDIT_REASON_MAX,
  STORE_CREDIT_REASONS,
  type StoreCreditCreditKind,
  type StoreCreditDebitKind,
} from '../../common/store-credit.ts';
import type { Database } from '../db/client.ts';
import { storeCreditBalances, storeCreditEntries, type StoreCreditEntry } from '../db/schema.ts';
import { failure, FailureError, type Result } from '../errors.ts';
import { recordAudit, STORE_ITSELF } from '../shared/audit.ts';
import { amountToExpire, type LedgerLine } from './fifo.ts';
import { newestFirst } from '../shared/newest-first.ts';

/** Entries of the history to a page (the profile and the admin's customer page). */
export const CREDIT_HISTORY_PAGE_SIZE = 20;
/** The largest amount one entry may carry: a PostgreSQL integer. */
const MAX_ENTRY_PAISE = 2_147_483_647;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One move of credit, as its caller names it: the amount is always above zero, the kind gives the sign. */
export interface CreditMove<Kind extends string> {
  userId: string;
  amountPaise: number;
  kind: Kind;
  /** What the shopper's history says (1 to 200 characters). */
  reason: string;
  orderId?: string | null;
  returnRequestId?: string | null;
  checkoutId?: string | null;
  /** The staff member moving it; null or left out when the store does (a refund, a checkout). */
  createdBy?: string | null;
}

export interface Moved {
  entry: StoreCreditEntry;
  /** The shopper's balance after the entry. */
  balancePaise: number;
}

/** The shopper's store credit now, in paise (0 for one who never had any). */
export async function creditBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ balancePaise: storeCreditBalances.balancePaise })
    .from(storeCreditBalances)
    .where(eq(storeCreditBalances.userId, userId));
  return row?.balancePaise ?? 0;
}

export interface CreditHistory {
  entries: StoreCreditEntry[];
  /** Entries in all, over every page. */
  total: number;
  page: number;
  pages: number;
}

/** One page of the shopper's entries, newest first; a page past the last is the last. */
export async function creditHistory(db: Database, userId: string, page: number): Promise<CreditHistory> {
  const [totals] = await db
    .select({ total: count() })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId));
  const total = totals?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CREDIT_HISTORY_PAGE_SIZE));
  const shown = Number.isInteger(page) ? Math.min(Math.max(page, 1), pages) : 1;
  const entries = await db
    .select()
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(newestFirst(storeCreditEntries))
    .limit(CREDIT_HISTORY_PAGE_SIZE)
    .offset((shown - 1) * CREDIT_HISTORY_PAGE_SIZE);
  return { entries, total, page: shown, pages };
}

/** Every entry of the shopper's, newest first (their data download). */
export async function allCreditEntries(db: Database, userId: string): Promise<StoreCreditEntry[]> {
  return db
    .select()
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(newestFirst(storeCreditEntries));
}

/** When a credit given `now` expires, with STORE_CREDIT_EXPIRY_DAYS; null when credit does not expire. */
function creditExpiry(now: Date, expiryDays: number | undefined): Date | null {
  return expiryDays === undefined ? null : new Date(now.getTime() + expiryDays * DAY_MS);
}

/**
 * The bonus on a refund taken as store credit (STORE_CREDIT_REFUND_BONUS_PERCENT), rounded down to
 * whole paise: the store gives at most what it says.
 */
export function refundBonusPaise(refundPaise: number, bonusPercent: number): number {
  if (!Number.isSafeInteger(refundPaise) || refundPaise <= 0) return 0;
  return Math.floor((refundPaise * bonusPercent) / 100);
}

/** The amount and reason of a move, checked; a failure names what is wrong. */
function checkMove(move: CreditMove<string>): Result<{ reason: string }> {
  if (!Number.isSafeInteger(move.amountPaise) || move.amountPaise <= 0 || move.amountPaise > MAX_ENTRY_PAISE) {
    return failure('invalid', STORE_CREDIT_MESSAGES.amountPositive, {
      fieldErrors: { amount: STORE_CREDIT_MESSAGES.amountPositive },
    });
  }
  const reason = move.reason.trim();
  if (reason === '') return failure('invalid', STORE_CREDIT_MESSAGES.reasonNeeded);
  if (reason.length > STORE_CREDIT_REASON_MAX) return failure('invalid', STORE_CREDIT_MESSAGES.reasonTooLong);
  return { ok: true, reason };
}

/** Whether the database refused an entry because the balance would go below zero. */
function isOverdrawn(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === '23514' && cause.message.includes('store_credit_balances_balance_check')) return true;
  }
  return false;
}

async function insertEntry(
  tx: Database,
  move: CreditMove<string>,
  signedPaise: number,
  reason: string,
  expiresAt: Date | null,
): Promise<Moved> {
  let entry: StoreCreditEntry | undefined;
  try {
    [entry] = await tx
      .insert(storeCreditEntries)
      .values({
        userId: move.userId,
        amountPaise: signedPaise,
        kind: move.kind as StoreCreditEntry['kind'],
        reason,
        orderId: move.orderId ?? null,
        returnRequestId: move.returnRequestId ?? null,
        checkoutId: move.checkoutId ?? null,
        createdBy: move.createdBy ?? null,
        expiresAt,
      })
      .returning();
  } catch (error) {
    // Only if a caller skipped the balance row's lock: the transaction is lost, so it rolls back.
    if (isOverdrawn(error)) throw new FailureError(failure('conflict', STORE_CREDIT_MESSAGES.notEnough));
    throw error;
  }
  return { entry: entry!, balancePaise: await creditBalance(tx, move.userId) };
}

/**
 * Adds credit to a shopper, in the caller's transaction: a refund, its bonus, credit a cancelled
 * checkout gives back, or a staff grant. With STORE_CREDIT_EXPIRY_DAYS (`expiryDays`) the credit
 * expires that long after `now`. A refusal (an amount not above zero, a reason missing) writes nothing.
 */
export async function addCredit(
  tx: Database,
  move: CreditMove<StoreCreditCreditKind>,
  options: { expiryDays?: number | undefined; now?: Date } = {},
): Promise<Result<Moved>> {
  const checked = checkMove(move);
  if (!checked.ok) return checked;
  const expiresAt = creditExpiry(options.now ?? new Date(), options.expiryDays);
  return { ok: true, ...(await insertEntry(tx, move, move.amountPaise, checked.reason, expiresAt)) };
}

/**
 * The shopper's balance row, locked for the rest of the transaction (THE LOCK ORDER: after the
 * refund row, before cart lines); 0 for a shopper who never had credit (nothing to lock: a credit
 * inserts the row, and waits on nobody's debit).
 */
async function lockCreditBalance(tx: Database, userId: string): Promise<number> {
  const [row] = await tx
    .select({ balancePaise: storeCreditBalances.balancePaise })
    .from(storeCreditBalances)
    .where(eq(storeCreditBalances.userId, userId))
    .for('update');
  return row?.balancePaise ?? 0;
}

/**
 * Takes credit from a shopper, in the caller's transaction: spent at checkout, taken back by staff.
 * The balance row is locked first, and credit whose expiry has passed is expired before (so it is
 * never spent); taking more than is left is refused with 'You do not have enough store credit.' and
 * writes nothing.
 */
export async function takeCredit(
  tx: Database,
  move: CreditMove<Exclude<StoreCreditDebitKind, 'expired'>>,
  now = new Date(),
): Promise<Result<Moved>> {
  const checked = checkMove(move);
  if (!checked.ok) return checked;
  const locked = await lockCreditBalance(tx, move.userId);
  const due = amountToExpire(await ledgerLines(tx, move.userId), now);
  if (move.amountPaise > locked - due) return failure('conflict', STORE_CREDIT_MESSAGES.notEnough);
  if (due > 0) await writeExpiry(tx, move.userId, due);
  return { ok: true, ...(await insertEntry(tx, move, -move.amountPaise, checked.reason, null)) };
}

/** The shopper's ledger, oldest first, as the FIFO arithmetic reads it. */
export async function ledgerLines(db: Database, userId: string): Promise<LedgerLine[]> {
  return db
    .select({
      id: storeCreditEntries.id,
      amountPaise: storeCreditEntries.amountPaise,
      expiresAt: storeCreditEntries.expiresAt,
      createdAt: storeCreditEntries.createdAt,
      kind: storeCreditEntries.kind,
    })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(asc(storeCreditEntries.createdAt), asc(storeCreditEntries.id));
}

/**
 * What the shopper may spend `now`: the balance less any credit whose expiry has passed and that
 * the hourly job has not written off yet (a debit would write it off first). Read without locking
 * the balance row: a debit (`takeCredit`) judges again under its lock.
 */
export async function spendableCredit(db: Database, userId: string, now: Date): Promise<number> {
  const lines = await ledgerLines(db, userId);
  return lines.reduce((total, line) => total + line.amountPaise, 0) - amountToExpire(lines, now);
}

/**
 * Writes the `expired` entry due for the shopper by `now` (first in, first out: fifo.ts), with its
 * audit entry, in the caller's transaction, after locking the balance row; returns the amount
 * expired (0 for none).
 */
export async function expireDueCredit(tx: Database, userId: string, now: Date): Promise<number> {
  await lockCreditBalance(tx, userId);
  const due = amountToExpire(await ledgerLines(tx, userId), now);
  if (due > 0) await writeExpiry(tx, userId, due);
  return due;
}

async function writeExpiry(tx: Database, userId: string, due: number): Promise<void> {
  const move = { userId, amountPaise: due, kind: 'expired', reason: STORE_CREDIT_REASONS.expired } as const;
  const { entry, balancePaise } = await insertEntry(tx, move, -due, move.reason, null);
  await recordAudit(tx, STORE_ITSELF, {
    action: 'store_credit.expire',
    entityType: 'customer',
    entityId: userId,
    summary: `${formatPaise(due)} of store credit expired`,
    after: { entryId: entry.id, amountPaise: -due, balancePaise },
  });
}
