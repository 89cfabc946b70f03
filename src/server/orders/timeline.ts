// An order's journey as the shopper follows it (ADR 0023): placed, packed, shipped (with the
// parcel's tracking link) and delivered, each with its date once it has happened. A failed order
// stops where it was. A parcel the courier tracks (docs/decisions/0053) shows each scan under
// Shipped, with its place and time, and while the order is shipped its status reads where the
// parcel is. Shared by Your Orders and the visitor's order tracking.
import { COURIER_STATE_LABELS, type CourierState } from '../../common/courier-shipments.ts';
import { formatOrderDate, orderStatus } from '../../common/orders.ts';
import type { Order, Shipment } from '../db/schema.ts';
import type { CourierProgress } from './shipping.ts';

/** A courier's scan as the shopper reads it. */
interface ScanLine {
  /** Where the parcel then was, in the store's words ('In transit'). */
  label: string;
  /** What happened, in the courier's words. */
  activity: string;
  location: string;
  /** When, in India's time. */
  date: string;
}

interface TimelineStep {
  label: 'Placed' | 'Packed' | 'Shipped' | 'Delivered';
  /** When it happened, as the pages write dates; undefined while it has not. */
  date: string | undefined;
  /** The parcel, on the Shipped step. */
  parcel?: { courier: string; awb: string; trackingUrl: string };
  /** The courier's scans, newest first, on the Shipped step. */
  scans?: ScanLine[];
}

export function orderTimeline(
  order: Pick<Order, 'createdAt' | 'packedAt' | 'status'>,
  parcels: Shipment[],
  courier?: CourierProgress,
) {
  // The order's own parcel: an exchange's replacement parcel has its own place (the return request).
  const parcel = parcels.filter((candidate) => candidate.returnRequestId === null).at(-1);
  const shippedOrLater = ['shipped', 'delivered', 'completed', 'returned', 'returned_to_origin'].includes(order.status);
  const scans = (courier?.scans ?? [])
    .map((scan) => ({
      label: COURIER_STATE_LABELS[scan.state],
      activity: scan.activity,
      location: scan.location,
      date: formatOrderDate(scan.occurredAt),
    }))
    .reverse();
  const steps: TimelineStep[] = [
    { label: 'Placed', date: formatOrderDate(order.createdAt) },
    {
      label: 'Packed',
      date: order.packedAt ? formatOrderDate(order.packedAt) : undefined,
    },
    {
      label: 'Shipped',
      date: shippedOrLater && parcel ? formatOrderDate(parcel.shippedAt) : undefined,
      ...(parcel ? { parcel: { courier: parcel.courier, awb: parcel.awb, trackingUrl: parcel.trackingUrl } } : {}),
      ...(scans.length > 0 ? { scans } : {}),
    },
    { label: 'Delivered', date: parcel?.deliveredAt ? formatOrderDate(parcel.deliveredAt) : undefined },
  ];
  // A failed or cancelled order, or a parcel returned to origin, goes no further: its steps to
  // come are not reached, not pending.
  const stopped = order.status === 'failed' || order.status === 'cancelled' || order.status === 'returned_to_origin';
  return { steps, stopped };
}

export type OrderTimeline = ReturnType<typeof orderTimeline>;

/** The parcel states a shipped order's status reads as: the courier has news beyond 'Shipped'. */
const SHOWN_PARCEL_STATES: readonly CourierState[] = [
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'rto_in_transit',
];

/** An order's status as the shopper reads it: while shipped, where its courier parcel is. */
export function shownStatus(status: Order['status'], courier?: Pick<CourierProgress, 'state'>): string {
  if (status === 'shipped' && courier && SHOWN_PARCEL_STATES.includes(courier.state)) {
    return COURIER_STATE_LABELS[courier.state];
  }
  return orderStatus(status);
}
