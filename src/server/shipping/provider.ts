// What the store needs of a courier provider (docs/decisions/0053): one small interface, with
// Shiprocket (shiprocket.ts) its first implementation. A store without a courier account ships by
// hand (orders/shipping.ts) and takes its delivery estimates from the zone table (zones.ts).
import type { TrackingState } from '../../common/courier-shipments.ts';

/** What the courier says of a delivery pincode, from the warehouse's. */
export type Serviceability =
  | { serviceable: false }
  | {
      serviceable: true;
      /** Whether a courier there collects cash on delivery. */
      cod: boolean;
      /** Business days to deliver by the slowest courier offered (the promise kept). */
      standardDays: number;
      /** Business days by the fastest courier, when it is faster; null: no express there. */
      expressDays: number | null;
    };

/** A parcel's size, as the courier prices it. */
export interface Parcel {
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** An order as the courier needs it: who, where, what, and how it is paid. */
export interface ShipmentRequest {
  /** The store's reference: the order number for a forward parcel; unique at the provider. */
  reference: string;
  orderedAt: Date;
  customer: { name: string; email: string; phone: string };
  address: { line1: string; line2: string; city: string; state: string; pincode: string };
  items: Array<{ name: string; sku: string; units: number; unitPricePaise: number; hsn: string }>;
  /** Cash to collect at the door, in paise; 0 for a prepaid parcel. */
  codPaise: number;
  subtotalPaise: number;
  parcel: Parcel;
}

/** The provider's ids of a parcel it holds, and its courier and AWB once assigned. */
export interface ProviderShipment {
  providerOrderId: string;
  providerShipmentId: string;
  awb?: string;
  courier?: string;
}

/** One tracking scan, in the store's words (the provider's status kept beside). */
export interface TrackingUpdate {
  awb: string;
  state: TrackingState;
  providerStatus: string;
  activity: string;
  location: string;
  occurredAt: Date;
  /** A failed delivery's reason, as the courier gave it. */
  reason?: string;
}

/** An answer to a failed delivery, sent on to the courier. */
export type NdrAnswer =
  | { action: 'reattempt'; reattemptOn: string }
  | { action: 'change_phone'; phone: string }
  | { action: 'change_address'; addressLine: string };

/**
 * A courier provider. Every call may throw: a `CourierError` when the provider answered with a
 * refusal (its message says why), anything else when it could not be reached or did not answer
 * in time (then the call may or may not have happened, and the caller looks before it repeats).
 */
export interface CourierProvider {
  /** As staff read it ('Shiprocket'); also the `provider` of its parcels. */
  readonly name: string;
  serviceability(deliveryPincode: string, parcel: Parcel): Promise<Serviceability>;
  /** Creates the parcel at the provider under `request.reference`. */
  createShipment(request: ShipmentRequest): Promise<ProviderShipment>;
  /** The parcel the provider holds under a reference, if any: asked before creating again. */
  findShipment(reference: string): Promise<ProviderShipment | undefined>;
  /** Assigns a courier and an AWB. */
  assignAwb(providerShipmentId: string): Promise<{ awb: string; courier: string }>;
  /** One PDF of the parcels' labels. */
  labels(providerShipmentIds: string[]): Promise<Buffer>;
  /** One PDF of the parcels' pickup manifest. */
  manifest(providerShipmentIds: string[]): Promise<Buffer>;
  /** Books the courier to collect the parcels; the day it comes (YYYY-MM-DD). */
  schedulePickup(providerShipmentIds: string[]): Promise<{ pickupOn: string }>;
  cancel(providerOrderIds: string[]): Promise<void>;
  /** A reverse pickup from the shopper's address back to the warehouse. */
  createReturn(request: ShipmentRequest): Promise<ProviderShipment>;
  /** Sends the shopper's answer to a failed delivery on to the courier. */
  answerNdr(awb: string, answer: NdrAnswer): Promise<void>;
}

/** The provider answered, and refused: repeating the same call will not help. */
export class CourierError extends Error {
  override name = 'CourierError';
}
