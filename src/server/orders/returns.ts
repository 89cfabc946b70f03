// Returns and size exchanges (ADR 0025). From a delivered order, within the return
// window, a shopper asks to return or exchange units of one line; an exchange takes its new size
// from stock at once (the same conditional update as checkout: nobody else can buy the held unit
// while the request waits), and the unit goes back if the request is rejected or expires. Staff
// approve or reject, mark the pickup done, then refund a return (with a credit note) or ship the
// exchange's new size as a parcel of its own. The moves are orders/status.ts's (returnMoves); every
// one writes the audit log and queues the shopper's email in its transaction.
//
// A return's refund goes where the shopper chose when asking (ADR 0051), kept on the request: an
// order paid online back to its payment through Razorpay (part of it, with the return's own
// idempotency key) or to store credit; an order paid in cash to store credit or paid out by staff
// to the UPI ID or bank account the shopper gave. Store credit is given in the transaction that
// refunds; a payout is recorded as due, and the return is refunded when staff record it paid.
//
// Locks, in THE LOCK ORDER of checkout/workflow.ts for a transaction that starts from an order:
// the order row, then the request row, then stock rows, then the refund row, then the shopper's
// store credit balance row (and the credit note's sequence row last). Two requests for the same
// order wait on the order row, so the units already asked back are counted by one at a time.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';

import { SIZES } from '../../common/catalog.ts';
import { MAX_LINE_QUANTITY } from '../../common/cart-messages.ts';
import { isUuid } from '../../common/ids.ts';
import { hasControlCharacters } from '../../common/validation.ts';
import { formatPaise } from '../../common/money.ts';
import { orderNumber } from '../../common/orders.ts';
import {
  MAX_PAYOUT_REFERENCE_LENGTH,
  parseRefundChoice,
  PAYOUT_MESSAGES,
  REFUND_MESSAGES,
  refundDestinationLabel,
  creditBonusFor,
  destinationRefusal,
  refundDestinationsFor,
  type RefundChoice,
  type RefundDestination,
} from '../../common/refunds.ts';
import {
  MAX_RETURN_NOTE_LENGTH,
  RETURN_KINDS,
  RETURN_REASON_VALUES,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  describeRequest,
  type ReturnStatus,
} from '../../common/returns.ts';
import { recordAudit, STORE_ITSELF, type Actor } from '../shared/audit.ts';
import { pageWithTotal } from '../shared/paging.ts';
import type { UploadedFile } from '../storage/uploads.ts';
import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import type { ReturnSettings } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  orders,
  products,
  productStock,
  refunds,
  returnRequests,
  shipments,
  users,
  type Order,
  type OrderItem,
  type ReturnRequest,
  type Shipment,
} from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Result } from '../errors.ts';
import { returnUnits, takeUnits } from '../inventory/stock.ts';
import { issueCreditNote } from '../invoices/issue.ts';
import type { InvoiceSettings } from '../invoices/settings.ts';
import { paidForUnits } from '../invoices/tax.ts';
import { RazorpayError } from '../payments/razorpay.ts';
import {
  confirmRefund,
  noteRefundFailure,
  recordPayout,
  recordReturnRefund,
  refundOfReturn,
  requestRefund,
  type Refund,
} from '../payments/refunds.ts';
import type { ImageDeps } from '../storage/product-images.ts';
import { creditRefund } from './refund-credit.ts';
import { parseReferenceAndDay } from './reference-and-day.ts';
import { preparePhotos, storePhotos } from './return-photos.ts';
import { rowsOfOrders } from './rows-of-orders.ts';
import { indiaDate, parseShipment, recordDelivery, recordShipment, shipmentsOf } from './shipping.ts';
import {
  closeAsReturned,
  lockOrder,
  returnable,
  returnCountsUnits,
  returnMoves,
  type OrderMoveDeps,
} from './status.ts';

const DAY_MS = 24 * 60 * 60_000;

