// Courier parcels for the tracking tests (docs/decisions/0053): a parcel row as booking leaves it
// (booked with Shiprocket, an AWB assigned, the pickup scheduled), Shiprocket's tracking webhook
// bodies in its documented shape, and a courier provider that records what it is asked.
import { randomUUID } from 'node:crypto';

import type { Database } from '../../src/server/db/client.ts';
import { courierShipments, type CourierShipment } from '../../src/server/db/schema.ts';
import { CourierError, type CourierProvider, type NdrAnswer } from '../../src/server/shipping/provider.ts';

/** A courier parcel of an order, as booking leaves it: pickup scheduled, with its AWB. */
export async function createCourierParcel(
  db: Database,
  orderId: string,
  overrides: Partial<typeof courierShipments.$inferInsert> = {},
): Promise<CourierShipment & { awb: string }> {
  const id = randomUUID().replaceAll('-', '');
  const [parcel] = await db
    .insert(courierShipments)
    .values({
      orderId,
      provider: 'shiprocket',
      reference: `ref-${id}`,
      state: 'pickup_scheduled',
      providerOrderId: `sr-${id.slice(0, 8)}`,
      providerShipmentId: `sh-${id.slice(0, 8)}`,
      courier: 'Delhivery Surface',
      awb: `1904${id.slice(0, 10).replace(/[a-f]/g, '7')}`,
      pickupOn: '2026-12-01',
      ...overrides,
    })
    .returning();
  return parcel as CourierShipment & { awb: string };
}

/** A scan as Shiprocket's webhook lists it: its India time ('2026-12-02 10:15:00') and status label. */
export function scan(
  date: string,
  label: string,
  activity = `${label} scan`,
  location = 'Mumbai_MiraRd_H (Maharashtra)',
) {
  return { date, status: 'X-TEST', activity, location, 'sr-status': '18', 'sr-status-label': label };
}

/** Shiprocket's tracking webhook body for `awb`, its current status the last scan's. */
export function webhookBody(awb: string, scans: Array<ReturnType<typeof scan>>, extra: Record<string, unknown> = {}) {
  const last = scans.at(-1);
  const [day, time] = (last?.date ?? '2026-12-02 10:00:00').split(' ');
  const [year, month, date] = day!.split('-');
  return {
    awb,
    courier_name: 'Delhivery Surface',
    current_status: last?.['sr-status-label'] ?? 'PICKUP SCHEDULED',
    current_status_id: 18,
    shipment_status: last?.['sr-status-label'] ?? 'PICKUP SCHEDULED',
    shipment_status_id: 18,
    current_timestamp: `${date} ${month} ${year} ${time}`,
    order_id: 'TEST_1',
    sr_order_id: 348456385,
    scans,
    is_return: 0,
    channel_id: 3422553,
    pod_status: '',
    pod: 'Not Available',
    qc_image: '',
    qc_failure_reason: '',
    ...extra,
  };
}

/** A provider that records the NDR answers it is sent, or refuses them (`refuse`) as Shiprocket would. */
export function recordingCourier(): CourierProvider & {
  answers: Array<{ awb: string; answer: NdrAnswer }>;
  refuse?: string;
} {
  const unused = () => Promise.reject(new Error('not in this test'));
  const courier: CourierProvider & { answers: Array<{ awb: string; answer: NdrAnswer }>; refuse?: string } = {
    name: 'shiprocket',
    answers: [],
    serviceability: unused,
    createShipment: unused,
    findShipment: unused,
    assignAwb: unused,
    labels: unused,
    manifest: unused,
    schedulePickup: unused,
    cancel: unused,
    createReturn: unused,
    async answerNdr(awb, answer) {
      if (courier.refuse) throw new CourierError(courier.refuse);
      courier.answers.push({ awb, answer });
    },
  };
  return courier;
}

/** A whole second `hours` ago, as a scan's moment (Shiprocket's times have no milliseconds). */
export function hoursAgo(hours: number): Date {
  return new Date(Math.floor((Date.now() - hours * 3_600_000) / 1000) * 1000);
}
