// From a paid order to a booked parcel (docs/decisions/0053): staff choose orders and press
// 'Ready to ship'. In one transaction, under each order's lock (taken by order id, so two staff
// choosing overlapping orders never wait on each other in a circle), every order that may ship gets
// its forward parcel in state 'creating', in one print run (a shipping batch), a pending order is
// packed (orders/status.ts), the audit log says who did it, and the parcel's retry job is sent;
// the orders that may not ship are refused by number and nothing is written for them. Only once
// that is committed is the provider asked: each parcel is created under its reference (the order
// number) and given its courier and AWB; then the pickup is booked (Shiprocket manifests only what
// a courier is booked to collect); then the labels and the manifest of the run, joined into one
// PDF kept on the batch (the parcels are then 'labelled', their last booking step).
//
// A call that fails leaves its parcel where it got to, with the reason (`lastError`) shown on the
// order's page, and the retry job (queue 'courier-booking') continues it from there with backoff:
// a parcel still 'creating' is first looked up by its reference, and adopted if the provider has
// it, so a call that timed out after the provider made the parcel never makes a second one. The
// parcels' steps and who may make them are parcels.ts's.
//
// The order is not shipped here: it ships when the courier picks the parcel up, as its tracking
// says.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { z } from 'zod';

import type { OrderStatus } from '../../common/catalog.ts';
import { BOOKING_STATES, COURIER_STATE_LABELS } from '../../common/courier-shipments.ts';
import { isUuid } from '../../common/ids.ts';
import { orderNumber } from '../../common/orders.ts';
import type { Database } from '../db/client.ts';
import { courierShipments, orders, shippingBatches, type CourierShipment, type Order } from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Result } from '../errors.ts';
import { lockOrder, packLocked } from '../orders/status.ts';
import { refundOfOrder } from '../payments/refunds.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import {
  ask,
  BOOKING_LEASE_MS,
  unusedReference,
  workCourierJob,
  BookingNotDone,
  cancelParcel,
  carryOn,
  claimToCancel,
  nowOf,
  placeParcel,
  save,
  schedulePickup,
  shipmentRequest,
  takeOver,
  type CourierDeps,
  type Held,
} from './parcels.ts';
import { joinPdfs } from './print.ts';

/** The most orders one press of 'Ready to ship' books (one print run). */
const MAX_BATCH_ORDERS = 50;

/**
 * The retry job's first run: after the press has had its go (and its lease has run out), so the
 * job finds the parcel booked, or continues it from where the press left it.
 */
const FIRST_RETRY_SECONDS = Math.ceil((2 * BOOKING_LEASE_MS) / 1000);

export const BOOKING_MESSAGES = {
  noProvider: 'No courier is set up: ship orders by hand with their courier and AWB.',
  choose: 'Choose the orders to ship.',
  tooMany: `Choose at most ${MAX_BATCH_ORDERS} orders at a time.`,
  notFound: (number: string) => `Order #${number} was not found.`,
  unconfirmed: (number: string) =>
    `Order #${number} is cash on delivery and not confirmed yet: confirm it with the customer before shipping.`,
  unpaid: (number: string) => `Order #${number} is not paid: a refund of its payment was started, so it cannot ship.`,
  closed: (number: string, status: 'failed' | 'cancelled') =>
    status === 'failed'
      ? `Order #${number} failed: it cannot ship.`
      : `Order #${number} was cancelled: it cannot ship.`,
  shipped: (number: string) => `Order #${number} has already shipped.`,
  booked: (number: string, state: CourierShipment['state']) =>
    `Order #${number} is already booked with the courier (${COURIER_STATE_LABELS[state]}).`,
  nothingToCancel: 'This order has no courier booking to cancel.',
  withCourier: 'The courier has the parcel: its booking can no longer be cancelled.',
  busy: 'The parcel is being booked right now: try again in a minute.',
  cancelRefused: (why: string) => `The courier booking was not cancelled (${why}). Nothing changed; try again.`,
} as const;

/** The statuses an order ships from: paid online or with store credit, or cash on delivery confirmed. */
export const SHIPS_FROM: readonly OrderStatus[] = ['pending', 'processing'];
const SHIPPED: readonly OrderStatus[] = ['shipped', 'delivered', 'completed', 'returned', 'returned_to_origin'];

/**
 * Why an order may not be made ready to ship, or undefined when it may: it must be paid (online,
 * with no refund of it started, or wholly with store credit) or, cash on delivery, confirmed; not
 * closed, not shipped, and without a live forward parcel.
 */
