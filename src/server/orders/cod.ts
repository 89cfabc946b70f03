// A cash on delivery order after it is placed (ADR 0047, ADR 0049): its shopper confirms it, from
// the emailed link or from Your Orders; the store cancels it when nobody did within
// COD_CONFIRM_HOURS; staff record the cash the courier remitted once it was delivered. The status
// moves themselves are the state machine's (status.ts); this module judges who may make them.
import { timingSafeEqual } from 'node:crypto';

import { and, asc, desc, eq, isNull, lte } from 'drizzle-orm';

import { isUuid } from '../../common/ids.ts';
import type { Database } from '../db/client.ts';
import { orders, shipments, type Order } from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Failure, type Result } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { InvoiceSettings } from '../invoices/settings.ts';
import { recordAudit, STORE_ITSELF } from '../shared/audit.ts';
import { codConfirmTokenHash } from './cod-token.ts';
import type { OrderEmails } from './emails.ts';
import { parseReferenceAndDay } from './reference-and-day.ts';
import { indiaDate } from './shipping.ts';
import { announce, closeUnpaid, confirmLocked, lockOrder, type RecordMove } from './status.ts';

export const COD_CONFIRM_MESSAGES = {
  confirmed: 'Thank you: your order is confirmed. We will let you know when it ships.',
  alreadyConfirmed: 'This order is already confirmed.',
  expired: 'This confirmation link has expired.',
  /** The same words for a wrong token, another shopper's order and an unknown one. */
  invalid: 'This confirmation link is not valid.',
  cancelled: 'This order was cancelled, so it can no longer be confirmed.',
  /** From Your Orders, where there is no link. */
  tooLate: 'The time to confirm this order has passed.',
  notFound: 'Order not found',
} as const;

export const CASH_MESSAGES = {
  reference: 'Enter the remittance reference.',
  referenceTooLong: 'The remittance reference must be at most 100 characters.',
  date: 'Enter the date the courier remitted the cash.',
  dateInFuture: 'The remittance date cannot be in the future.',
  dateBeforeDelivery: 'The remittance date cannot be before the order was delivered.',
  notCod: 'Only a cash on delivery order has cash to receive.',
  notDelivered: 'The cash can be recorded once the order has been delivered.',
  already: 'The cash of this order has already been recorded as received.',
} as const;

const HOUR_MS = 3_600_000;

/** How the asker shows the order is theirs: the emailed link's token, or their session on Your Orders. */
export type ConfirmationProof = { token: unknown } | 'session';

/** Whether the order's time to be confirmed has run out (COD_CONFIRM_HOURS after it was placed). */
function confirmationExpired(order: Pick<Order, 'createdAt'>, confirmHours: number, now: Date): boolean {
  return now.getTime() >= order.createdAt.getTime() + confirmHours * HOUR_MS;
}

function tokenMatches(order: Order, token: unknown): boolean {
  // The token is 43 characters of base64url; anything far longer is not one.
  if (typeof token !== 'string' || token.length === 0 || token.length > 200 || !order.codConfirmTokenHash) return false;
  const given = Buffer.from(codConfirmTokenHash(token), 'hex');
  const kept = Buffer.from(order.codConfirmTokenHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * Why this shopper may not confirm this order now, or undefined when they may. Through the link,
 * another shopper's order, an unknown one and a wrong token read alike; on Your Orders, another
 * shopper's order is not found.
 */
function confirmationRefusal(
  order: Order | undefined,
  userId: string,
  proof: ConfirmationProof,
  confirmHours: number,
  now: Date,
): Failure | undefined {
  const byLink = proof !== 'session';
  if (
    !order ||
    order.userId !== userId ||
    order.paymentMethod !== 'cod' ||
    (byLink && !tokenMatches(order, proof.token))
  ) {
    return byLink
      ? failure('not_found', COD_CONFIRM_MESSAGES.invalid)
      : failure('not_found', COD_CONFIRM_MESSAGES.notFound);
  }
  if (order.codConfirmedAt) return failure('conflict', COD_CONFIRM_MESSAGES.alreadyConfirmed);
  const expired = confirmationExpired(order, confirmHours, now);
  if (order.status === 'awaiting_confirmation' && !expired) return undefined;
  if (order.status === 'awaiting_confirmation' || (order.status === 'cancelled' && expired)) {
    return failure('conflict', byLink ? COD_CONFIRM_MESSAGES.expired : COD_CONFIRM_MESSAGES.tooLate);
  }
  return failure('conflict', COD_CONFIRM_MESSAGES.cancelled);
}

/**
 * What the confirmation page shows (a GET confirms nothing: mail scanners fetch links): the order,
 * or why it cannot be confirmed, judged as the confirmation would be.
 */
export async function orderToConfirm(
  db: Database,
  userId: string,
  orderId: string,
  token: unknown,
  confirmHours: number,
  now = new Date(),
): Promise<Result<{ order: Order }>> {
  const [order] = isUuid(orderId) ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
  const refusal = confirmationRefusal(order, userId, { token }, confirmHours, now);
  // A confirmed order's page says so; its details are on Your Orders.
  return refusal ?? { ok: true, order: order! };
}

export interface CodConfirmDeps {
  db: Database;
  orderEmails: OrderEmails;
  confirmHours: number;
}

/**
 * The shopper confirms their cash on delivery order, with the emailed link's token or from Your
 * Orders: judged again under the order's lock, so a link used twice at once confirms once. The
 * order moves on to pending (status.ts), `record` notes it in the same transaction, and the
 * shopper is emailed.
 */
export async function confirmCodOrder(
  deps: CodConfirmDeps,
  userId: string,
  orderId: unknown,
  proof: ConfirmationProof,
  record: RecordMove,
  now = new Date(),
): Promise<Result<{ order: Order }>> {
  const unknown = proof === 'session' ? COD_CONFIRM_MESSAGES.notFound : COD_CONFIRM_MESSAGES.invalid;
  if (typeof orderId !== 'string' || !isUuid(orderId)) return failure('not_found', unknown);
  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const refusal = confirmationRefusal(order, userId, proof, deps.confirmHours, now);
      if (refusal) throw new FailureError(refusal);
      const move = await announce(deps, tx, record, {
        order: await confirmLocked(tx, order!, now),
        from: order!.status,
        to: 'pending',
      });
      return { ok: true as const, order: move.order };
    }),
  );
}