export const RETURN_MESSAGES = {
  notFound: 'Order not found',
  requestNotFound: 'Return request not found',
  item: 'Choose the item to return or exchange.',
  kind: 'Choose whether to return the item or exchange it for another size.',
  quantity: `Enter how many units: a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  reason: 'Choose the reason.',
  note: `The note can be at most ${MAX_RETURN_NOTE_LENGTH} characters.`,
  exchangeSize: 'Choose the size you want instead.',
  sameSize: 'Choose a different size from the one you have.',
  sizeNotOffered: 'This product is not made in that size.',
  notDelivered: 'This order has not been delivered yet, so its items cannot be returned or exchanged.',
  windowClosed: (lastDay: string) => `Returns and exchanges for this order closed on ${lastDay}.`,
  noSuchItem: 'This item is not part of the order.',
  allAsked: 'You have already asked to return or exchange every unit of this item.',
  tooMany: (left: number) => `You can return or exchange at most ${left} more of this item.`,
  requested: 'Your request was sent. We will email you when it has been reviewed.',
  photosNotSaved: 'Your photos could not be saved just now, so the request was not sent. Please try again.',
  staffMessage: `The message can be at most ${MAX_RETURN_NOTE_LENGTH} characters.`,
  rejectionReason: 'Tell the customer why the request is rejected.',
  controlCharacters: 'The text must not contain control characters.',
} as const;

/** What the return services need: the moves' dependencies, the return settings, invoices and photos. */
export interface ReturnDeps extends OrderMoveDeps {
  returns: ReturnSettings;
  invoices: InvoiceSettings;
  images: Pick<ImageDeps, 'config'>;
  /** A shopper's limit of return requests (RATE_LIMIT_RETURN_REQUESTS_PER_SHOPPER_PER_HOUR). */
  requestLimit: RateRule;
  /**
   * Given when the store ships through a courier provider: books the courier's reverse pickup of
   * an approved request, in the approving transaction (courier/ sends its job; orders/ comes
   * before courier/, so it is handed this rather than importing it). Without it, staff arrange
   * the pickup and mark it done by hand.
   */
  reversePickups?: { book(tx: Database, returnRequestId: string): Promise<void> };
}

/** Who the shopper is, for the audit log (the customer acts on their own order). */
type Shopper = Actor;

/** Typed text of a request or of staff: at most MAX_RETURN_NOTE_LENGTH, line breaks but no control characters. */
const noteText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(MAX_RETURN_NOTE_LENGTH, message)
    .refine((value) => !hasControlCharacters(value, { multiline: true }), RETURN_MESSAGES.controlCharacters);

const optionalText = (message: string) =>
  noteText(message)
    .optional()
    .transform((value) => value ?? '');

const RequestSchema = z
  .object({
    // An order line is its product and size: `12:M`.
    item: z.string({ error: RETURN_MESSAGES.item }).regex(/^\d{1,9}:[A-Z]{1,3}$/, RETURN_MESSAGES.item),
    kind: z.enum(RETURN_KINDS, { error: RETURN_MESSAGES.kind }),
    quantity: z.coerce
      .number({ error: RETURN_MESSAGES.quantity })
      .int(RETURN_MESSAGES.quantity)
      .min(1, RETURN_MESSAGES.quantity)
      .max(MAX_LINE_QUANTITY, RETURN_MESSAGES.quantity),
    reason: z.enum(RETURN_REASON_VALUES, { error: RETURN_MESSAGES.reason }),
    note: optionalText(RETURN_MESSAGES.note),
    exchangeSize: z
      .string()
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((input, context) => {
    if (input.kind !== 'exchange') return;
    if (!input.exchangeSize || !(SIZES as readonly string[]).includes(input.exchangeSize)) {
      context.addIssue({ code: 'custom', path: ['exchangeSize'], message: RETURN_MESSAGES.exchangeSize });
    }
  });

/** The day a moment falls on, as the pages write days ('28 November 2026'), in India. */
function formatDay(moment: Date): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(moment);
}

/** When the order's own parcel arrived, of its parcels; undefined while it has not. */
function deliveredAt(parcels: readonly Shipment[]): Date | undefined {
  return parcels.filter((parcel) => parcel.returnRequestId === null).at(-1)?.deliveredAt ?? undefined;
}

/** Until when an order's items may be asked back: `windowDays` after its parcel arrived. */
function returnDeadline(parcels: readonly Shipment[], settings: ReturnSettings): Date | undefined {
  const arrived = deliveredAt(parcels);
  return arrived ? new Date(arrived.getTime() + settings.windowDays * DAY_MS) : undefined;
}

/** Whether the shopper may still ask for a return or exchange of this order, and until when. */
export function returnWindow(
  order: Pick<Order, 'status'>,
  parcels: readonly Shipment[],
  settings: ReturnSettings,
  now = new Date(),
): { open: boolean; lastDay: string } | undefined {
  const deadline = returnDeadline(parcels, settings);
  if (!returnable(order.status) || !deadline) return undefined;
  return { open: now <= deadline, lastDay: formatDay(deadline) };
}

const lineKey = (line: { productId: number; size: string }) => `${line.productId}:${line.size}`;

/** Units of a line already asked back (by requests that count: all but rejected and expired ones). */
async function unitsAskedBack(tx: Database, orderId: string, line: { productId: number; size: string }) {
  const rows = await tx
    .select({ status: returnRequests.status, quantity: returnRequests.quantity })
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.orderId, orderId),
        eq(returnRequests.productId, line.productId),
        eq(returnRequests.size, line.size),
      ),
    );
  return rows.filter((row) => returnCountsUnits(row.status)).reduce((sum, row) => sum + row.quantity, 0);
}

const refuse = (kind: 'invalid' | 'conflict' | 'not_found' | 'unavailable', message: string, field?: string): never => {
  throw new FailureError(failure(kind, message, field ? { fieldErrors: { [field]: message } } : {}));
};

/**
 * A shopper asks to return or exchange units of one line of their delivered order. Refuses, with a
 * message and nothing written: another shopper's or an unknown order (not found), an order not
 * delivered, a request after the window, an item not in the order, more units than were bought
 * or than are left to ask for, and an exchange to the same size, to a size the product is not
 * made in, or to one with no units left; a return without a choice of where its refund goes, or
 * with one its order does not offer (ADR 0051), or a payout to a UPI ID or bank account that is not
 * one; an exchange naming a refund; past the shopper's hourly limit, too many requests. The
 * photos are decoded only for the shopper's own order within the limit (decoding is the costliest
 * step), and stored in the transaction, so a refused request keeps none.
 */
export async function requestReturn(
  deps: ReturnDeps,
  shopper: Shopper,
  orderId: unknown,
  input: Record<string, unknown>,
  photoFiles: readonly UploadedFile[] = [],
  now = new Date(),
): Promise<Result<{ request: ReturnRequest }>> {
  if (typeof orderId !== 'string' || !isUuid(orderId)) return failure('not_found', RETURN_MESSAGES.notFound);
  const parsed = RequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return failure('invalid', issue.message, { fieldErrors: { [String(issue.path[0] ?? 'item')]: issue.message } });
  }
  const wanted = parsed.data;
  const [productIdText, size] = wanted.item.split(':') as [string, string];
  const line = { productId: Number(productIdText), size };
  // Judged again under the order's lock below; here only so that nobody else's order costs a decode.
  const [owned] = await deps.db
    .select({ id: orders.id, paymentId: orders.paymentId, creditPaise: orders.creditPaise })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, shopper.id)));
  if (!owned) return failure('not_found', RETURN_MESSAGES.notFound);
  const refundTo = refundChoiceOf(wanted.kind, input, owned);
  if (!refundTo.ok) return refundTo;
  const { choice } = refundTo;
  const limited = await consumeRateLimit(deps.db, `return-request:user:${shopper.id}`, deps.requestLimit, now);
  if (!limited.allowed) return tooManyAttempts(limited);
  const prepared = await preparePhotos(photoFiles);
  if (!prepared.ok) return failure('invalid', prepared.message, { fieldErrors: { photos: prepared.message } });
  const { photos } = prepared;

  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (order?.userId !== shopper.id) return refuse('not_found', RETURN_MESSAGES.notFound);
      if (!returnable(order.status)) return refuse('conflict', RETURN_MESSAGES.notDelivered);
      const parcels = await tx.select().from(shipments).where(eq(shipments.orderId, order.id));
      const deadline = returnDeadline(parcels, deps.returns);
      if (!deadline) return refuse('conflict', RETURN_MESSAGES.notDelivered);
      if (now > deadline) return refuse('conflict', RETURN_MESSAGES.windowClosed(formatDay(deadline)));
      // How the order was paid never changes; judged again here, with the rest, under the lock.
      if (choice && !refundDestinationsFor(order).includes(choice.to)) {
        return refuse('invalid', destinationRefusal(order), 'refundTo');
      }
      const bought = order.itemsJson.find((item) => lineKey(item) === lineKey(line));
      if (!bought) return refuse('invalid', RETURN_MESSAGES.noSuchItem, 'item');
      const left = bought.quantity - (await unitsAskedBack(tx, order.id, line));
      if (left <= 0) return refuse('conflict', RETURN_MESSAGES.allAsked);
      if (wanted.quantity > left) return refuse('invalid', RETURN_MESSAGES.tooMany(left), 'quantity');

      if (wanted.kind === 'exchange') {
        const exchangeSize = wanted.exchangeSize!;
        if (exchangeSize === line.size) return refuse('invalid', RETURN_MESSAGES.sameSize, 'exchangeSize');
        const [product] = await tx
          .select({ sizes: products.sizes })
          .from(products)
          .where(eq(products.id, line.productId));
        if (!product?.sizes.includes(exchangeSize)) {
          return refuse('invalid', RETURN_MESSAGES.sizeNotOffered, 'exchangeSize');
        }
        // The new size is held from now on: the same conditional update as a checkout's hold.
        await takeUnits(tx, [{ productId: line.productId, size: exchangeSize, quantity: wanted.quantity }], {
          kind: 'exchange',
          orderId: order.id,
        });
      }

      const [request] = await tx
        .insert(returnRequests)
        .values({
          orderId: order.id,
          kind: wanted.kind,
          productId: line.productId,
          size: line.size,
          quantity: wanted.quantity,
          exchangeSize: wanted.kind === 'exchange' ? wanted.exchangeSize! : null,
          reason: wanted.reason,
          note: wanted.note,
          photos: photos.map((photo) => photo.name),
          expiresAt: new Date(now.getTime() + deps.returns.holdDays * DAY_MS),
          createdAt: now,
          ...refundColumns(choice, creditBonusFor(order, deps.storeCredit.refundBonusPercent)),
        })
        .returning();
      await recordAudit(tx, shopper, {
        action: 'return.request',
        entityType: 'return',
        entityId: request!.id,
        summary: `${describeRequest(request!, bought)} on order #${orderNumber(order.id)} requested by the customer${choice ? `, refund to ${destinationOf(request!)}` : ''}`,
        // Where the refund goes, masked: the audit log keeps no account number.
        after: {
          status: 'requested',
          kind: request!.kind,
          quantity: request!.quantity,
          ...(choice
            ? { refundTo: choice.to, ...(choice.to === 'payout' ? { payoutTo: destinationOf(request!) } : {}) }
            : {}),
        },
      });
      await deps.orderEmails.enqueue(tx, returnEmail(request!));
      // Last, so a store that refuses them rolls the request back.
      try {
        await storePhotos(deps.images, photos);
      } catch (error) {
        deps.logger.error({ err: error, orderId: order.id }, 'returns: storing the photos of a request failed');
        return refuse('unavailable', RETURN_MESSAGES.photosNotSaved);
      }
      return { ok: true as const, request: request! };
    }),
  );
}

