// The courier's reverse pickup of an approved return or exchange (docs/decisions/0053): staff
// approve the request (orders/returns.ts), and the approving transaction sends a job (orders/
// comes before courier/, so it is handed the sending, never this module); its worker books a
// 'reverse' parcel from the shopper's address back to the warehouse: created at the provider under
// its own reference, given its courier and AWB, and its pickup booked, each step recorded and
// retried as a forward parcel's (parcels.ts). That it was picked up comes from the courier's
// tracking; a store without a courier marks the pickup done by hand, as before.
import { and, eq, ne } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { z } from 'zod';

import { orderNumber } from '../../common/orders.ts';
import type { Database } from '../db/client.ts';
import { courierShipments, orders, returnRequests, type Order, type ReturnRequest } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import {
  unusedReference,
  workCourierJob,
  BookingNotDone,
  cancelParcel,
  carryOn,
  nowOf,
  placeParcel,
  schedulePickup,
  shipmentRequest,
  type CourierDeps,
  type Held,
} from './parcels.ts';

/** The reverse parcel's reference: the order number, then R and the request's own short number. */
export function returnReference(orderId: string, returnRequestId: string): string {
  return `${orderNumber(orderId)}-R${returnRequestId.slice(0, 6).toUpperCase()}`;
}

/**
 * What orders/returns.ts is given when the store ships through a courier: the approving
 * transaction sends the reverse pickup's job in it.
 */
export function reversePickupQueue(jobs: Pick<JobQueue, 'send'>) {
  return {
    book: (tx: Database, returnRequestId: string) => jobs.send(tx, 'courier-return-pickup', { returnRequestId }),
  };
}

/** What the courier collects: the request's units of its line, from the order's delivery address. */
function returnRequestOf(deps: CourierDeps, order: Order, request: ReturnRequest, reference: string) {
  const line = order.itemsJson.find((item) => item.productId === request.productId && item.size === request.size);
  const lines = line ? [{ ...line, quantity: request.quantity }] : [];
  return shipmentRequest(deps.db, deps.parcels, order, {
    reference,
    lines,
    codPaise: 0,
    subtotalPaise: lines.reduce((sum, item) => sum + item.pricePaise * item.quantity, 0),
  });
}

/**
 * Books the reverse pickup of an approved request, once: makes its parcel the first time (a unique
 * index keeps one live reverse parcel per request), and continues it from where it stopped on every
 * run after. A request no longer waiting for its pickup (rejected, expired, picked up by hand) gets
 * none, and a parcel made for it is cancelled.
 */
export async function bookReturnPickup(deps: CourierDeps, returnRequestId: string): Promise<void> {
  const [found] = await deps.db
    .select({ request: returnRequests, order: orders })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, returnRequestId));
  if (!found) {
    deps.logger.error({ returnRequestId }, 'courier: no return request for a reverse pickup');
    return;
  }
  const { request, order } = found;
  const waiting = request.status === 'approved';
  const live = () =>
    deps.db
      .select()
      .from(courierShipments)
      .where(and(eq(courierShipments.returnRequestId, returnRequestId), ne(courierShipments.state, 'cancelled')));

  let [parcel] = await live();
  let held: Held | undefined;
  let lookFirst = true;
  if (!parcel) {
    if (!waiting) return;
    const now = nowOf(deps);
    const [made] = await deps.db
      .insert(courierShipments)
      .values({
        orderId: order.id,
        returnRequestId,
        direction: 'reverse',
        provider: deps.provider.name,
        reference: await unusedReference(deps.db, returnReference(order.id, returnRequestId)),
        state: 'creating',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Made now, so no call for it can have happened yet; another run that made it first holds it.
    if (made) {
      held = made;
      lookFirst = false;
    } else {
      [parcel] = await live();
    }
  }
  if (!held) {
    held = await carryOn(deps, parcel, 'The reverse pickup');
    if (!held) return;
  }
  if (!waiting) {
    const refused = await cancelParcel(deps, held);
    if (refused) throw new BookingNotDone(refused);
    return;
  }

  const reference = held.reference;
  const placed = await placeParcel(deps, held, () => returnRequestOf(deps, order, request, reference), lookFirst);
  if (!placed.ok || !placed.held) throw new BookingNotDone(placed.held?.lastError ?? 'The parcel was taken over.');
  // A reverse parcel has no label of ours to print: the courier brings it.
  const picked = await schedulePickup(deps, [placed.held]);
  if (!picked.ok) throw new BookingNotDone(`The reverse pickup ${reference} could not be booked.`);
}

const PickupJob = z.object({ returnRequestId: z.uuid() });

/** The worker of the 'courier-return-pickup' queue (store-jobs.ts). */
export function runReturnPickupJob(deps: CourierDeps, job: JobWithMetadata<unknown>): Promise<void> {
  return workCourierJob(deps, job, PickupJob, 'reverse pickup', ({ returnRequestId }) =>
    bookReturnPickup(deps, returnRequestId),
  );
}
