// What the Shiprocket sandbox (shiprocket-sandbox.ts) holds of a parcel, and the courier moves its
// page offers, shared by the sandbox, its page and its PDFs.

/** What a courier does to a parcel, as the page's buttons offer it: Shiprocket's status ids and names. */
export const SANDBOX_MOVES = {
  picked_up: { button: 'Picked up', statusId: 42, status: 'PICKED UP', code: 'PUD', activity: 'Shipment picked up' },
  in_transit: {
    button: 'In transit',
    statusId: 18,
    status: 'IN TRANSIT',
    code: 'IT',
    activity: 'In Transit - Shipment received at facility',
  },
  out_for_delivery: {
    button: 'Out for delivery',
    statusId: 17,
    status: 'OUT FOR DELIVERY',
    code: 'OFD',
    activity: 'Out for delivery',
  },
  delivered: { button: 'Delivered', statusId: 7, status: 'DELIVERED', code: 'DLVD', activity: 'Delivered' },
  delivery_failed: {
    button: 'Delivery failed',
    statusId: 21,
    status: 'UNDELIVERED',
    code: 'UD',
    activity: 'Undelivered',
  },
  rto_initiated: {
    button: 'RTO initiated',
    statusId: 9,
    status: 'RTO INITIATED',
    code: 'RTO',
    activity: 'RTO initiated - Shipment on its way back to the seller',
  },
  returned_to_origin: {
    button: 'Returned to origin',
    statusId: 10,
    status: 'RTO DELIVERED',
    code: 'RTD',
    activity: 'RTO delivered - Shipment delivered back to the seller',
  },
} as const;
export type SandboxMove = keyof typeof SANDBOX_MOVES;

/** Why a delivery failed, as couriers report it (the scan's activity carries it: "Undelivered - …"). */
export const NDR_REASONS = [
  'Consignee not available',
  'Customer refused delivery',
  'Address incomplete or incorrect',
  'Consignee phone not reachable',
  'Customer asked for future delivery',
] as const;

export interface SandboxParty {
  name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  email: string;
}

export interface SandboxScan {
  at: Date;
  statusId: number;
  status: string;
  /** The courier's own code for the scan. */
  code: string;
  activity: string;
  location: string;
  /** What became of the tracking webhook this scan sent: "HTTP 200", or why it was not delivered. */
  webhook?: string;
}

export interface SandboxShipment {
  orderId: number;
  shipmentId: number;
  /** The store's own id of the order (Shiprocket's channel order id). */
  reference: string;
  kind: 'forward' | 'return';
  createdAt: Date;
  /** Who the parcel leaves, and who it goes to (a return goes to the warehouse). */
  from: SandboxParty;
  to: SandboxParty;
  items: Array<{ name: string; sku: string; units: number; sellingPrice: number }>;
  paymentMethod: 'COD' | 'Prepaid';
  /** Rupees the courier collects at the door (Shiprocket's order total); 0 when prepaid. */
  collect: number;
  weightKg: number;
  awb?: string;
  courier?: { id: number; name: string };
  awbAssignedAt?: Date;
  etd?: Date;
  pickupScheduledAt?: Date;
  manifest?: number;
  cancelled: boolean;
  scans: SandboxScan[];
  ndrActions: Array<{ at: Date; action: string; comments: string; details: Record<string, string> }>;
}

/** Where a parcel stands, as Shiprocket names it: the last scan, else the step of booking it. */
export function statusOf(s: SandboxShipment): string {
  if (s.cancelled) return 'CANCELED';
  const latest = s.scans.at(-1);
  if (latest) return latest.status;
  if (s.manifest !== undefined) return 'MANIFEST GENERATED';
  if (s.pickupScheduledAt) return 'PICKUP SCHEDULED';
  if (s.awb) return 'READY TO SHIP';
  return s.kind === 'return' ? 'RETURN PENDING' : 'NEW';
}

/** 'YYYY-MM-DD HH:mm:ss' in India time, as Shiprocket writes dates. */
export function indiaDateTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
