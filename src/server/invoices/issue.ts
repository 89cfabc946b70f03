// Issuing tax documents (ADR 0024): a paid order's invoice right after the transaction that places
// it (checkout/workflow.ts), by the `issue-invoice` job, so that no payment waits on the numbering
// (ADR 0060), and sooner wherever it is needed first (its credit note, the confirmation email);
// for cash on delivery, where it is marked shipped (orders/status.ts, ADR 0049); a credit note where a refund
// is confirmed (orders/status.ts for a whole refund, orders/returns.ts for a return) or where a
// cash on delivery order is returned to origin (orders/status.ts: nothing was paid, no refund).
// A document is written once, whole, and never recomputed: its body is what the PDF shows.
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';

import { CATEGORY_HSN, DEFAULT_HSN } from '../../common/catalog.ts';
import { orderNumber } from '../../common/orders.ts';
import type { Database } from '../db/client.ts';
import { orders, products, refunds, returnRequests, taxDocuments, type Order, type TaxDocument } from '../db/schema.ts';
import { documentNumber, financialYear, takeNextNumber, type DocumentSeries } from './numbering.ts';
import type { InvoiceSettings } from './settings.ts';
import { buildCreditNoteBody, buildInvoiceBody, type CreditedUnits } from './tax.ts';

/** The HSN code of each product of the order, by its category; a product deleted since is a T-shirt's. */
async function hsnCodes(tx: Database, order: Order): Promise<(productId: number) => string> {
  const ids = [...new Set(order.itemsJson.map((item) => item.productId))];
  const rows = await tx
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(inArray(products.id, ids));
  const categories = new Map(rows.map((row) => [row.id, row.category]));
  return (productId) => CATEGORY_HSN[categories.get(productId) ?? ''] ?? DEFAULT_HSN;
}

async function insertDocument(
  tx: Database,
  settings: InvoiceSettings,
  document: Omit<typeof taxDocuments.$inferInsert, 'kind' | 'number' | 'issuedAt'> & { kind: DocumentSeries },
  now: Date,
): Promise<TaxDocument> {
  const year = financialYear(now);
  // The number last: the sequence row is the last lock of THE LOCK ORDER (checkout/workflow.ts).
  const number = documentNumber(settings.prefix, document.kind, year, await takeNextNumber(tx, document.kind, year));
  const [issued] = await tx
    .insert(taxDocuments)
    .values({ ...document, number, issuedAt: now })
    .returning();
  return issued!;
}

/**
 * The tax invoice of an order, in the transaction that places it (paid online) or ships it (cash
 * on delivery); one per order (a unique index).
 */
