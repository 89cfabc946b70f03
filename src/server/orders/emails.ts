// The order emails (the confirmation of a new order, each change of its status, and a failed
// delivery the shopper is asked about), sent as jobs
// (jobs/, ADR 0022): `enqueue` runs inside the transaction that places or moves the order, so the
// email exists exactly when the change does; the `send-mail` worker writes it from the order as it
// is then and hands it to the mailer. A failed send is retried with backoff; the last failure is
// logged at error level and recorded on the order (order_email_failures), which the admin's order
// page lists. A job whose order is gone, or whose payload is not one of these, is dropped with one
// error line: retrying it could never succeed.
import { desc, eq } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { z } from 'zod';

import { formatAddress } from '../../common/address.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../common/catalog.ts';
import { payoutLabel, REFUND_DESTINATIONS } from '../../common/refunds.ts';
import { describeRequest, RETURN_STATUSES } from '../../common/returns.ts';
import { orderNumber } from '../../common/orders.ts';
import type { Database } from '../db/client.ts';
import {
  deliveryFailures,
  orderEmailFailures,
  orders,
  returnRequests,
  shipments,
  users,
  type Order,
  type ReturnRequest,
} from '../db/schema.ts';
import {
  invoiceAttachment,
  returnCreditNoteAttachment,
  wholeRefundCreditNoteAttachment,
} from '../invoices/documents.ts';
import { issueDueInvoice } from '../invoices/issue.ts';
import type { InvoiceSettings } from '../invoices/settings.ts';
import { jobPayload, type JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { deliveryFailedMail } from '../mail/delivery-templates.ts';
import { returnUpdateMail, type RefundedTo } from '../mail/return-templates.ts';
import { refundOfReturn } from '../payments/refunds.ts';
import { orderConfirmationMail, orderStatusMail } from '../mail/templates.ts';
import { codConfirmPath } from './cod-token.ts';
import { shipmentsOf } from './shipping.ts';

const orderEmailSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order-confirmation'),
    orderId: z.uuid(),
    // A cash on delivery order's confirmation token (cod-token.ts): known only when it is placed,
    // and kept by the order only as its hash, so the email's link is made from this.
    codConfirmToken: z.string().min(1).max(100).optional(),
  }),
  z.object({
    kind: z.literal('order-status'),
    orderId: z.uuid(),
    status: z.enum(ORDER_STATUSES),
    refundedPaise: z.number().int().positive().optional(),
    // Where the refund went (absent: the payment), and the credit given on top of one taken as credit.
    refundTo: z.enum(['original', 'store_credit']).optional(),
    creditBonusPaise: z.number().int().nonnegative().optional(),
    // Why the store closed it on its own (status.ts `closeUnpaid`; a prepaid parcel back undelivered).
    cause: z.enum(['unconfirmed', 'undelivered']).optional(),
  }),
  // A step of a return or exchange request (orders/returns.ts).
  z.object({
    kind: z.literal('return-update'),
    orderId: z.uuid(),
    returnRequestId: z.uuid(),
    status: z.enum(RETURN_STATUSES),
    refundedPaise: z.number().int().positive().optional(),
    // Where the refund went (absent: the payment); a payout's account is read from the request.
    refundTo: z.enum(REFUND_DESTINATIONS).optional(),
    creditBonusPaise: z.number().int().nonnegative().optional(),
  }),
  // The courier could not deliver the order's parcel (courier/ndr.ts): the shopper is asked what to do.
  z.object({
    kind: z.literal('delivery-failed'),
    orderId: z.uuid(),
    deliveryFailureId: z.uuid(),
  }),
]);

type OrderEmail = z.infer<typeof orderEmailSchema>;

/** The closing moves that give an order's spent store credit back (orders/status.ts `giveSpentCreditBack`). */
const CREDIT_RETURNING: readonly OrderStatus[] = ['cancelled', 'failed', 'returned_to_origin'];

/** Where order emails go: into the job queue, as part of the caller's transaction. */
export interface OrderEmails {
  enqueue(tx: Database, email: OrderEmail): Promise<void>;
}

export function queuedOrderEmails(jobs: JobQueue): OrderEmails {
  return { enqueue: (tx, email) => jobs.send(tx, 'send-mail', email) };
}