function shipRefusal(order: Order, live: CourierShipment | undefined, refundStarted: boolean): string | undefined {
  const number = orderNumber(order.id);
  if (order.status === 'awaiting_confirmation') return BOOKING_MESSAGES.unconfirmed(number);
  if (order.status === 'failed' || order.status === 'cancelled') return BOOKING_MESSAGES.closed(number, order.status);
  if (SHIPPED.includes(order.status)) return BOOKING_MESSAGES.shipped(number);
  if (live) return BOOKING_MESSAGES.booked(number, live.state);
  if (refundStarted) return BOOKING_MESSAGES.unpaid(number);
  return undefined;
}

/** Whether the orders list offers an order to tick for 'Ready to ship' (the press judges it again). */
export function offeredToShip(status: OrderStatus, hasLiveParcel: boolean): boolean {
  return SHIPS_FROM.includes(status) && !hasLiveParcel;
}

/** The order's forward parcel that is not cancelled, if any (at most one: a unique index). */
async function liveForwardParcel(db: Database, orderId: string): Promise<CourierShipment | undefined> {
  const [parcel] = await db
    .select()
    .from(courierShipments)
    .where(
      and(
        eq(courierShipments.orderId, orderId),
        eq(courierShipments.direction, 'forward'),
        ne(courierShipments.state, 'cancelled'),
      ),
    );
  return parcel;
}

/** What the courier needs of an order's own parcel: every line, and the cash to collect at the door. */
function forwardRequest(deps: CourierDeps, order: Order, reference: string) {
  return shipmentRequest(deps.db, deps.parcels, order, {
    reference,
    lines: order.itemsJson,
    codPaise: order.paymentMethod === 'cod' ? order.totalPaise - order.creditPaise : 0,
    subtotalPaise: order.totalPaise,
  });
}

/** A parcel as the staff's pages tell of it after a press. */
interface BookedParcel {
  orderId: string;
  number: string;
  state: CourierShipment['state'];
  courier: string | null;
  awb: string | null;
  pickupOn: string | null;
  lastError: string | null;
}

export interface BookingOutcome {
  batchId: string;
  /** Whether the batch has its PDF (labels and manifest): some parcel of it was labelled. */
  printed: boolean;
  parcels: BookedParcel[];
  /** The orders refused, each message naming its order. */
  refused: string[];
}

/** The order ids a form sent: one or many, each a UUID; anything else is not a choice of orders. */
function chosenIds(orderIds: unknown): string[] | undefined {
  const values = typeof orderIds === 'string' ? [orderIds] : Array.isArray(orderIds) ? (orderIds as unknown[]) : [];
  if (!values.every((value): value is string => typeof value === 'string' && isUuid(value))) return undefined;
  return [...new Set(values.map((value) => value.toLowerCase()))].sort();
}

/**
 * Staff's 'Ready to ship' for the chosen orders: books those that may ship, refuses the rest by
 * number (all refused: the refusal, and nothing written), and returns the parcels as the provider
 * left them (a parcel whose call failed has the reason; its job retries it).
 */
