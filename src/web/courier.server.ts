// Staff's courier parcels on the admin's order pages (docs/decisions/0053): 'Ready to ship' for
// the orders chosen (courier/booking.ts), what its answer says, how a parcel reads, and the print
// run's PDF. Only a store with a courier provider offers any of it.
import type { RouterContextProvider } from 'react-router';

import { BOOKING_STATES, COURIER_STATE_LABELS } from '../common/courier-shipments.ts';
import { formatCreditDate } from '../common/store-credit.ts';
import { BOOKING_MESSAGES, bookShipments, cancelBooking } from '../server/courier/booking.ts';
import type { CourierDeps } from '../server/courier/parcels.ts';
import type { CourierParcel } from '../server/courier/views.ts';
import { failure, type Failure, type Result } from '../server/errors.ts';
import { queuedOrderEmails } from '../server/orders/emails.ts';
import type { Actor } from '../server/shared/audit.ts';
import { getApp } from './app-context.server.ts';
import type { AlertMessage } from './components/admin/alert.tsx';
import { adminShippingBatchPdfPath } from './paths.ts';

/** What booking needs from the app; undefined in a store that ships by hand. */
function courierDeps(context: Readonly<RouterContextProvider>): CourierDeps | undefined {
  const app = getApp(context);
  const { provider, settings } = app.shipping;
  if (!provider) return undefined;
  return {
    db: app.db,
    provider,
    jobs: app.jobs,
    orderEmails: queuedOrderEmails(app.jobs),
    parcels: settings.parcels,
    logger: app.logger,
  };
}

/** Whether the store books parcels with a courier provider. */
export function shipsWithCourier(context: Readonly<RouterContextProvider>): boolean {
  return getApp(context).shipping.provider !== undefined;
}

/** A pickup day (YYYY-MM-DD, India's calendar) as the pages write days: '30 November 2026'. */
const pickupDay = (day: string) => formatCreditDate(new Date(`${day}T12:00:00+05:30`));

/** What a press of 'Ready to ship' tells staff: its alerts, and the print run's PDF once it exists. */
export interface ReadyToShipAnswer {
  alerts: AlertMessage[];
  pdfPath: string | null;
}

/** 'Ready to ship' for the chosen orders, as alerts; the refusal when none could be booked. */
export async function readyToShip(
  context: Readonly<RouterContextProvider>,
  actor: Actor,
  orderIds: unknown,
): Promise<ReadyToShipAnswer | Failure> {
  const deps = courierDeps(context);
  if (!deps) return { ok: false, kind: 'conflict', message: BOOKING_MESSAGES.noProvider };
  const booked = await bookShipments(deps, orderIds, actor);
  if (!booked.ok) return booked;
  const count = booked.parcels.length;
  const pickups = [...new Set(booked.parcels.flatMap((parcel) => (parcel.pickupOn ? [parcel.pickupOn] : [])))];
  const alerts: AlertMessage[] = [
    {
      tone: 'success',
      text: `${count === 1 ? `Order #${booked.parcels[0]!.number} is` : `${count} orders are`} ready to ship.${
        pickups.length > 0 ? ` The courier collects on ${pickups.map(pickupDay).join(', ')}.` : ''
      }`,
    },
    ...booked.parcels
      .filter((parcel) => parcel.lastError)
      .map((parcel) => ({
        tone: 'error' as const,
        text: `Order #${parcel.number}: ${parcel.lastError}. It will be retried automatically.`,
      })),
    ...booked.refused.map((text) => ({ tone: 'error' as const, text })),
  ];
  return { alerts, pdfPath: booked.printed ? adminShippingBatchPdfPath(booked.batchId) : null };
}

/** Staff cancel the order's courier booking; the refusal when it could not be. */
export async function cancelCourierBooking(
  context: Readonly<RouterContextProvider>,
  actor: Actor,
  orderId: string,
): Promise<Result<{ message: string }>> {
  const deps = courierDeps(context);
  if (!deps) return failure('conflict', BOOKING_MESSAGES.noProvider);
  const cancelled = await cancelBooking(deps, orderId, actor);
  if (!cancelled.ok) return cancelled;
  return { ok: true, message: `The courier booking ${cancelled.reference} was cancelled.` };
}

/** A courier parcel as an order's admin page shows it. */
export function parcelView(parcel: CourierParcel) {
  return {
    id: parcel.id,
    kind: parcel.direction === 'forward' ? 'Courier parcel' : 'Return pickup',
    state: COURIER_STATE_LABELS[parcel.state],
    reference: parcel.reference,
    courier: parcel.courier,
    awb: parcel.awb,
    pickupOn: parcel.pickupOn ? pickupDay(parcel.pickupOn) : null,
    /** While a call to the provider keeps failing: why, and that the store tries again. */
    problem: parcel.lastError ? `${parcel.lastError}. It will be retried automatically.` : null,
    pdfPath: parcel.printed && parcel.batchId ? adminShippingBatchPdfPath(parcel.batchId) : null,
    /** Still the store's to cancel: booked (or being booked), not yet with the courier. */
    cancellable:
      parcel.direction === 'forward' && (BOOKING_STATES as readonly CourierParcel['state'][]).includes(parcel.state),
  };
}