export async function issueInvoice(
  tx: Database,
  settings: InvoiceSettings,
  orderId: string,
  now = new Date(),
): Promise<TaxDocument> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId} to invoice.`);
  const body = buildInvoiceBody({
    order,
    orderNumber: orderNumber(order.id),
    seller: settings.seller,
    bands: settings.rateBands,
    hsnOf: await hsnCodes(tx, order),
  });
  return insertDocument(tx, settings, { kind: 'invoice', orderId, totalPaise: body.totals.totalPaise, body }, now);
}

/**
 * The invoice of an order paid and placed, if it is still due: under the order row's lock (taken
 * before the sequence row, THE LOCK ORDER), so it is issued once whoever gets there first, the
 * job or a credit note or the confirmation email.
 */
export async function issueDueInvoice(
  tx: Database,
  settings: InvoiceSettings,
  orderId: string,
  now = new Date(),
): Promise<void> {
  const [order] = await tx
    .select({ invoiceDue: orders.invoiceDue })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order?.invoiceDue) return;
  await tx.update(orders).set({ invoiceDue: false }).where(eq(orders.id, orderId));
  await issueInvoice(tx, settings, orderId, now);
}

/**
 * Every invoice still due from orders placed by `placedBy`, oldest first, each in its own
 * transaction: what a job that gave up, or an instance that stopped before its job ran, left behind.
 */
export async function issueDueInvoices(
  db: Database,
  settings: InvoiceSettings,
  placedBy = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.invoiceDue, true), lte(orders.createdAt, placedBy)))
    .orderBy(asc(orders.createdAt));
  for (const order of due) await db.transaction((tx) => issueDueInvoice(tx, settings, order.id));
  return due.length;
}

/** What a credit note records: the refund, and which units it gives back (none named: all still invoiced). */
export interface CreditNoteInput {
  orderId: string;
  refund: { id: string; amountPaise: number; reason: string };
  units?: { productId: number; size: string; quantity: number };
  /** Store credit the order was paid with, given back beside the refund: the note credits both. */
  creditReturnedPaise?: number;
}

/**
 * Units of each line of the order that returns have been refunded for, by refund: a return's
 * refund pays for units of one line (orders/returns.ts), recorded one at a time under the order's
 * lock, each after the units of its line recorded before it (`paidForUnits`).
 */
async function returnRefunds(tx: Database, orderId: string) {
  return tx
    .select({
      refundId: refunds.id,
      createdAt: refunds.createdAt,
      productId: returnRequests.productId,
      size: returnRequests.size,
      quantity: returnRequests.quantity,
    })
    .from(refunds)
    .innerJoin(returnRequests, eq(refunds.returnRequestId, returnRequests.id))
    .where(and(eq(refunds.orderId, orderId), isNotNull(refunds.returnRequestId)))
    .orderBy(refunds.createdAt, refunds.id);
}

/**
 * The credit note of a refund, against the order's invoice, in the transaction that confirms the
 * refund. With `units`, those units of that line (their amount must be exactly the refund's: the
 * return's refund was worked out with `paidForUnits`, after the units of the line refunded before
 * it); without, everything still invoiced (a cancelled or failed order). Issued once per refund: a
 * second call finds the first. An order placed before invoices existed has none to credit against:
 * the answer is undefined, and the refund goes ahead without a credit note.
 */
export async function issueCreditNote(
  tx: Database,
  settings: InvoiceSettings,
  input: CreditNoteInput,
  now = new Date(),
): Promise<TaxDocument | undefined> {
  // An order refunded in the moment between its payment and its invoice: the invoice first.
  await issueDueInvoice(tx, settings, input.orderId, now);
  const [earlier] = await tx.select().from(taxDocuments).where(eq(taxDocuments.refundId, input.refund.id));
  if (earlier) return earlier;
  const [invoice] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, input.orderId), eq(taxDocuments.kind, 'invoice')));
  if (!invoice) return undefined;
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId));
  const refunded = await returnRefunds(tx, input.orderId);
  const sameLine = (line: { productId: number; size: string }) => (row: { productId: number; size: string }) =>
    row.productId === line.productId && row.size === line.size;
  const unitsOf = (rows: typeof refunded) => rows.reduce((sum, row) => sum + row.quantity, 0);

  let credits: CreditedUnits[];
  if (input.units) {
    const position = refunded.findIndex((row) => row.refundId === input.refund.id);
    // The units of the line refunded before this refund was recorded (all of them if it is not a return's).
    const before = position === -1 ? refunded : refunded.slice(0, position);
    credits = [{ ...input.units, unitsAlreadyCredited: unitsOf(before.filter(sameLine(input.units))) }];
  } else {
    credits = order!.itemsJson
      .map((item) => ({ item, already: unitsOf(refunded.filter(sameLine(item))) }))
      .filter(({ item, already }) => already < item.quantity)
      .map(({ item, already }) => ({
        productId: item.productId,
        size: item.size,
        quantity: item.quantity - already,
        unitsAlreadyCredited: already,
      }));
  }
  const body = buildCreditNoteBody({ order: order!, invoice: invoice.body, credits, reason: input.refund.reason });
  // The refund and its credit note are one figure: a difference is a bug, and nothing is recorded.
  const credited = input.refund.amountPaise + (input.creditReturnedPaise ?? 0);
  if (credits.length === 0 || body.totals.totalPaise !== credited) {
    throw new Error(
      `The credit note of refund ${input.refund.id} would be ${body.totals.totalPaise} paise, not the refund's ${input.refund.amountPaise}` +
        (input.creditReturnedPaise ? ` and the ${input.creditReturnedPaise} of store credit given back.` : '.'),
    );
  }
  return insertDocument(
    tx,
    settings,
    {
      kind: 'credit_note',
      orderId: input.orderId,
      invoiceId: invoice.id,
      refundId: input.refund.id,
      totalPaise: body.totals.totalPaise,
      body,
    },
    now,
  );
}

/** The reason a credit note of an order returned to origin gives. */
export const RETURNED_TO_ORIGIN_REASON = 'Returned to origin';

/**
 * The credit note of everything invoiced, the fee's line included, with no refund row, in the
 * transaction of the final move that calls for it: a cash on delivery order returned to origin
 * (ADR 0049: no cash was paid), or an order paid wholly with store credit closed before it shipped
 * (its credit goes back to the ledger, not through a refund). There is one; a second call finds it.
 * Undefined when the order has no invoice to credit.
 */
export async function issueWholeCreditNote(
  tx: Database,
  settings: InvoiceSettings,
  orderId: string,
  reason: string,
  now = new Date(),
): Promise<TaxDocument | undefined> {
  await issueDueInvoice(tx, settings, orderId, now);
  const documents = await tx.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
  const invoice = documents.find((document) => document.kind === 'invoice');
  if (!invoice) return undefined;
  const earlier = documents.find((document) => document.kind === 'credit_note' && document.refundId === null);
  if (earlier) return earlier;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  // A parcel that never arrived was never returned in part: every unit of every line is credited.
  const credits: CreditedUnits[] = order!.itemsJson.map((item) => ({
    productId: item.productId,
    size: item.size,
    quantity: item.quantity,
    unitsAlreadyCredited: 0,
  }));
  const body = buildCreditNoteBody({
    order: order!,
    invoice: invoice.body,
    credits,
    reason,
    creditFee: true,
  });
  if (body.totals.totalPaise !== invoice.totalPaise) {
    throw new Error(
      `The credit note of order ${orderId} (${reason}) would be ${body.totals.totalPaise} paise, not the invoice's ${invoice.totalPaise}.`,
    );
  }
  return insertDocument(
    tx,
    settings,
    { kind: 'credit_note', orderId, invoiceId: invoice.id, refundId: null, totalPaise: body.totals.totalPaise, body },
    now,
  );
}