export async function bookShipments(
  deps: CourierDeps,
  orderIds: unknown,
  actor: Actor,
): Promise<Result<BookingOutcome>> {
  const ids = chosenIds(orderIds);
  if (!ids || ids.length === 0) return failure('invalid', BOOKING_MESSAGES.choose);
  if (ids.length > MAX_BATCH_ORDERS) return failure('invalid', BOOKING_MESSAGES.tooMany);
  const now = nowOf(deps);
  const made = await refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const refused: string[] = [];
      const ready: Order[] = [];
      for (const id of ids) {
        const order = await lockOrder(tx, id);
        if (!order) {
          refused.push(BOOKING_MESSAGES.notFound(orderNumber(id)));
          continue;
        }
        const why = shipRefusal(order, await liveForwardParcel(tx, id), (await refundOfOrder(tx, id)) !== undefined);
        if (why) refused.push(why);
        else ready.push(order);
      }
      if (ready.length === 0) throw new FailureError(failure('conflict', refused.join(' ')));
      const [batch] = await tx.insert(shippingBatches).values({ createdBy: actor.id, createdAt: now }).returning();
      const parcels: Held[] = [];
      for (const order of ready) {
        const [parcel] = await tx
          .insert(courierShipments)
          .values({
            orderId: order.id,
            direction: 'forward',
            provider: deps.provider.name,
            reference: await unusedReference(tx, orderNumber(order.id)),
            state: 'creating',
            batchId: batch!.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const packed = await packLocked(deps, tx, order, () => Promise.resolve(), now);
        await recordAudit(tx, actor, {
          action: 'order.ready_to_ship',
          entityType: 'order',
          entityId: order.id,
          summary: `Order #${orderNumber(order.id)} ready to ship with ${deps.provider.name} (parcel ${parcel!.reference})${packed ? `: ${packed.from} → ${packed.to}` : ''}`,
          before: { status: order.status },
          after: { status: packed?.to ?? order.status, parcel: parcel!.reference, batchId: batch!.id },
        });
        await deps.jobs.send(
          tx,
          'courier-booking',
          { shipmentId: parcel!.id },
          { startAfterSeconds: FIRST_RETRY_SECONDS },
        );
        parcels.push(parcel!);
      }
      return { ok: true as const, batchId: batch!.id, parcels, refused, orders: new Map(ready.map((o) => [o.id, o])) };
    }),
  );
  if (!made.ok) return made;

  // Committed: now the provider is asked, parcel by parcel, then for the run as a whole.
  const placed: Held[] = [];
  for (const parcel of made.parcels) {
    const order = made.orders.get(parcel.orderId)!;
    const { held, ok } = await placeParcel(deps, parcel, () => forwardRequest(deps, order, parcel.reference), false);
    if (ok && held) placed.push(held);
  }
  // The parcels whose pickup is booked are printed together; any other is its job's to finish.
  const picked = await schedulePickup(deps, placed);
  const printed =
    picked.held.length > 0 ? await printRun(deps, picked.held, made.batchId, actor.id) : { held: [], ok: false };

  const rows = await deps.db
    .select()
    .from(courierShipments)
    .where(
      inArray(
        courierShipments.id,
        made.parcels.map((parcel) => parcel.id),
      ),
    );
  return {
    ok: true,
    batchId: made.batchId,
    printed: printed.ok,
    refused: made.refused,
    parcels: rows
      .map((row) => ({
        orderId: row.orderId,
        number: orderNumber(row.orderId),
        state: row.state,
        courier: row.courier,
        awb: row.awb,
        pickupOn: row.pickupOn,
        lastError: row.lastError,
      }))
      .sort((a, b) => a.number.localeCompare(b.number)),
  };
}

/** Thrown inside a print run's transaction when a parcel was taken over meanwhile: nothing is kept. */
class LostParcel extends Error {}

/**
 * The labels and the manifest of parcels held (each with its AWB and pickup), joined into one PDF (labels
 * first) and kept on the batch: `batchId`'s while it has none yet, else a new batch of its own. The
 * parcels are then 'labelled', in that batch.
 */
async function printRun(
  deps: CourierDeps,
  run: Held[],
  batchId: string | undefined,
  createdBy: string | null,
): Promise<{ held: Held[]; ok: boolean }> {
  const ids = run.map((parcel) => parcel.providerShipmentId!);
  const labels = await ask(deps, run, 'labels', () => deps.provider.labels(ids));
  if (!labels.ok) return { held: [], ok: false };
  const manifest = await ask(deps, labels.held, 'manifest', () => deps.provider.manifest(ids));
  if (!manifest.ok) return { held: [], ok: false };
  const pdf = await joinPdfs([labels.value, manifest.value]);
  try {
    return await deps.db.transaction(async (tx) => {
      const [kept] = batchId
        ? await tx
            .update(shippingBatches)
            .set({ pdf })
            .where(and(eq(shippingBatches.id, batchId), isNull(shippingBatches.pdf)))
            .returning({ id: shippingBatches.id })
        : [];
      const [batch] = kept
        ? [kept]
        : await tx
            .insert(shippingBatches)
            .values({ createdBy, pdf, createdAt: nowOf(deps) })
            .returning({ id: shippingBatches.id });
      const held: Held[] = [];
      for (const parcel of manifest.held) {
        const saved = await save(deps, parcel, { state: 'labelled', batchId: batch!.id, lastError: null }, tx);
        if (!saved) throw new LostParcel();
        held.push(saved);
      }
      return { held, ok: true };
    });
  } catch (error) {
    if (error instanceof LostParcel) return { held: [], ok: false };
    throw error;
  }
}

