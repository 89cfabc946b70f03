// Reading issued tax documents: the lists on Your Orders and the admin's order page, one document
// for its download (to its shopper only, or to staff), and the PDFs the order emails carry
// (ADR 0024).
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { isUuid } from '../../common/ids.ts';
import type { Database } from '../db/client.ts';
import { orders, refunds, taxDocuments, type TaxDocument } from '../db/schema.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { documentFileName, renderTaxDocumentPdf, type PrintedDocument } from './pdf.ts';

/** A document as a list names it: its kind and number. */
export type DocumentLink = Pick<TaxDocument, 'id' | 'kind' | 'number'>;

/** The documents of these orders, the invoice first and then the credit notes as issued, in one query. */
export async function documentsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, DocumentLink[]>> {
  const byOrder = new Map<string, DocumentLink[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      id: taxDocuments.id,
      orderId: taxDocuments.orderId,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
    })
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, [...orderIds]))
    .orderBy(taxDocuments.issuedAt, taxDocuments.number);
  for (const { orderId, ...document } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), document]);
  return byOrder;
}

const invoices = alias(taxDocuments, 'invoices');

/** Documents as printed (with the number of the invoice a credit note is against) and whose order they are. */
async function printedWhere(db: Database, condition: SQL | undefined) {
  const rows = await db
    .select({ document: taxDocuments, invoiceNumber: invoices.number, userId: orders.userId })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .leftJoin(refunds, eq(refunds.id, taxDocuments.refundId))
    .leftJoin(invoices, eq(invoices.id, taxDocuments.invoiceId))
    .where(condition)
    .orderBy(taxDocuments.issuedAt);
  return rows.map(({ document, invoiceNumber, userId }) => ({ ...document, invoiceNumber, userId }));
}

/** Who downloads: the shopper, who gets their own orders' documents only, or staff (any document). */
export type DocumentReader = { shopperId: string } | 'staff';

/**
 * One document, as printed, for its download. Anything the reader may not have, a malformed id
 * included, is not found.
 */
export async function documentForDownload(
  db: Database,
  documentId: unknown,
  reader: DocumentReader,
): Promise<PrintedDocument | undefined> {
  if (typeof documentId !== 'string' || !isUuid(documentId)) return undefined;
  const [found] = await printedWhere(db, eq(taxDocuments.id, documentId));
  if (!found || (reader !== 'staff' && found.userId !== reader.shopperId)) return undefined;
  return found;
}

/** A document's PDF as a mail attachment. */
async function attachment(document: PrintedDocument): Promise<MailAttachment> {
  return {
    filename: documentFileName(document.number),
    content: await renderTaxDocumentPdf(document),
    contentType: 'application/pdf',
  };
}

/** The order's tax invoice as a PDF attachment (the confirmation email); none for an order placed before invoices. */
export async function invoiceAttachment(db: Database, orderId: string): Promise<MailAttachment[]> {
  const found = await printedWhere(db, and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return Promise.all(found.map(attachment));
}

/**
 * The credit note of the order's whole payment refunded (the cancelled or failed email), or of a
 * cash on delivery order returned to origin (its email), if one was issued.
 */
export async function wholeRefundCreditNoteAttachment(db: Database, orderId: string): Promise<MailAttachment[]> {
  const found = await printedWhere(
    db,
    and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note'), isNull(refunds.returnRequestId)),
  );
  return Promise.all(found.map(attachment));
}

/** The credit note of a return's refund (the return's refunded email), if one was issued. */
export async function returnCreditNoteAttachment(db: Database, returnRequestId: string): Promise<MailAttachment[]> {
  const found = await printedWhere(
    db,
    and(eq(taxDocuments.kind, 'credit_note'), eq(refunds.returnRequestId, returnRequestId)),
  );
  return Promise.all(found.map(attachment));
}
