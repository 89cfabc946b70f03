// An order's parcels (ADR 0023): what staff give when an order is shipped (the courier, its air
// waybill number, where it is tracked) and when it was delivered, checked here and written by the
// shipped and delivered moves (status.ts), in their transactions.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';

import { COURIERS, trackingUrlOf } from '../../common/couriers.ts';
import type { CourierState } from '../../common/courier-shipments.ts';
import type { Database } from '../db/client.ts';
import {
  courierShipments,
  shipments,
  trackingEvents,
  type CourierShipment,
  type Shipment,
  type TrackingEvent,
} from '../db/schema.ts';
import { failure, FailureError } from '../errors.ts';
import { rowsOfOrders } from './rows-of-orders.ts';

const COURIER_NAMES = COURIERS.map((courier) => courier.name) as [string, ...string[]];

export const SHIPPING_MESSAGES = {
  courier: 'Choose the courier.',
  awb: 'Enter the AWB number: 6 to 30 letters, digits or dashes.',
  trackingUrl: 'Enter the tracking address, starting with https://.',
  deliveredOn: 'Enter the date it was delivered.',
  deliveredInFuture: 'The delivery date cannot be in the future.',
  deliveredBeforeShipped: 'The delivery date cannot be before the order was shipped.',
} as const;

const ShipmentSchema = z
  .object({
    courier: z.enum(COURIER_NAMES, { error: SHIPPING_MESSAGES.courier }),
    awb: z
      .string({ error: SHIPPING_MESSAGES.awb })
      .trim()
      .regex(/^[A-Za-z0-9-]{6,30}$/, SHIPPING_MESSAGES.awb),
    trackingUrl: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(z.url({ protocol: /^https$/, error: SHIPPING_MESSAGES.trackingUrl }).optional())
      .optional(),
  })
  // A courier without a template needs the address from staff.
  .refine((input) => trackingUrlOf(input.courier, input.awb, input.trackingUrl) !== undefined, {
    message: SHIPPING_MESSAGES.trackingUrl,
  });

type ShipmentInput = { courier: string; awb: string; trackingUrl: string };

/** The parcel staff describe, or the refusal (thrown) naming the first thing wrong. */
export function parseShipment(details: Record<string, unknown>): ShipmentInput {
  const parsed = ShipmentSchema.safeParse(details);
  if (!parsed.success) throw new FailureError(failure('invalid', parsed.error.issues[0]!.message));
  const { courier, awb, trackingUrl } = parsed.data;
  return { courier, awb: awb.toUpperCase(), trackingUrl: trackingUrlOf(courier, awb.toUpperCase(), trackingUrl)! };
}

/** A parcel handed to the courier: the order's own, or an exchange's replacement (`returnRequestId`). */
export async function recordShipment(
  tx: Database,
  orderId: string,
  input: ShipmentInput,
  now: Date,
  returnRequestId: string | null = null,
) {
  const [shipment] = await tx
    .insert(shipments)
    .values({ orderId, ...input, shippedAt: now, returnRequestId })
    .returning();
  return shipment!;
}

/** Which parcel a delivery is recorded for: the order's own latest, or an exchange's replacement. */
export type ParcelOf = { orderId: string } | { returnRequestId: string };

/**
 * Marks a parcel delivered on `deliveredOn` (YYYY-MM-DD, India's calendar): at noon that day, kept
 * between the parcel's shipping and now. Refuses (throws) a day that does not exist, a day to
 * come, or one before the parcel left.
 */