/**
 * Where a return's refund goes, from the form's fields: none for an exchange (which must name
 * none), and for a return one of the destinations its order offers, a payout with a valid UPI ID
 * or bank account.
 */
function refundChoiceOf(
  kind: 'return' | 'exchange',
  input: Record<string, unknown>,
  paidWith: { paymentId: string | null; creditPaise: number },
): Result<{ choice: RefundChoice | undefined }> {
  if (kind === 'exchange') {
    if (input.refundTo === undefined || input.refundTo === '') return { ok: true, choice: undefined };
    return failure('invalid', REFUND_MESSAGES.exchange, { fieldErrors: { refundTo: REFUND_MESSAGES.exchange } });
  }
  const parsed = parseRefundChoice(input, refundDestinationsFor(paidWith));
  if (!parsed.ok) return failure('invalid', parsed.message, { fieldErrors: { [parsed.field]: parsed.message } });
  return { ok: true, choice: parsed.choice };
}

/** The request's columns for the shopper's choice: only what the destination needs. */
function refundColumns(choice: RefundChoice | undefined, bonusPercent: number) {
  const payout = choice?.to === 'payout' ? choice.payout : undefined;
  return {
    refundDestination: choice?.to ?? null,
    // The bonus offered now is the one given, whenever staff refund it.
    creditBonusPercent: choice?.to === 'store_credit' ? bonusPercent : null,
    payoutUpiId: payout?.method === 'upi' ? payout.upiId : null,
    payoutAccountHolder: payout?.method === 'bank' ? payout.accountHolder : null,
    payoutAccountNumber: payout?.method === 'bank' ? payout.accountNumber : null,
    payoutIfsc: payout?.method === 'bank' ? payout.ifsc : null,
  };
}

