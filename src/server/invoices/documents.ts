// Reading issued tax documents: the lists on Your Orders and the admin's order page, and one
// document for its download, to its shopper only or to staff (issue 17 §3, ADR 0024).
import { eq, inArray } from 'drizzle-orm';

import { isUuid } from '../../common/ids.ts';
import type { Database } from '../db/client.ts';
import { orders, taxDocuments, type TaxDocument } from '../db/schema.ts';

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

/** Who downloads: the shopper, who gets their own orders' documents only, or staff (any document). */
export type DocumentReader = { shopperId: string } | 'staff';

/**
 * One document, with the number of the invoice a credit note is against, for its download.
 * Anything the reader may not have, a malformed id included, is not found.
 */
export async function documentForDownload(
  db: Database,
  documentId: unknown,
  reader: DocumentReader,
): Promise<(TaxDocument & { invoiceNumber: string | null }) | undefined> {
  if (typeof documentId !== 'string' || !isUuid(documentId)) return undefined;
  const [found] = await db
    .select({ document: taxDocuments, userId: orders.userId })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(eq(taxDocuments.id, documentId));
  if (!found || (reader !== 'staff' && found.userId !== reader.shopperId)) return undefined;
  const { document } = found;
  if (!document.invoiceId) return { ...document, invoiceNumber: null };
  const [invoice] = await db
    .select({ number: taxDocuments.number })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, document.invoiceId));
  return { ...document, invoiceNumber: invoice?.number ?? null };
}