export interface OrderEmailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  storeName: string;
  /** The store's address, for the links in the emails. */
  publicUrl: string;
  /** A confirmation sent before its order's invoice job ran issues the invoice it carries. */
  invoices: InvoiceSettings;
}

/** The `send-mail` worker: one job, one email. Throws (so the job is retried) when the send fails. */
export async function deliverOrderEmail(deps: OrderEmailDeps, job: JobWithMetadata<unknown>): Promise<void> {
  const email = jobPayload(
    job,
    orderEmailSchema,
    deps.logger,
    'mail: dropped a queued email whose payload is not valid',
  );
  if (!email) return;
  const message = await writeOrderEmail(deps, email);
  if (message === 'gone') {
    deps.logger.error({ jobId: job.id, ...email }, 'mail: dropped a queued email whose order no longer exists');
    return;
  }
  if (message === 'closed') {
    deps.logger.info({ jobId: job.id, ...email }, 'mail: skipped the confirmation of an order already closed');
    return;
  }
  try {
    await deps.mailer.send(message);
  } catch (error) {
    const attempts = job.retryCount + 1;
    if (job.retryCount >= job.retryLimit) {
      deps.logger.error({ err: error, jobId: job.id, attempts, ...email }, 'mail: gave up on an order email');
      await deps.db.insert(orderEmailFailures).values({
        orderId: email.orderId,
        subject: message.subject,
        lastError: error instanceof Error ? error.message : String(error),
        attempts,
      });
    }
    throw error;
  }
}

/**
 * The email as the order is now; 'gone' when the order (or its customer) is, and 'closed' for a
 * confirmation whose order has since failed or been cancelled: sent late (after retries), it
 * would confirm an order its customer was since told is closed.
 */
async function writeOrderEmail(deps: OrderEmailDeps, email: OrderEmail): Promise<MailMessage | 'gone' | 'closed'> {
  const [row] = await deps.db
    .select({ order: orders, to: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, email.orderId));
  if (!row) return 'gone';
  const { order, to } = row;
  if (email.kind === 'order-confirmation') {
    const closed = order.status === 'failed' || order.status === 'cancelled';
    if (closed) return 'closed';
    if (order.invoiceDue) await deps.db.transaction((tx) => issueDueInvoice(tx, deps.invoices, order.id));
    const confirmUrl = email.codConfirmToken
      ? `${deps.publicUrl}${codConfirmPath(order.id, email.codConfirmToken)}`
      : undefined;
    return {
      to,
      ...confirmation(deps.storeName, order, confirmUrl),
      attachments: await invoiceAttachment(deps.db, order.id),
    };
  }
  if (email.kind === 'return-update') return returnUpdate(deps, email, order, to);
  if (email.kind === 'delivery-failed') {
    const [failed] = await deps.db
      .select({ reason: deliveryFailures.reason })
      .from(deliveryFailures)
      .where(eq(deliveryFailures.id, email.deliveryFailureId));
    if (!failed) return 'gone';
    return {
      to,
      ...deliveryFailedMail({
        storeName: deps.storeName,
        orderNumber: orderNumber(order.id),
        reason: failed.reason,
        answerUrl: `${deps.publicUrl}${deliveryAnswerPath(order.id)}`,
      }),
    };
  }
  const parcel =
    email.status === 'shipped' || email.status === 'delivered'
      ? (await shipmentsOf(deps.db, [order.id]))
          .get(order.id)
          ?.filter((row) => row.returnRequestId === null)
          .at(-1)
      : undefined;
  return {
    to,
    ...orderStatusMail({
      storeName: deps.storeName,
      status: email.status,
      order: {
        number: orderNumber(order.id),
        paymentId: order.paymentId,
        items: order.itemsJson,
        totalPaise: order.totalPaise,
      },
      refundedPaise: email.refundedPaise,
      ...(email.refundTo === 'store_credit' ? { credited: { bonusPaise: email.creditBonusPaise ?? 0 } } : {}),
      parcel,
      cause: email.cause,
      codDuePaise: codDue(order, email.status),
      // Closed before it was kept, the order gave back the store credit it was paid with.
      creditReturnedPaise:
        (CREDIT_RETURNING.includes(email.status) || email.cause === 'undelivered') && order.creditPaise > 0
          ? order.creditPaise
          : undefined,
    }),
    attachments: await statusAttachments(deps.db, order, email.status, email.cause),
  };
}