/** Where a request's refund goes, masked as the shopper reads it: 'store credit', 'UPI ravi@okaxis'. */
function destinationOf(request: ReturnRequest): string {
  return refundDestinationLabel(request.refundDestination ?? 'original', {
    upiId: request.payoutUpiId,
    accountNumber: request.payoutAccountNumber,
  });
}

/** Where a refund went, as the return's email is told it. */
type RefundNews = { to: 'original' } | { to: 'store_credit'; bonusPaise: number } | { to: 'payout' };

const returnEmail = (request: ReturnRequest, refunded?: { amountPaise: number; news: RefundNews }) => ({
  kind: 'return-update' as const,
  orderId: request.orderId,
  returnRequestId: request.id,
  status: request.status,
  ...(refunded?.amountPaise ? { refundedPaise: refunded.amountPaise } : {}),
  ...(refunded && refunded.news.to !== 'original' ? { refundTo: refunded.news.to } : {}),
  ...(refunded?.news.to === 'store_credit' ? { creditBonusPaise: refunded.news.bonusPaise } : {}),
});

/** The moves staff make with details: a message, whether the units go back on sale, a parcel, a day. */
const StaffMessageSchema = noteText(RETURN_MESSAGES.staffMessage).optional();

export type ReturnMove = Result<{
  request: ReturnRequest;
  from: ReturnStatus;
  refundedPaise?: number;
  /** Where the refund went: the payment, store credit (with its bonus), or paid out. */
  refundedTo?: RefundNews;
  /** A payout recorded as due (the request waits, picked up, until staff record it paid). */
  payoutDue?: { amountPaise: number; to: string };
}>;

/**
 * Staff move a request on (approve, reject, picked up, replacement shipped, exchanged), under the
 * order's and the request's locks; a refund is `refundReturn`'s. Details: `message` for the
 * shopper (required to reject), `restock` ('yes') when the units picked up go back on sale, the
 * parcel for a replacement (courier, awb, trackingUrl) and `deliveredOn` for its delivery.
 */
export async function moveReturnRequest(
  deps: ReturnDeps,
  actor: Actor,
  requestId: string,
  to: unknown,
  details: Record<string, unknown> = {},
  now = new Date(),
): Promise<ReturnMove> {
  if (!isUuid(requestId)) return failure('not_found', RETURN_MESSAGES.requestNotFound);
  const target = RETURN_STATUSES.find((status) => status === to);
  if (!target || target === 'expired') return failure('invalid', 'Choose what to do with the request.');
  if (target === 'refunded') return refundReturn(deps, actor, requestId, now);
  const message = StaffMessageSchema.safeParse(details.message ?? undefined);
  if (!message.success) return failure('invalid', message.error.issues[0]!.message);
  const staffMessage = message.data || undefined;
  if (target === 'rejected' && !staffMessage) return failure('invalid', RETURN_MESSAGES.rejectionReason);

  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const { order, request } = await lockMovable(tx, requestId, target);
      const changes: Partial<typeof returnRequests.$inferInsert> = { status: target };
      if (staffMessage) changes.staffMessage = staffMessage;
      if (target === 'approved' || target === 'rejected') changes.decidedAt = now;
      if (target === 'rejected') {
        changes.closedAt = now;
        await releaseExchangeHold(tx, request);
      }
      if (target === 'picked_up') {
        changes.pickedUpAt = now;
        changes.restocked = details.restock === 'yes';
        if (changes.restocked) {
          await returnUnits(tx, [{ productId: request.productId, size: request.size, quantity: request.quantity }], {
            kind: 'returned',
            orderId: order.id,
          });
        }
      }
      let parcel: Shipment | undefined;
      if (target === 'replacement_shipped') {
        parcel = await recordShipment(tx, order.id, parseShipment(details), now, request.id);
      }
      if (target === 'exchanged') {
        parcel = await recordDelivery(tx, { returnRequestId: request.id }, details.deliveredOn, now);
        changes.closedAt = now;
      }
      const [moved] = await tx.update(returnRequests).set(changes).where(eq(returnRequests.id, request.id)).returning();
      if (target === 'approved') await deps.reversePickups?.book(tx, request.id);
      await auditMove(tx, actor, order, moved!, request.status, parcel);
      await deps.orderEmails.enqueue(tx, returnEmail(moved!));
      return { ok: true as const, request: moved!, from: request.status };
    }),
  );
}