/** At most this many orders are cancelled in one run; the next run takes the rest. */
const CANCEL_BATCH = 500;

/**
 * The scheduled job's work: every cash on delivery order still awaiting confirmation
 * COD_CONFIRM_HOURS after it was placed is cancelled, each in its own transaction under its row
 * lock and judged again there (its shopper may have confirmed it meanwhile, or another instance
 * cancelled it): its units and coupon use come back, the audit log names the store, and the
 * shopper is told why. Returns how many it cancelled.
 */
export async function cancelUnconfirmedCodOrders(
  deps: { db: Database; orderEmails: OrderEmails; invoices: InvoiceSettings; logger: Logger; confirmHours: number },
  now = new Date(),
): Promise<number> {
  const placedBy = new Date(now.getTime() - deps.confirmHours * HOUR_MS);
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_confirmation'), lte(orders.createdAt, placedBy)))
    .orderBy(asc(orders.createdAt))
    .limit(CANCEL_BATCH);
  let cancelled = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (order?.status !== 'awaiting_confirmation' || !confirmationExpired(order, deps.confirmHours, now))
        return false;
      await closeUnpaid(
        deps,
        tx,
        order,
        'cancelled',
        (inner, move) =>
          recordAudit(inner, STORE_ITSELF, {
            action: 'order.status',
            entityType: 'order',
            entityId: order.id,
            summary: `Order #${order.id.slice(0, 8)} awaiting_confirmation → cancelled: not confirmed within ${deps.confirmHours} hours`,
            before: { status: move.from },
            after: { status: move.to },
          }),
        'unconfirmed',
      );
      return true;
    });
    if (done) cancelled += 1;
  }
  if (cancelled > 0) deps.logger.info({ cancelled }, 'orders: unconfirmed cash on delivery orders cancelled');
  return cancelled;
}

/** A remittance recorded, as its transaction records it. */
export interface CashReceived {
  order: Order;
  reference: string;
  remittedOn: string;
}

/**
 * Staff record the cash a delivered cash on delivery order's courier remitted, once: under the
 * order's lock, the day checked against India's today and the day the order's parcel was
 * delivered. `record` notes it (the audit entry) in the same transaction.
 */
export async function recordCashReceived(
  db: Database,
  orderId: string,
  input: { reference?: unknown; remittedOn?: unknown },
  record: (tx: Database, received: CashReceived) => Promise<void>,
  now = new Date(),
): Promise<Result<CashReceived>> {
  if (!isUuid(orderId)) return failure('not_found', COD_CONFIRM_MESSAGES.notFound);
  const parsed = parseReferenceAndDay({ reference: input.reference, day: input.remittedOn }, CASH_MESSAGES, {
    maxLength: 100,
    dayField: 'remittedOn',
    now,
  });
  if (!parsed.ok) return parsed;
  const receipt = { reference: parsed.reference, remittedOn: parsed.day };
  return refusalsAsFailures(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new FailureError(failure('not_found', COD_CONFIRM_MESSAGES.notFound));
      if (order.paymentMethod !== 'cod') throw new FailureError(failure('conflict', CASH_MESSAGES.notCod));
      if (order.cashReceivedAt) throw new FailureError(failure('conflict', CASH_MESSAGES.already));
      const deliveredAt = await deliveredAtOf(tx, order.id);
      if (!deliveredAt) throw new FailureError(failure('conflict', CASH_MESSAGES.notDelivered));
      if (receipt.remittedOn < indiaDate(deliveredAt)) {
        throw new FailureError(
          failure('invalid', CASH_MESSAGES.dateBeforeDelivery, {
            fieldErrors: { remittedOn: CASH_MESSAGES.dateBeforeDelivery },
          }),
        );
      }
      const [updated] = await tx
        .update(orders)
        .set({ cashReceivedAt: now, cashReference: receipt.reference, cashRemittedOn: receipt.remittedOn })
        .where(eq(orders.id, order.id))
        .returning();
      const received = { order: updated!, reference: receipt.reference, remittedOn: receipt.remittedOn };
      await record(tx, received);
      return { ok: true as const, ...received };
    }),
  );
}

/** When the order's own parcel (not an exchange's) was delivered, if it was. */
async function deliveredAtOf(db: Database, orderId: string): Promise<Date | undefined> {
  const [parcel] = await db
    .select({ deliveredAt: shipments.deliveredAt })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), isNull(shipments.returnRequestId)))
    .orderBy(desc(shipments.shippedAt))
    .limit(1);
  return parcel?.deliveredAt ?? undefined;
}
