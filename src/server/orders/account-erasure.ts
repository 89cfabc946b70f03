// What a shopper's orders say about deleting their account (ADR 0029). The orders,
// their parcels, return requests, refunds and tax documents are kept (the tax law's records); the
// photos of return requests and the email each order was placed with are the shopper's own and go. An account is not deleted while an
// order is on its way or a return is unfinished: the shopper would lose the only way to follow it.
import { and, count, eq, inArray, sql } from 'drizzle-orm';

import type { OrderStatus } from '../../common/catalog.ts';
import type { ReturnStatus } from '../../common/returns.ts';
import type { Database } from '../db/client.ts';
import { orders, returnRequests } from '../db/schema.ts';

/** Placed and not yet delivered, or closed: the store still owes the parcel. */
const ON_ITS_WAY: OrderStatus[] = ['awaiting_confirmation', 'pending', 'processing', 'shipped'];
/** A refund or a new size is still owed, or staff's decision is awaited. */
const UNFINISHED_RETURN: ReturnStatus[] = ['requested', 'approved', 'picked_up', 'replacement_shipped'];

/** What would stop the account from being deleted now, if anything. */
export async function unfinishedBusiness(db: Database, userId: string): Promise<'orders' | 'returns' | undefined> {
  const [onItsWay] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ON_ITS_WAY)));
  if (onItsWay!.n > 0) return 'orders';
  const [returns] = await db
    .select({ n: count() })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(and(eq(orders.userId, userId), inArray(returnRequests.status, UNFINISHED_RETURN)));
  return returns!.n > 0 ? 'returns' : undefined;
}

/** Replaces the email the user's orders were placed with by the deleted account's erased address. */
export async function forgetOrderEmailsOf(tx: Database, userId: string, erasedEmail: string): Promise<void> {
  await tx.update(orders).set({ email: erasedEmail }).where(eq(orders.userId, userId));
}

/**
 * Forgets the photos of the user's return requests (the requests stay, as the refunds' records);
 * returns the stored files to remove once the caller's transaction commits.
 */
export async function eraseReturnPhotosOf(tx: Database, userId: string): Promise<string[]> {
  const withPhotos = await tx
    .select({ id: returnRequests.id, photos: returnRequests.photos })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(and(eq(orders.userId, userId), sql`jsonb_array_length(${returnRequests.photos}) > 0`));
  if (withPhotos.length === 0) return [];
  await tx
    .update(returnRequests)
    .set({ photos: [] })
    .where(
      inArray(
        returnRequests.id,
        withPhotos.map((request) => request.id),
      ),
    );
  return withPhotos.flatMap((request) => request.photos);
}