/**
 * The courier collected an approved request's parcel from the shopper (courier/tracking.ts, in its
 * transaction, the order row already locked): the request is picked up at the scan's time, the
 * store itself recorded as the one who moved it. Its units are not back on sale: they are on their
 * way, and staff refund the return once they have looked at them. A request in any other status
 * (moved by staff meanwhile) is left as it is; returns whether it moved.
 */
export async function pickUpReturnByCourier(
  deps: Pick<ReturnDeps, 'orderEmails'>,
  tx: Database,
  order: Order,
  requestId: string,
  at: Date,
): Promise<boolean> {
  const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, requestId)).for('update');
  if (request?.orderId !== order.id || request.status !== 'approved') return false;
  const [moved] = await tx
    .update(returnRequests)
    .set({ status: 'picked_up', pickedUpAt: at, restocked: false })
    .where(eq(returnRequests.id, request.id))
    .returning();
  await auditMove(tx, STORE_ITSELF, order, moved!, request.status);
  await deps.orderEmails.enqueue(tx, returnEmail(moved!));
  return true;
}

/** An exchange's held size goes back on sale (the request was rejected or expired). */
async function releaseExchangeHold(tx: Database, request: ReturnRequest): Promise<void> {
  if (request.kind !== 'exchange' || !request.exchangeSize) return;
  await returnUnits(tx, [{ productId: request.productId, size: request.exchangeSize, quantity: request.quantity }], {
    kind: 'exchange',
    orderId: request.orderId,
  });
}

/** The order and the request, locked in that order; an unknown request's refusal, thrown. */
async function lockRequest(tx: Database, requestId: string) {
  const [found] = await tx
    .select({ orderId: returnRequests.orderId })
    .from(returnRequests)
    .where(eq(returnRequests.id, requestId));
  if (!found) return refuse('not_found', RETURN_MESSAGES.requestNotFound);
  const order = (await lockOrder(tx, found.orderId))!;
  const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, requestId)).for('update');
  return { order, request: request! };
}

/** The order and the request, locked in that order, when the request may move to `to`; else the refusal, thrown. */
async function lockMovable(tx: Database, requestId: string, to: ReturnStatus) {
  const { order, request } = await lockRequest(tx, requestId);
  const from = request.status;
  if (from === to) return refuse('conflict', `This request is already ${RETURN_STATUS_LABELS[from].toLowerCase()}.`);
  if (!returnMoves(request.kind, from).includes(to)) {
    return refuse(
      'conflict',
      `This request is ${RETURN_STATUS_LABELS[from].toLowerCase()}; it cannot move to ${RETURN_STATUS_LABELS[to].toLowerCase()}.`,
    );
  }
  return { order, request };
}

/** A refund as the audit log records it: where it went, and Razorpay's id, the bonus or the payout's reference. */
type AuditedRefund = {
  amountPaise: number;
  destination: RefundDestination;
  razorpayRefundId?: string;
  bonusPaise?: number;
  paidTo?: string;
  reference?: string;
  paidOutOn?: string;
};

function refundedWords(refund: AuditedRefund): string {
  const amount = formatPaise(refund.amountPaise);
  if (refund.destination === 'store_credit') {
    return `, ${amount} refunded as store credit${refund.bonusPaise ? ` with ${formatPaise(refund.bonusPaise)} extra` : ''}`;
  }
  if (refund.destination === 'payout') return `, ${amount} paid to ${refund.paidTo} (reference ${refund.reference})`;
  return `, ${amount} refunded`;
}

async function auditMove(
  tx: Database,
  actor: Actor | typeof STORE_ITSELF,
  order: Order,
  request: ReturnRequest,
  from: ReturnStatus,
  parcel?: Shipment,
  refund?: AuditedRefund,
) {
  const item = order.itemsJson.find((line) => lineKey(line) === lineKey(request));
  const extra = refund
    ? refundedWords(refund)
    : parcel && request.status === 'replacement_shipped'
      ? `, ${parcel.courier} AWB ${parcel.awb}`
      : '';
  await recordAudit(tx, actor, {
    action: 'return.status',
    entityType: 'return',
    entityId: request.id,
    summary: `${describeRequest(request, item)} on order #${orderNumber(order.id)}: ${from} → ${request.status}${extra}`,
    before: { status: from },
    after: {
      status: request.status,
      ...(request.staffMessage ? { message: request.staffMessage } : {}),
      ...(parcel ? { shipment: parcel } : {}),
      ...(refund ? { refund } : {}),
    },
  });
}

export const REFUND_REASON_RETURN = 'Items returned by the customer';

/**
 * A picked-up return is refunded: the paid share of its units (the tax invoice's split of the
 * discount, so the refunds of a line add up to exactly what it paid), where the shopper chose:
 *
 * - the original payment, through Razorpay with the return's own idempotency key: as with a whole
 *   refund (orders/status.ts), the refund row is committed first, Razorpay is asked, and only then
 *   does the request change; a retry after Razorpay could not be reached makes the same refund;
 * - store credit, in one transaction: the refund row, the credit (and its bonus, at the percentage
 *   offered when the shopper asked), the request refunded and the credit note;
 * - a payout: the refund row is recorded as due, with nothing else changed; the request is
 *   refunded when staff record the payout (`recordReturnPayout`). Refunding it again is refused.
 *
 * A credit note equal to the refund records it. When every unit of the order has come back
 * refunded, the order is returned.
 */