export async function recordDelivery(tx: Database, parcelOf: ParcelOf, deliveredOn: unknown, now: Date) {
  const day = typeof deliveredOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(deliveredOn) ? deliveredOn : '';
  const noon = new Date(`${day}T12:00:00+05:30`);
  // A day that does not exist (30 February) is refused, not rolled over into the next month.
  if (!day || Number.isNaN(noon.getTime()) || indiaDate(noon) !== day) {
    throw new FailureError(failure('invalid', SHIPPING_MESSAGES.deliveredOn));
  }
  if (day > indiaDate(now)) throw new FailureError(failure('invalid', SHIPPING_MESSAGES.deliveredInFuture));
  const [parcel] = await tx
    .select()
    .from(shipments)
    .where(
      'orderId' in parcelOf
        ? and(eq(shipments.orderId, parcelOf.orderId), isNull(shipments.returnRequestId))
        : eq(shipments.returnRequestId, parcelOf.returnRequestId),
    )
    .orderBy(desc(shipments.shippedAt))
    .limit(1);
  if (!parcel) throw new FailureError(failure('conflict', 'There is no parcel to mark delivered.'));
  if (day < indiaDate(parcel.shippedAt)) {
    throw new FailureError(failure('invalid', SHIPPING_MESSAGES.deliveredBeforeShipped));
  }
  // Noon that day, but never before the parcel left nor after now.
  const deliveredAt = new Date(Math.min(Math.max(noon.getTime(), parcel.shippedAt.getTime()), now.getTime()));
  await tx.update(shipments).set({ deliveredAt }).where(eq(shipments.id, parcel.id));
  return { ...parcel, deliveredAt };
}

/**
 * The order's own latest parcel delivered at `at`, as the courier reported it: never before it
 * left. Undefined when the order has no parcel.
 */
export async function recordDeliveryAt(tx: Database, orderId: string, at: Date): Promise<Shipment | undefined> {
  const [parcel] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), isNull(shipments.returnRequestId)))
    .orderBy(desc(shipments.shippedAt))
    .limit(1);
  if (!parcel) return undefined;
  const deliveredAt = new Date(Math.max(at.getTime(), parcel.shippedAt.getTime()));
  await tx.update(shipments).set({ deliveredAt }).where(eq(shipments.id, parcel.id));
  return { ...parcel, deliveredAt };
}

/** The calendar date in India (YYYY-MM-DD) at `moment`. */
export function indiaDate(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(moment);
}

/** The parcels of these orders, oldest first, by order id. */
export function shipmentsOf(db: Database, orderIds: string[]): Promise<Map<string, Shipment[]>> {
  return rowsOfOrders(db, shipments, shipments.shippedAt, orderIds);
}

/** A courier parcel of an order (courier/, docs/decisions/0053): where it is, and its scans so far. */
export interface CourierProgress {
  state: CourierShipment['state'];
  /** Oldest first. */
  scans: TrackingEvent[];
}

/**
 * The courier parcel of each of these orders, by order id: its latest forward parcel (a parcel
 * booked again after a cancellation replaces the first), with its scans. Orders shipped by hand
 * have none. Read here, for the order's pages; courier/ writes them.
 */
export async function courierProgressOf(db: Database, orderIds: string[]): Promise<Map<string, CourierProgress>> {
  const byOrder = new Map<string, CourierProgress>();
  if (orderIds.length === 0) return byOrder;
  const parcels = await db
    .select()
    .from(courierShipments)
    .where(and(inArray(courierShipments.orderId, orderIds), eq(courierShipments.direction, 'forward')))
    .orderBy(asc(courierShipments.createdAt));
  const latest = new Map(parcels.map((parcel) => [parcel.orderId, parcel]));
  const ids = [...latest.values()].map((parcel) => parcel.id);
  const scans =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(trackingEvents)
          .where(inArray(trackingEvents.courierShipmentId, ids))
          .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.receivedAt));
  for (const [orderId, parcel] of latest) {
    byOrder.set(orderId, {
      state: parcel.state,
      scans: scans.filter((scan) => scan.courierShipmentId === parcel.id),
    });
  }
  return byOrder;
}

/**
 * The state of the order's own courier parcel (its latest forward one, as courier/ records it);
 * undefined when it has none (shipped by hand, or not booked).
 */
export async function forwardParcelState(db: Database, orderId: string): Promise<CourierState | undefined> {
  const [latest] = await db
    .select({ state: courierShipments.state })
    .from(courierShipments)
    .where(and(eq(courierShipments.orderId, orderId), eq(courierShipments.direction, 'forward')))
    .orderBy(desc(courierShipments.createdAt))
    .limit(1);
  return latest?.state;
}