/**
 * The retry job: continues a forward parcel from where it stopped (looking it up at the provider
 * first), prints it (with the rest of its batch when the batch has no PDF yet, else in a batch of
 * its own) and books its pickup. Nothing to do once it is booked; throws while a step fails, or
 * while another worker holds the parcel, so that the job runs again later.
 */
export async function continueBooking(deps: CourierDeps, shipmentId: string): Promise<void> {
  const [row] = await deps.db.select().from(courierShipments).where(eq(courierShipments.id, shipmentId));
  const held = await carryOn(deps, row, 'The parcel');
  if (!held) return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, held.orderId));
  // The order moved on without the courier (cancelled, failed, or shipped by hand): no parcel for it.
  if (!SHIPS_FROM.includes(order!.status)) {
    const refused = await cancelParcel(deps, held);
    if (refused) throw new BookingNotDone(refused);
    return;
  }

  const placed = await placeParcel(deps, held, () => forwardRequest(deps, order!, held.reference), true);
  if (!placed.ok || !placed.held) throw new BookingNotDone(placed.held?.lastError ?? 'The parcel was taken over.');
  let scheduled = placed.held;
  if (scheduled.state === 'created') {
    const picked = await schedulePickup(deps, [scheduled]);
    if (!picked.ok || !picked.held[0]) throw new BookingNotDone(`The pickup of ${held.reference} could not be booked.`);
    scheduled = picked.held[0];
  }
  const run = [scheduled];
  const [batch] = await deps.db
    .select({ id: shippingBatches.id, printed: sql<boolean>`${shippingBatches.pdf} is not null` })
    .from(shippingBatches)
    .where(eq(shippingBatches.id, scheduled.batchId!));
  const unprinted = batch && !batch.printed ? batch.id : undefined;
  if (unprinted) {
    // The rest of its print run whose pickup is booked and that is free goes in the same PDF.
    const others = await deps.db
      .select({ id: courierShipments.id })
      .from(courierShipments)
      .where(
        and(
          eq(courierShipments.batchId, unprinted),
          ne(courierShipments.id, scheduled.id),
          eq(courierShipments.state, 'pickup_scheduled'),
        ),
      );
    for (const other of others) {
      const taken = await takeOver(deps, other.id);
      if (taken?.state === 'pickup_scheduled') run.push(taken);
    }
  }
  const printed = await printRun(deps, run, unprinted, null);
  if (!printed.ok) throw new BookingNotDone(`The labels of ${held.reference} could not be printed.`);
}

const BookingJob = z.object({ shipmentId: z.uuid() });

/** The worker of the 'courier-booking' queue (store-jobs.ts). */
export function runBookingJob(deps: CourierDeps, job: JobWithMetadata<unknown>): Promise<void> {
  return workCourierJob(deps, job, BookingJob, 'booking', ({ shipmentId }) => continueBooking(deps, shipmentId));
}

/**
 * Staff cancel an order's courier booking before the courier has the parcel (a booking that keeps
 * failing, an order the shopper no longer wants): at the provider when it holds the parcel, then
 * here, audited. The order is then free to be failed, cancelled, booked again or shipped by hand.
 */
export async function cancelBooking(
  deps: CourierDeps,
  orderId: unknown,
  actor: Actor,
): Promise<Result<{ reference: string }>> {
  if (typeof orderId !== 'string' || !isUuid(orderId)) return failure('not_found', BOOKING_MESSAGES.nothingToCancel);
  const live = await liveForwardParcel(deps.db, orderId);
  if (!live) return failure('not_found', BOOKING_MESSAGES.nothingToCancel);
  if (!(BOOKING_STATES as readonly string[]).includes(live.state)) {
    return failure('conflict', BOOKING_MESSAGES.withCourier);
  }
  const held = await claimToCancel(deps, live);
  if (!held) return failure('conflict', BOOKING_MESSAGES.busy);
  const refused = await cancelParcel(deps, held);
  if (refused) return failure('unavailable', BOOKING_MESSAGES.cancelRefused(refused));
  await recordAudit(deps.db, actor, {
    action: 'order.courier_cancelled',
    entityType: 'order',
    entityId: orderId,
    summary: `Order #${orderNumber(orderId)}: courier booking ${live.reference} cancelled`,
    before: { parcel: live.reference, state: live.state },
    after: { parcel: live.reference, state: 'cancelled' },
  });
  return { ok: true, reference: live.reference };
}