async function refundReturn(deps: ReturnDeps, actor: Actor, requestId: string, now: Date): Promise<ReturnMove> {
  const started = await refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const { order, request } = await lockMovable(tx, requestId, 'refunded');
      const { refund, created } = await recordRefundOf(tx, order, request);
      if (refund.destination === 'store_credit') {
        const { bonusPaise } = await creditRefund(
          tx,
          deps.storeCredit,
          {
            userId: order.userId,
            orderId: order.id,
            returnRequestId: request.id,
            amountPaise: refund.amountPaise,
            bonusPercent: request.creditBonusPercent ?? 0,
          },
          now,
        );
        const done = await completeRefund(tx, deps, actor, { order, request, refund }, { bonusPaise }, now);
        return { ok: true as const, done };
      }
      if (refund.destination === 'payout') {
        const to = destinationOf(request);
        if (!created)
          return refuse('conflict', `This refund is to be paid to ${to}; record the payout once it is made.`);
        await recordAudit(tx, actor, {
          action: 'return.payout_due',
          entityType: 'return',
          entityId: request.id,
          summary: `${describeRequest(request, itemOf(order, request))} on order #${orderNumber(order.id)}: ${formatPaise(refund.amountPaise)} to be paid to ${to}`,
          after: { refund: { amountPaise: refund.amountPaise, destination: 'payout', paidTo: to } },
        });
        const due = { amountPaise: refund.amountPaise, to };
        return { ok: true as const, done: { ok: true as const, request, from: request.status, payoutDue: due } };
      }
      return { ok: true as const, refund };
    }),
  );
  if (!started.ok) return started;
  if (started.done) return started.done;

  const { refund } = started;
  let razorpayRefundId = refund.razorpayRefundId;
  if (!razorpayRefundId) {
    try {
      razorpayRefundId = await requestRefund(deps.razorpay, refund);
    } catch (error) {
      deps.logger.error({ err: error, requestId, paymentId: refund.paymentId }, 'returns: the refund request failed');
      await noteRefundFailure(deps.db, refund, error, now);
      const reason = error instanceof RazorpayError ? error.message : 'Razorpay could not be reached';
      return failure(
        'unavailable',
        `The refund could not be made (${reason}). The request was not changed; try again.`,
      );
    }
  }

  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const { order, request } = await lockMovable(tx, requestId, 'refunded');
      await confirmRefund(tx, refund.id, razorpayRefundId);
      return completeRefund(tx, deps, actor, { order, request, refund }, { razorpayRefundId }, now);
    }),
  );
}

/**
 * The refund of a return has reached the shopper (Razorpay confirmed it, the credit was added, or
 * staff paid it out): in the caller's transaction, under the order's and the request's locks, the
 * request is refunded, the credit note equal to the refund is issued (its number, the last lock),
 * the order is returned with its last unit, and the audit log and the shopper's email say where the
 * money went.
 */
async function completeRefund(
  tx: Database,
  deps: ReturnDeps,
  actor: Actor,
  { order, request, refund }: { order: Order; request: ReturnRequest; refund: Refund },
  how: { razorpayRefundId?: string; bonusPaise?: number; reference?: string; paidOutOn?: string },
  now: Date,
) {
  const [moved] = await tx
    .update(returnRequests)
    .set({ status: 'refunded', closedAt: now })
    .where(eq(returnRequests.id, request.id))
    .returning();
  const note = await issueCreditNote(tx, deps.invoices, {
    orderId: order.id,
    refund: { id: refund.id, amountPaise: refund.amountPaise, reason: REFUND_REASON_RETURN },
    units: { productId: request.productId, size: request.size, quantity: request.quantity },
  });
  // An order placed before tax invoices existed has none to credit; the refund stands.
  if (!note)
    deps.logger.warn(
      { orderId: order.id, requestId: request.id },
      'returns: no invoice to credit for a refunded return',
    );
  if ((await unitsRefunded(tx, order.id)) === unitsOf(order.itemsJson)) await closeAsReturned(tx, order);
  const news: RefundNews =
    refund.destination === 'store_credit'
      ? { to: 'store_credit', bonusPaise: how.bonusPaise ?? 0 }
      : { to: refund.destination };
  await auditMove(tx, actor, order, moved!, request.status, undefined, {
    amountPaise: refund.amountPaise,
    destination: refund.destination,
    ...(how.razorpayRefundId ? { razorpayRefundId: how.razorpayRefundId } : {}),
    ...(refund.destination === 'store_credit' ? { bonusPaise: how.bonusPaise ?? 0 } : {}),
    ...(refund.destination === 'payout'
      ? { paidTo: destinationOf(request), reference: how.reference!, paidOutOn: how.paidOutOn! }
      : {}),
  });
  await deps.orderEmails.enqueue(tx, returnEmail(moved!, { amountPaise: refund.amountPaise, news }));
  return {
    ok: true as const,
    request: moved!,
    from: request.status,
    refundedPaise: refund.amountPaise,
    refundedTo: news,
  };
}

/**
 * Staff record a return's payout once they have paid it (ADR 0051): a reference of 1 to 100
 * characters and a day neither in the future nor before the refund was recorded, once. Under the
 * order's, the request's and the refund's locks, the payout is recorded and the refund completed
 * (`completeRefund`: the request refunded, its credit note, the shopper's email). A request with no
 * payout due, or one already recorded, is refused and nothing changes.
 */
