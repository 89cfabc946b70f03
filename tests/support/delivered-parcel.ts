import { randomUUID } from 'node:crypto';

import type { Database } from '../../src/server/db/client.ts';
import { shipments } from '../../src/server/db/schema.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Records the order's parcel as staff record one Delhivery delivered: for a test that starts
 * after the delivery, not one about shipping. Shipped two days before `deliveredAt` (now unless given).
 */
export async function recordDeliveredParcel(db: Database, orderId: string, deliveredAt = new Date()): Promise<void> {
  const awb = `DL${randomUUID().slice(0, 8)}`;
  await db.insert(shipments).values({
    orderId,
    courier: 'Delhivery',
    awb,
    trackingUrl: `https://www.delhivery.com/track-v2/package/${awb}`,
    shippedAt: new Date(deliveredAt.getTime() - 2 * DAY_MS),
    deliveredAt,
  });
}
