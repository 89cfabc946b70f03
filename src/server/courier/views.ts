// What staff's pages read of courier parcels (docs/decisions/0053): an order's parcels with
// whether their print run has its PDF, and that PDF.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import { isUuid } from '../../common/ids.ts';
import type { Database } from '../db/client.ts';
import { courierShipments, shippingBatches, type CourierShipment } from '../db/schema.ts';

export interface CourierParcel extends CourierShipment {
  /** Whether its print run's labels and manifest can be downloaded. */
  printed: boolean;
}

/** The courier parcels of these orders (forward and reverse, cancelled ones too), oldest first, by order id. */
export async function courierParcelsOf(db: Database, orderIds: string[]): Promise<Map<string, CourierParcel[]>> {
  const byOrder = new Map<string, CourierParcel[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ parcel: courierShipments, printed: sql<boolean>`${shippingBatches.pdf} is not null` })
    .from(courierShipments)
    .leftJoin(shippingBatches, eq(shippingBatches.id, courierShipments.batchId))
    .where(inArray(courierShipments.orderId, orderIds))
    .orderBy(asc(courierShipments.createdAt), asc(courierShipments.id));
  for (const { parcel, printed } of rows) {
    byOrder.set(parcel.orderId, [...(byOrder.get(parcel.orderId) ?? []), { ...parcel, printed: printed === true }]);
  }
  return byOrder;
}

/** A print run's one PDF (labels, then the manifest); undefined for an unknown run or one not printed yet. */
export async function batchPdf(db: Database, batchId: string | undefined): Promise<Buffer | undefined> {
  if (!batchId || !isUuid(batchId)) return undefined;
  const [batch] = await db
    .select({ pdf: shippingBatches.pdf })
    .from(shippingBatches)
    .where(and(eq(shippingBatches.id, batchId), isNotNull(shippingBatches.pdf)));
  // PGlite gives a bytea as a Uint8Array, node-postgres as a Buffer.
  return batch?.pdf ? Buffer.from(batch.pdf) : undefined;
}