export async function recordReturnPayout(
  deps: ReturnDeps,
  actor: Actor,
  requestId: string,
  input: { reference?: unknown; paidOutOn?: unknown },
  now = new Date(),
): Promise<ReturnMove> {
  if (!isUuid(requestId)) return failure('not_found', RETURN_MESSAGES.requestNotFound);
  const parsed = parseReferenceAndDay({ reference: input.reference, day: input.paidOutOn }, PAYOUT_MESSAGES, {
    maxLength: MAX_PAYOUT_REFERENCE_LENGTH,
    dayField: 'paidOutOn',
    now,
  });
  if (!parsed.ok) return parsed;
  const payout = { reference: parsed.reference, paidOutOn: parsed.day };
  return refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const { order, request } = await lockRequest(tx, requestId);
      const refund = await refundOfReturn(tx, requestId);
      if (refund?.destination !== 'payout') return refuse('conflict', PAYOUT_MESSAGES.notDue);
      if (refund.payoutReference !== null) return refuse('conflict', PAYOUT_MESSAGES.already);
      if (payout.paidOutOn < indiaDate(refund.createdAt)) {
        return refuse('invalid', PAYOUT_MESSAGES.dateBeforeRefund, 'paidOutOn');
      }
      if (!(await recordPayout(tx, refund.id, payout))) return refuse('conflict', PAYOUT_MESSAGES.already);
      const paid = { ...refund, payoutReference: payout.reference, paidOutOn: payout.paidOutOn };
      return completeRefund(tx, deps, actor, { order, request, refund: paid }, payout, now);
    }),
  );
}

const unitsOf = (items: readonly OrderItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);

