// A courier parcel's tracking (docs/decisions/0053): each scan the courier reports is kept (once:
// the provider repeats itself), and moves the parcel on, never back. A forward parcel moves its
// order: picked up, the order is shipped with its parcel; delivered, delivered; back at the
// warehouse, returned to origin with its units back on sale (orders/status.ts
// `returnToOriginByCourier`); one paid online is refunded by a job sent in the same transaction
// (Razorpay is asked outside it, and retried), so the courier's webhook is answered at once. A
// failed delivery asks the shopper what to do (ndr.ts). A reverse parcel picked up from the
// shopper moves its return request.
//
// One transaction per parcel, in THE LOCK ORDER (checkout/workflow.ts): the order row first
// (orders/status.ts `lockOrder`), then the parcel's row, then what the moves lock after the order
// (a return request, coupon and stock rows, the invoice's number last). The same event delivered
// twice at once is stored by one and found by the other, which then moves nothing.
import { desc, eq } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { z } from 'zod';

import type { CourierState, TrackingState } from '../../common/courier-shipments.ts';
import { formatPaise } from '../../common/money.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { courierShipments, trackingEvents, type CourierShipment, type Order } from '../db/schema.ts';
import { pickUpReturnByCourier } from '../orders/returns.ts';
import {
  deliverByCourier,
  lockOrder,
  returnUndelivered,
  returnToOriginByCourier,
  shipByCourier,
  type OrderMoveDeps,
  type RecordMove,
} from '../orders/status.ts';
import { refundOfOrder } from '../payments/refunds.ts';
import { recordAudit, STORE_ITSELF } from '../shared/audit.ts';
import type { TrackingUpdate } from '../shipping/provider.ts';
import { recordDeliveryFailure } from './ndr.ts';
import { workCourierJob } from './parcels.ts';

/** Where a Shiprocket parcel is followed by anyone with its AWB. */
const shiprocketTrackingUrl = (awb: string) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;

/**
 * How far along each state is. A parcel moves only to a state further on; out for delivery and a
 * failed delivery are as far as each other, so a new attempt follows a failure, and a failure may
 * repeat (each a new attempt), but only by a newer scan. Delivered, back at the warehouse and
 * cancelled are final; cancelled only before the courier has the parcel.
 */
const RANK: Record<CourierState, number> = {
  creating: 0,
  created: 0,
  labelled: 0,
  pickup_scheduled: 0,
  picked_up: 1,
  in_transit: 2,
  out_for_delivery: 3,
  delivery_failed: 3,
  delivered: 4,
  rto_in_transit: 4,
  returned_to_origin: 5,
  cancelled: 6,
};
const FINAL: readonly CourierState[] = ['delivered', 'returned_to_origin', 'cancelled'];

/** Whether a scan of `to` moves a parcel in `from`; `newer`: no scan of the parcel is later. */
export function movesParcel(from: CourierState, to: TrackingState, newer: boolean): boolean {
  if (FINAL.includes(from)) return false;
  if (to === 'cancelled') return RANK[from] === 0;
  if (RANK[to] > RANK[from]) return true;
  return newer && RANK[to] === 3 && RANK[from] === 3 && (to !== from || to === 'delivery_failed');
}

export interface TrackingDeps extends OrderMoveDeps {
  /** A prepaid parcel back at the warehouse: its refund's job is sent in the tracking transaction. */
  jobs: Pick<JobQueue, 'send'>;
}

/** What became of a batch of updates: for the webhook's log line. */
export interface TrackingOutcome {
  /** AWBs no parcel of the store has: nothing changed for them. */
  unknownAwbs: string[];
  /** Scans stored (a repeated one is not counted). */
  stored: number;
}

/**
 * Applies the courier's tracking updates (from the webhook), each parcel's in one transaction.
 * Unknown AWBs are logged and skipped.
 */
export async function applyTrackingUpdates(deps: TrackingDeps, updates: TrackingUpdate[]): Promise<TrackingOutcome> {
  const byAwb = Map.groupBy(updates, (update) => update.awb);
  const outcome: TrackingOutcome = { unknownAwbs: [], stored: 0 };
  for (const [awb, scans] of byAwb) {
    const [parcel] = await deps.db.select().from(courierShipments).where(eq(courierShipments.awb, awb));
    if (!parcel) {
      deps.logger.info({ awb }, 'courier: a tracking event for an AWB the store does not know; nothing changed');
      outcome.unknownAwbs.push(awb);
      continue;
    }
    outcome.stored += await deps.db.transaction((tx) => applyToParcel(deps, tx, parcel, scans));
  }
  return outcome;
}

const RefundJob = z.object({ orderId: z.uuid(), awb: z.string().min(1) });

/**
 * The worker of the 'courier-undelivered-refund' queue (store-jobs.ts): refunds a prepaid order
 * whose parcel came back and returns it to origin (orders/status.ts `returnUndelivered`, with the
 * refund's idempotency key, so a retry is the same refund). While Razorpay cannot be reached the
 * job fails, to run again later; an order closed meanwhile (staff finished it) needs nothing more.
 */
