// An order's journey as the shopper follows it (ADR 0023): placed, packed, shipped (with the
// parcel's tracking link) and delivered, each with its date once it has happened. A failed order
// stops where it was. Shared by Your Orders and the visitor's order tracking.
import { formatOrderDate } from '../../common/orders.ts';
import type { Order, Shipment } from '../db/schema.ts';

interface TimelineStep {
  label: 'Placed' | 'Packed' | 'Shipped' | 'Delivered';
  /** When it happened, as the pages write dates; undefined while it has not. */
  date: string | undefined;
  /** The parcel, on the Shipped step. */
  parcel?: { courier: string; awb: string; trackingUrl: string };
}

export function orderTimeline(order: Pick<Order, 'createdAt' | 'packedAt' | 'status'>, parcels: Shipment[]) {
  // The order's own parcel: an exchange's replacement parcel has its own place (the return request).
  const parcel = parcels.filter((candidate) => candidate.returnRequestId === null).at(-1);
  const shippedOrLater = ['shipped', 'delivered', 'completed', 'returned', 'returned_to_origin'].includes(order.status);
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
    },
    { label: 'Delivered', date: parcel?.deliveredAt ? formatOrderDate(parcel.deliveredAt) : undefined },
  ];
  // A failed or cancelled order, or a parcel returned to origin, goes no further: its steps to
  // come are not reached, not pending.
  const stopped = order.status === 'failed' || order.status === 'cancelled' || order.status === 'returned_to_origin';
  return { steps, stopped };
}

export type OrderTimeline = ReturnType<typeof orderTimeline>;