async function unitsRefunded(tx: Database, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${returnRequests.quantity}), 0)::int` })
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.status, 'refunded')));
  return row?.units ?? 0;
}

/**
 * What a return's units paid: their share of the line after the units of the same line whose
 * refunds were recorded before (under the order's lock, one at a time), so a line's refunds add up
 * to exactly what it paid (the tax invoice's split of the discount).
 */
async function refundDue(db: Database, order: Order, request: ReturnRequest): Promise<number> {
  const [{ credited } = { credited: 0 }] = await db
    .select({ credited: sql<number>`coalesce(sum(${returnRequests.quantity}), 0)::int` })
    .from(returnRequests)
    .innerJoin(refunds, eq(refunds.returnRequestId, returnRequests.id))
    .where(
      and(
        eq(returnRequests.orderId, order.id),
        eq(returnRequests.productId, request.productId),
        eq(returnRequests.size, request.size),
      ),
    );
  return paidForUnits(order, request, request.quantity, credited);
}

/**
 * The refund of a return, recorded once (or found), to where its request says; its amount is kept
 * on the request too, for the pages. `created` says whether this call recorded it.
 */
async function recordRefundOf(
  tx: Database,
  order: Order,
  request: ReturnRequest,
): Promise<{ refund: Refund; created: boolean }> {
  const existing = await refundOfReturn(tx, request.id);
  if (existing) return { refund: existing, created: false };
  const amountPaise = await refundDue(tx, order, request);
  const destination = request.refundDestination;
  // The database holds a return's destination, and an original refund's payment, by its checks.
  if (!destination || (destination === 'original' && !order.paymentId)) {
    throw new Error(`Return request ${request.id} has no refund destination its order can pay to.`);
  }
  const refund = await recordReturnRefund(tx, {
    orderId: order.id,
    paymentId: destination === 'original' ? order.paymentId : null,
    returnRequestId: request.id,
    amountPaise,
    reason: REFUND_REASON_RETURN,
    destination,
  });
  await tx.update(returnRequests).set({ refundPaise: amountPaise }).where(eq(returnRequests.id, request.id));
  return { refund, created: true };
}

const itemOf = (order: Order, request: ReturnRequest) =>
  order.itemsJson.find((line) => lineKey(line) === lineKey(request));

/**
 * Requests still waiting for a decision or a pickup when their time is up lapse: an exchange's held
 * size goes back on sale and the shopper is told. Run by the purge job; each request in its own
 * transaction under the same locks as staff's moves, so a decision made meanwhile wins. Returns
 * how many expired.
 */
export async function expireReturnRequests(deps: Pick<ReturnDeps, 'db' | 'orderEmails'>, now = new Date()) {
  const due = await deps.db
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .where(and(inArray(returnRequests.status, ['requested', 'approved']), lte(returnRequests.expiresAt, now)))
    .orderBy(asc(returnRequests.expiresAt))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    const done = await refusalsAsFailures(() =>
      deps.db.transaction(async (tx) => {
        const { order, request } = await lockMovable(tx, id, 'expired');
        if (request.expiresAt > now) return refuse('conflict', 'Not due.');
        await releaseExchangeHold(tx, request);
        const [moved] = await tx
          .update(returnRequests)
          .set({ status: 'expired', closedAt: now })
          .where(eq(returnRequests.id, id))
          .returning();
        await auditMove(tx, STORE_ITSELF, order, moved!, request.status);
        await deps.orderEmails.enqueue(tx, returnEmail(moved!));
        return { ok: true as const };
      }),
    );
    if (done.ok) expired += 1;
  }
  return expired;
}

/** The requests of these orders, oldest first, by order id (Your Orders). */
export function returnsOfOrders(db: Database, orderIds: string[]): Promise<Map<string, ReturnRequest[]>> {
  return rowsOfOrders(db, returnRequests, returnRequests.createdAt, orderIds);
}

/**
 * What the shopper's return form shows for one order of theirs: the order, its parcels, the
 * requests so far, and the stock of every size of its products. Undefined for another shopper's
 * order and an unknown one alike.
 */
export async function returnFormOf(db: Database, userId: string, orderId: string) {
  const [order] = isUuid(orderId)
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    : [];
  if (!order) return undefined;
  const productIds = [...new Set(order.itemsJson.map((item) => item.productId))];
  const [parcels, requests, sizes] = await Promise.all([
    shipmentsOf(db, [order.id]).then((found) => found.get(order.id) ?? []),
    returnsOfOrders(db, [order.id]).then((found) => found.get(order.id) ?? []),
    db
      .select({ productId: products.id, sizes: products.sizes, size: productStock.size, units: productStock.quantity })
      .from(products)
      .leftJoin(productStock, eq(productStock.productId, products.id))
      .where(inArray(products.id, productIds)),
  ]);
  return { order, parcels, requests, sizes };
}

/** How many units of each line the shopper may still ask for (Your Orders' form). */
export function unitsLeftToAsk(items: readonly OrderItem[], requests: readonly ReturnRequest[]) {
  return items.map((item) => ({
    ...item,
    left:
      item.quantity -
      requests
        .filter((request) => lineKey(request) === lineKey(item) && returnCountsUnits(request.status))
        .reduce((sum, request) => sum + request.quantity, 0),
  }));
}

export const RETURNS_PAGE_SIZE = 50;

/** The staff queue: requests of one status (or all), oldest first so none waits unseen, with the order's customer. */
export async function listReturnRequests(db: Database, query: { status?: ReturnStatus | undefined; page: number }) {
  const where = query.status ? eq(returnRequests.status, query.status) : undefined;
  const { rows, total } = await pageWithTotal(
    db,
    db
      .select({
        request: returnRequests,
        items: orders.itemsJson,
        customerName: users.name,
        customerEmail: users.email,
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .innerJoin(users, eq(users.id, orders.userId)),
    { where, orderBy: [asc(returnRequests.createdAt), asc(returnRequests.id)] },
    { page: query.page, size: RETURNS_PAGE_SIZE },
  );
  return {
    requests: rows.map(({ request, items, customerName, customerEmail }) => ({
      request,
      summary: describeRequest(
        request,
        items.find((line) => lineKey(line) === lineKey(request)),
      ),
      customerName,
      customerEmail,
    })),
    total,
  };
}

/** One request with its order, customer, replacement parcel and refund, and the moves staff may make. */
export async function getReturnRequest(db: Database, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ request: returnRequests, order: orders, customerName: users.name, customerEmail: users.email })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(returnRequests.id, id));
  if (!row) return undefined;
  const [parcel] = await db.select().from(shipments).where(eq(shipments.returnRequestId, id));
  const refund = await refundOfReturn(db, id);
  const item = row.order.itemsJson.find((line) => lineKey(line) === lineKey(row.request));
  // A payout recorded as due is finished by recording it paid, not by refunding again.
  const payoutDue = refund?.destination === 'payout' && refund.payoutReference === null ? refund : undefined;
  const moves = returnMoves(row.request.kind, row.request.status).filter(
    (to) => to !== 'expired' && !(payoutDue && to === 'refunded'),
  );
  return {
    ...row,
    item,
    summary: describeRequest(row.request, item),
    parcel,
    refund,
    /** What refunding it would give back, while that is one of its moves. */
    refundDuePaise: moves.includes('refunded')
      ? (refund?.amountPaise ?? (await refundDue(db, row.order, row.request)))
      : null,
    /** The bonus refunding it as store credit gives, at the percentage offered when it was asked for. */
    refundBonusPercent: row.request.creditBonusPercent,
    /** A payout waiting for staff to pay it, and record it paid. */
    payoutDue: payoutDue ? { amountPaise: payoutDue.amountPaise, recordedOn: indiaDate(payoutDue.createdAt) } : null,
    moves,
  };
}

/** Where a payout goes, as staff need it to pay: 'UPI ravi@okaxis', or the account's holder, number and IFSC. */
export function payoutInstructions(request: ReturnRequest): string | null {
  if (request.refundDestination !== 'payout') return null;
  if (request.payoutUpiId) return `UPI ${request.payoutUpiId}`;
  return `${request.payoutAccountHolder}, account ${request.payoutAccountNumber}, IFSC ${request.payoutIfsc}`;
}

/** Where a request's refund goes, masked, for the shopper's pages; null for an exchange. */
export function refundDestinationOf(request: ReturnRequest): string | null {
  return request.refundDestination ? destinationOf(request) : null;
}

/**
 * What returning `quantity` units of a line of the order would refund now, for the return form's
 * offer of store credit: the line's paid share after the units of it already asked back for a
 * refund (staff refund them in turn, so the final figure may differ by a paisa).
 */
export function refundEstimate(
  order: Order,
  requests: readonly ReturnRequest[],
  line: { productId: number; size: string },
  quantity: number,
): number {
  const askedBack = requests
    .filter(
      (request) => request.kind === 'return' && returnCountsUnits(request.status) && lineKey(request) === lineKey(line),
    )
    .reduce((sum, request) => sum + request.quantity, 0);
  return paidForUnits(order, line, quantity, askedBack);
}

/** The request a photo belongs to, with its order's shopper: who may see it. */
export async function photoOwner(db: Database, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(sql`${returnRequests.photos} @> ${JSON.stringify([name])}::jsonb`)
    .orderBy(desc(returnRequests.createdAt))
    .limit(1);
  return row?.userId;
}
