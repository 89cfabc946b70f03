// Rows of what follows an order's delivery, written straight to the tables for tests whose subject
// comes after it: the delivered parcel that returns, reviews and overdue cash go by, and a return
// request as the shopper's form leaves it.
import { randomUUID } from 'node:crypto';

import type { Database } from '../../src/server/db/client.ts';
import { returnRequests, shipments, type ReturnRequest } from '../../src/server/db/schema.ts';

const DAY_MS = 24 * 3_600_000;

/** A request's order line, and whatever else of its row a test sets. */
type RequestOf = Pick<ReturnRequest, 'orderId' | 'productId'> & Partial<typeof returnRequests.$inferInsert>;

/** Records the order's Delhivery parcel, shipped at `shippedAt` and delivered at `deliveredAt` (on its way while null). */
async function recordParcel(db: Database, orderId: string, shippedAt: Date, deliveredAt: Date | null) {
  const awb = `DL${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await db.insert(shipments).values({
    orderId,
    courier: 'Delhivery',
    awb,
    trackingUrl: `https://www.delhivery.com/track-v2/package/${awb}`,
    shippedAt,
    deliveredAt,
  });
}

/** Records the order's Delhivery parcel, shipped two days before `deliveredAt` (now unless given) and delivered then. */
export const recordDeliveredParcel = (db: Database, orderId: string, deliveredAt = new Date()): Promise<void> =>
  recordParcel(db, orderId, new Date(deliveredAt.getTime() - 2 * DAY_MS), deliveredAt);

/** Records the order's Delhivery parcel, shipped now and still on its way. */
export const recordParcelOnItsWay = (db: Database, orderId: string): Promise<void> =>
  recordParcel(db, orderId, new Date(), null);

/** A requested return of one M unit of `productId` from the order, refunded to its payment, open for a week. */
export async function createReturnRequest(db: Database, request: RequestOf): Promise<ReturnRequest> {
  const [row] = await db
    .insert(returnRequests)
    .values({
      kind: 'return',
      size: 'M',
      quantity: 1,
      reason: 'damaged',
      refundDestination: 'original',
      expiresAt: new Date(Date.now() + 7 * DAY_MS),
      ...request,
    })
    .returning();
  return row!;
}

/** A requested exchange of one M unit of `productId` from the order for an L, open for a week. */
export const createExchangeRequest = (db: Database, request: RequestOf) =>
  createReturnRequest(db, { kind: 'exchange', exchangeSize: 'L', refundDestination: null, ...request });

/** The return form's fields for one M unit of `productId` sent back damaged, with the test's own (where the refund goes and the like). */
export const damagedReturnForm = <Fields extends Record<string, unknown>>(productId: number, fields: Fields) => ({
  item: `${productId}:M`,
  kind: 'return',
  quantity: '1',
  reason: 'damaged',
  ...fields,
});

/** The return form's refund paid out to a bank account, as a cash on delivery order's shopper fills it in. */
export const BANK_PAYOUT = {
  refundTo: 'payout',
  payoutMethod: 'bank',
  accountHolder: 'Ravi Kumar',
  accountNumber: '123456784321',
  ifsc: 'HDFC0001234',
};