/** The page where a shopper answers a failed delivery of their order (web/routes/order-delivery.tsx). */
function deliveryAnswerPath(orderId: string): string {
  return `/orders/${orderId}/delivery`;
}

/** The cash a cash on delivery order's courier collects, told until the parcel is delivered. */
function codDue(order: Order, status: OrderStatus): number | undefined {
  const before = ['awaiting_confirmation', 'pending', 'processing', 'shipped'];
  return order.paymentMethod === 'cod' && before.includes(status) ? order.totalPaise : undefined;
}

/**
 * The documents that go with a status email: a whole refund's credit note with the email that
 * tells of it, and, for cash on delivery, the invoice issued when it shipped and the credit note
 * of its return to origin.
 */
async function statusAttachments(db: Database, order: Order, status: OrderStatus, cause?: string) {
  if (status === 'failed' || status === 'cancelled' || status === 'returned_to_origin' || cause === 'undelivered') {
    return wholeRefundCreditNoteAttachment(db, order.id);
  }
  if (status === 'shipped' && order.paymentMethod === 'cod') return invoiceAttachment(db, order.id);
  return [];
}

/** A return or exchange request's step, as the request is now; 'gone' when the request is. */
async function returnUpdate(
  deps: OrderEmailDeps,
  email: Extract<OrderEmail, { kind: 'return-update' }>,
  order: Order,
  to: string,
): Promise<MailMessage | 'gone'> {
  const [request] = await deps.db.select().from(returnRequests).where(eq(returnRequests.id, email.returnRequestId));
  if (!request) return 'gone';
  const [parcel] =
    email.status === 'replacement_shipped'
      ? await deps.db.select().from(shipments).where(eq(shipments.returnRequestId, request.id))
      : [];
  return {
    to,
    ...returnUpdateMail({
      storeName: deps.storeName,
      status: email.status,
      kind: request.kind,
      summary: describeRequest(
        request,
        order.itemsJson.find((item) => item.productId === request.productId && item.size === request.size),
      ),
      orderNumber: orderNumber(order.id),
      staffMessage: email.status === 'approved' || email.status === 'rejected' ? request.staffMessage : null,
      refundedPaise: email.refundedPaise,
      refundedTo: await refundedTo(deps.db, email, request),
      parcel,
    }),
    ...(email.status === 'refunded' ? { attachments: await returnCreditNoteAttachment(deps.db, request.id) } : {}),
  };
}

/** Where a return's refund went, as its email says it: the payment, credit with its bonus, or a payout. */
async function refundedTo(
  db: Database,
  email: Extract<OrderEmail, { kind: 'return-update' }>,
  request: ReturnRequest,
): Promise<RefundedTo | undefined> {
  if (email.refundedPaise === undefined) return undefined;
  if (email.refundTo === 'store_credit') return { to: 'store_credit', bonusPaise: email.creditBonusPaise ?? 0 };
  if (email.refundTo !== 'payout') return { to: 'original' };
  const refund = await refundOfReturn(db, request.id);
  return {
    to: 'payout',
    label: payoutLabel({ upiId: request.payoutUpiId, accountNumber: request.payoutAccountNumber }),
    reference: refund?.payoutReference ?? '',
    paidOutOn: refund?.paidOutOn ?? '',
  };
}

function confirmation(storeName: string, order: Order, confirmUrl: string | undefined) {
  return orderConfirmationMail({
    storeName,
    order: {
      number: orderNumber(order.id),
      paymentId: order.paymentId,
      paymentMethod: order.paymentMethod,
      items: order.itemsJson,
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise,
      prepaidDiscountPaise: order.prepaidDiscountPaise,
      codFeePaise: order.codFeePaise,
      totalPaise: order.totalPaise,
      creditPaise: order.creditPaise,
      address: formatAddress(order.addressJson),
      confirmUrl,
    },
  });
}

export type OrderEmailFailure = typeof orderEmailFailures.$inferSelect;

/** The order's emails that were given up on, newest first (the admin's order page). */
export async function failedOrderEmails(db: Database, orderId: string): Promise<OrderEmailFailure[]> {
  return db
    .select()
    .from(orderEmailFailures)
    .where(eq(orderEmailFailures.orderId, orderId))
    .orderBy(desc(orderEmailFailures.failedAt));
}