export function runUndeliveredRefundJob(deps: OrderMoveDeps, job: JobWithMetadata<unknown>): Promise<void> {
  return workCourierJob(deps, job, RefundJob, 'refund', async ({ orderId, awb }) => {
    const returned = await returnUndelivered(deps, orderId, recordCourierMove(awb));
    if (returned.ok) return;
    // Razorpay could not be reached: its refund stays started, and the job runs again.
    if (returned.kind === 'unavailable' && (await refundOfOrder(deps.db, orderId))) throw new Error(returned.message);
    // Refused outright (no refund was made), or closed meanwhile: retrying would not help.
    const refused = returned.kind === 'unavailable';
    deps.logger[refused ? 'error' : 'info'](
      { orderId, awb, reason: returned.message },
      refused
        ? 'courier: Razorpay refused the refund of a prepaid parcel back at the warehouse; staff finish it from the order page'
        : 'courier: no refund to make for a parcel back at the warehouse',
    );
  });
}

/** The audit entry of an order the courier's tracking moved: the store itself, naming the parcel. */
function recordCourierMove(awb: string): RecordMove {
  return (tx, { order, from, to, shipment, document, refund, restocked }) => {
    const issued = document ? `, ${document.kind === 'invoice' ? 'invoice' : 'credit note'} ${document.number}` : '';
    const refunded = refund ? `, ${formatPaise(refund.amountPaise)} refunded` : '';
    const units = restocked ? ', units back on sale' : '';
    return recordAudit(tx, STORE_ITSELF, {
      action: 'order.status',
      entityType: 'order',
      entityId: order.id,
      summary: `Order #${order.id.slice(0, 8)} ${from} → ${to} by the courier's tracking (AWB ${awb})${issued}${refunded}${units}`,
      before: { status: from },
      after: {
        status: to,
        ...(shipment ? { shipment } : {}),
        ...(document ? { document } : {}),
        ...(refund ? { refund } : {}),
        ...(restocked === undefined ? {} : { restocked }),
      },
    });
  };
}

async function applyToParcel(
  deps: TrackingDeps,
  tx: Database,
  found: CourierShipment,
  scans: TrackingUpdate[],
): Promise<number> {
  let order = (await lockOrder(tx, found.orderId))!;
  // Locked after its order (THE LOCK ORDER), and read again: a move made meanwhile is seen.
  const parcel = (await tx.select().from(courierShipments).where(eq(courierShipments.id, found.id)).for('update'))[0]!;
  const [last] = await tx
    .select({ at: trackingEvents.occurredAt })
    .from(trackingEvents)
    .where(eq(trackingEvents.courierShipmentId, parcel.id))
    .orderBy(desc(trackingEvents.occurredAt))
    .limit(1);
  const stored = await tx
    .insert(trackingEvents)
    .values(
      scans.map((scan) => ({
        courierShipmentId: parcel.id,
        state: scan.state,
        providerStatus: scan.providerStatus,
        activity: scan.activity,
        location: scan.location,
        occurredAt: scan.occurredAt,
      })),
    )
    .onConflictDoNothing()
    .returning();
  stored.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());

  const record = recordCourierMove(parcel.awb!);
  let state: CourierState = parcel.state;
  let latest = last?.at.getTime() ?? Number.NEGATIVE_INFINITY;
  let failed: { reason: string; reportedAt: Date } | undefined;
  for (const event of stored) {
    const newer = event.occurredAt.getTime() >= latest;
    latest = Math.max(latest, event.occurredAt.getTime());
    if (!movesParcel(state, event.state, newer)) continue;
    state = event.state;
    const scan = scans.find(
      (candidate) =>
        candidate.providerStatus === event.providerStatus &&
        candidate.occurredAt.getTime() === event.occurredAt.getTime(),
    );
    if (parcel.direction === 'reverse') {
      if (event.state === 'picked_up' && parcel.returnRequestId) {
        await pickUpReturnByCourier(deps, tx, order, parcel.returnRequestId, event.occurredAt);
      }
      continue;
    }
    order = await shipIfWaiting(deps, tx, order, parcel, event.state, event.occurredAt, record);
    if (event.state === 'delivered') {
      order = (await deliverByCourier(deps, tx, order, event.occurredAt, record))?.order ?? order;
    } else if (event.state === 'returned_to_origin') {
      // Its credit note is dated and numbered today, whenever the courier's report was made.
      const back = await returnToOriginByCourier(deps, tx, order, record, new Date());
      if (back === 'refund') {
        await deps.jobs.send(tx, 'courier-undelivered-refund', { orderId: order.id, awb: parcel.awb! });
      }
    } else if (event.state === 'delivery_failed') {
      failed = { reason: scan?.reason ?? event.activity, reportedAt: event.occurredAt };
    }
  }
  // A failed attempt asks the shopper only while it is where the parcel is: not when later scans of
  // the same report already took it out for delivery again, or delivered it.
  if (failed && state === 'delivery_failed') await recordDeliveryFailure(deps, tx, { parcel, order, ...failed });
  if (state !== parcel.state) {
    await tx.update(courierShipments).set({ state, updatedAt: new Date() }).where(eq(courierShipments.id, parcel.id));
  }
  return stored.length;
}

/**
 * Any scan of a parcel the courier has (all but a cancellation) ships an order still waiting for
 * it, at that scan's time: the picked up scan itself, or the first one heard of when it was missed.
 */
async function shipIfWaiting(
  deps: TrackingDeps,
  tx: Database,
  order: Order,
  parcel: CourierShipment,
  state: TrackingState,
  at: Date,
  record: RecordMove,
): Promise<Order> {
  if (state === 'cancelled' || (order.status !== 'pending' && order.status !== 'processing')) return order;
  const moved = await shipByCourier(
    deps,
    tx,
    order,
    {
      courier: parcel.courier ?? parcel.provider,
      awb: parcel.awb!,
      trackingUrl: shiprocketTrackingUrl(parcel.awb!),
      at,
    },
    record,
  );
  return moved?.order ?? order;
}
