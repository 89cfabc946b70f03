// What the admin orders list's search and filters (common/order-filters.ts) mean in SQL, shared by
// the list and its CSV export. Each is an exact match on an indexed expression: the order number a
// range of the primary key, the email orders_email_idx, the phone orders_phone_idx, an AWB
// shipments_awb_idx or courier_shipments' unique AWB, the dates orders_created_idx; the kinds a
// search could be are one union of those lookups, never a scan of every order.
import { and, eq, exists, gte, inArray, isNull, lt, lte, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { OrderStatus, PaymentMethod } from '../../common/catalog.ts';
import { indiaDayStart, nextIndiaDay } from '../../common/india-time.ts';
import { orderSearchTerms, type OrderAction, type OrderFilters } from '../../common/order-filters.ts';
import type { ReturnStatus } from '../../common/returns.ts';
import { SHIPS_FROM } from '../courier/booking.ts';
import { ordersWithOpenDeliveryFailure } from '../courier/ndr.ts';
import type { Database } from '../db/client.ts';
import { courierShipments, orders, refunds, returnRequests, shipments } from '../db/schema.ts';

/** A return or exchange waits for staff while it is new (to decide) or picked up (to refund or send the new size). */
const RETURN_WAITS_FOR_STAFF: readonly ReturnStatus[] = ['requested', 'picked_up'];

/** The filters as the queries take them. */
export interface OrderQuery {
  search?: string | undefined;
  status?: OrderStatus | undefined;
  paymentMethod?: PaymentMethod | undefined;
  /** Placed at or after this moment, and before the other. */
  placedFrom?: Date | undefined;
  placedBefore?: Date | undefined;
  action?: OrderAction | undefined;
  /**
   * Only cash on delivery orders delivered (or completed) before this moment whose cash has not
   * been recorded as received: now less COD_CASH_OVERDUE_DAYS.
   */
  cashDeliveredBefore?: Date | undefined;
}

/** The checked filters of the address as a query; the cash filter counts from `now`. */
export function orderQueryOf(filters: OrderFilters, cashOverdueDays: number, now = new Date()): OrderQuery {
  return {
    search: filters.search || undefined,
    status: filters.status || undefined,
    paymentMethod: filters.payment || undefined,
    placedFrom: filters.from ? (indiaDayStart(filters.from) ?? undefined) : undefined,
    placedBefore: filters.to ? (indiaDayStart(nextIndiaDay(filters.to)) ?? undefined) : undefined,
    action: filters.action || undefined,
    cashDeliveredBefore: filters.cash ? new Date(now.getTime() - cashOverdueDays * 24 * 3_600_000) : undefined,
  };
}

/** The orders a query asks for, as a where clause over `orders` (undefined: every order). */
export function ordersWhere(db: Database, query: OrderQuery): SQL | undefined {
  return and(
    query.search === undefined ? undefined : searchMatches(db, query.search),
    query.status ? eq(orders.status, query.status) : undefined,
    query.paymentMethod ? eq(orders.paymentMethod, query.paymentMethod) : undefined,
    query.placedFrom ? gte(orders.createdAt, query.placedFrom) : undefined,
    query.placedBefore ? lt(orders.createdAt, query.placedBefore) : undefined,
    query.action ? needsAction(db, query.action) : undefined,
    query.cashDeliveredBefore ? cashOverdue(query.cashDeliveredBefore) : undefined,
  );
}

/** The orders a search finds, by each kind it could be; nothing for a search that is none of them. */
function searchMatches(db: Database, search: string): SQL {
  const terms = orderSearchTerms(search);
  if (!terms) return sql`false`;
  const found = alias(orders, 'found');
  const lookups: SQL[] = [];
  if (terms.orderPrefix) {
    // The ids whose first 8 characters are the number: a range of the primary key.
    const prefix = terms.orderPrefix;
    lookups.push(
      db
        .select({ id: found.id })
        .from(found)
        .where(
          and(
            gte(found.id, `${prefix}-0000-0000-0000-000000000000`),
            lte(found.id, `${prefix}-ffff-ffff-ffff-ffffffffffff`),
          ),
        )
        .getSQL(),
    );
  }
  if (terms.orderId) lookups.push(db.select({ id: found.id }).from(found).where(eq(found.id, terms.orderId)).getSQL());
  if (terms.email) lookups.push(db.select({ id: found.id }).from(found).where(eq(found.email, terms.email)).getSQL());
  if (terms.phone) {
    lookups.push(
      db
        .select({ id: found.id })
        .from(found)
        .where(sql`(${found.addressJson} ->> 'phone') = ${terms.phone}`)
        .getSQL(),
    );
  }
  if (terms.awb) {
    const awbs = [...new Set([terms.awb, terms.awb.toUpperCase()])];
    lookups.push(
      db.select({ id: shipments.orderId }).from(shipments).where(inArray(shipments.awb, awbs)).getSQL(),
      db
        .select({ id: courierShipments.orderId })
        .from(courierShipments)
        .where(inArray(courierShipments.awb, awbs))
        .getSQL(),
    );
  }
  return sql`${orders.id} in (${sql.join(lookups, sql` union all `)})`;
}

function needsAction(db: Database, action: OrderAction): SQL {
  switch (action) {
    case 'to_ship':
      // As the courier booking judges it (courier/booking.ts): paid or confirmed, no refund of the
      // whole order started, no parcel of its own handed over or booked.
      return and(
        inArray(orders.status, SHIPS_FROM),
        notExists(
          db
            .select({ id: shipments.id })
            .from(shipments)
            .where(and(eq(shipments.orderId, orders.id), isNull(shipments.returnRequestId))),
        ),
        notExists(
          db
            .select({ id: courierShipments.id })
            .from(courierShipments)
            .where(
              and(
                eq(courierShipments.orderId, orders.id),
                eq(courierShipments.direction, 'forward'),
                ne(courierShipments.state, 'cancelled'),
              ),
            ),
        ),
        notExists(
          db
            .select({ id: refunds.id })
            .from(refunds)
            .where(and(eq(refunds.orderId, orders.id), isNull(refunds.returnRequestId))),
        ),
      )!;
    case 'delivery_failed':
      return inArray(orders.id, ordersWithOpenDeliveryFailure(db));
    case 'return_waiting':
      return inArray(
        orders.id,
        db
          .select({ orderId: returnRequests.orderId })
          .from(returnRequests)
          .where(inArray(returnRequests.status, RETURN_WAITS_FOR_STAFF)),
      );
  }
}

/**
 * Cash on delivery orders whose parcel was delivered before `deliveredBefore` and whose cash has
 * not been recorded as received (the orders_cash_due_idx index).
 */
function cashOverdue(deliveredBefore: Date): SQL {
  return and(
    eq(orders.paymentMethod, 'cod'),
    isNull(orders.cashReceivedAt),
    inArray(orders.status, ['delivered', 'completed']),
    exists(
      sql`(select 1 from ${shipments} where ${shipments.orderId} = ${orders.id} and ${shipments.returnRequestId} is null and ${lte(shipments.deliveredAt, deliveredBefore)})`,
    ),
  )!;
}
