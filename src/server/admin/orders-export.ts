// The orders list's CSV export for accounting: every order the search and filters find (not only
// the page shown), oldest first, one row per order line. The order's own figures repeat on each of
// its lines, with the line's number, so a sheet adds them up over the rows whose Line is 1. Written
// with the one CSV writer (shared/csv.ts): text a shopper typed cannot run as a formula.
import { and, asc, eq, sql } from 'drizzle-orm';

import { orderNumber, orderStatus } from '../../common/orders.ts';
import { PAYMENT_METHOD_LABELS } from '../../common/order-filters.ts';
import type { Database } from '../db/client.ts';
import { orders, refunds, taxDocuments } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import { toCsv, type CsvCell } from '../shared/csv.ts';
import { ordersWhere, type OrderQuery } from './order-filters.ts';

/** The most orders one export holds: a year of a small brand's orders, and a file a spreadsheet opens at once. */
export const ORDERS_EXPORT_MAX = 10_000;

const ORDERS_EXPORT_MESSAGES = {
  tooMany: `More than ${ORDERS_EXPORT_MAX.toLocaleString('en-IN')} orders match: narrow the dates or filters to export them.`,
} as const;

const HEADER = [
  'Order number',
  'Date (India time)',
  'Status',
  'Payment method',
  'Customer name',
  'Customer email',
  'Customer phone',
  'Place of supply',
  'Line',
  'Product',
  'Size',
  'Quantity',
  'Unit price (INR)',
  'Line amount (INR)',
  'Order subtotal (INR)',
  'Discount (INR)',
  'COD fee (INR)',
  'Store credit used (INR)',
  'Order total (INR)',
  'Refunded so far (INR)',
  'Invoice number',
] as const;

/** India is UTC+05:30 all year: a moment as its date and time there, `2026-03-31 18:05`. */
function indiaDateTime(moment: Date): string {
  return new Date(moment.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The CSV of the orders `query` finds, and how many orders it holds; refused when more than
 * ORDERS_EXPORT_MAX match (a cut file would pass for the whole period).
 */
export async function exportOrdersCsv(
  db: Database,
  query: OrderQuery,
): Promise<Result<{ csv: string; count: number }>> {
  // What each order has been given back so far: refunds Razorpay confirmed, credit given, payouts
  // staff recorded paid (a refund still on its way is not yet money back). One pass over refunds.
  const refunded = db
    .select({
      orderId: refunds.orderId,
      paise: sql<number>`sum(${refunds.amountPaise})::int`.as('refunded_paise'),
    })
    .from(refunds)
    .where(
      sql`(${refunds.destination} = 'original' and ${refunds.razorpayRefundId} is not null) or ${refunds.destination} = 'store_credit' or (${refunds.destination} = 'payout' and ${refunds.payoutReference} is not null)`,
    )
    .groupBy(refunds.orderId)
    .as('refunded');
  const rows = await db
    .select({
      order: orders,
      refundedPaise: sql<number>`coalesce(${refunded.paise}, 0)`,
      invoiceNumber: taxDocuments.number,
      placeOfSupply: sql<string | null>`${taxDocuments.body} ->> 'placeOfSupply'`,
    })
    .from(orders)
    .leftJoin(refunded, eq(refunded.orderId, orders.id))
    .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.kind, 'invoice')))
    .where(ordersWhere(db, query))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(ORDERS_EXPORT_MAX + 1);
  if (rows.length > ORDERS_EXPORT_MAX) return failure('invalid', ORDERS_EXPORT_MESSAGES.tooMany);

  const lines: CsvCell[][] = rows.flatMap(({ order, refundedPaise, invoiceNumber, placeOfSupply }) =>
    order.itemsJson.map((item, index) => [
      orderNumber(order.id),
      indiaDateTime(order.createdAt),
      orderStatus(order.status),
      PAYMENT_METHOD_LABELS[order.paymentMethod],
      order.addressJson.name,
      order.email,
      order.addressJson.phone,
      placeOfSupply ?? order.addressJson.state,
      index + 1,
      item.name,
      item.size,
      item.quantity,
      { paise: item.pricePaise },
      { paise: item.pricePaise * item.quantity },
      { paise: order.subtotalPaise },
      { paise: order.discountPaise },
      { paise: order.codFeePaise },
      { paise: order.creditPaise },
      { paise: order.totalPaise },
      { paise: refundedPaise },
      invoiceNumber,
    ]),
  );
  return { ok: true, csv: toCsv(HEADER, lines), count: rows.length };
}
