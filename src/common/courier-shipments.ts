// A courier parcel's life (docs/decisions/0053): what the store knows of a parcel booked with a
// courier provider, from the moment it is asked for until it is delivered or back with us. Shared
// by the server (which moves it, from the provider's answers and tracking events) and the pages
// (which show it). Manual parcels (staff type the courier and AWB) have no such life: they are
// shipped and delivered by hand.

/**
 * The store's own steps of booking a parcel, each recorded before and after its call to the
 * provider, so a call that timed out is looked up, never repeated blind.
 */
export const BOOKING_STATES = [
  /** Asked of the provider; no answer recorded yet (a timeout leaves it here). */
  'creating',
  /** The provider has the order and its shipment id (then its courier and AWB). */
  'created',
  /** The pickup is booked (a reverse parcel's last step: the courier brings its label). */
  'pickup_scheduled',
  /**
   * The labels and the manifest are printed: a forward parcel's last step, after its pickup, as
   * Shiprocket manifests only what a courier is booked to collect.
   */
  'labelled',
] as const;

/** The states the courier's tracking events report, in the order a parcel passes them. */
export const TRACKING_STATES = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  /** A delivery attempt failed (NDR); the courier tries again or returns it. */
  'delivery_failed',
  'delivered',
  /** Undelivered and on its way back to the warehouse. */
  'rto_in_transit',
  'returned_to_origin',
  'cancelled',
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

/** Where a courier parcel is: booked by the store, then carried as the courier reports. */
export const COURIER_STATES = [...BOOKING_STATES, ...TRACKING_STATES] as const;
export type CourierState = (typeof COURIER_STATES)[number];

/** A forward parcel takes the order to the shopper; a reverse one brings a return or exchange back. */
export const COURIER_DIRECTIONS = ['forward', 'reverse'] as const;
export type CourierDirection = (typeof COURIER_DIRECTIONS)[number];

/** How a state reads on the order's pages and in the staff's lists. */
export const COURIER_STATE_LABELS: Record<CourierState, string> = {
  creating: 'Ready to ship',
  created: 'Ready to ship',
  pickup_scheduled: 'Pickup scheduled',
  labelled: 'Label printed',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery failed',
  delivered: 'Delivered',
  rto_in_transit: 'Returning to us',
  returned_to_origin: 'Returned to origin',
  cancelled: 'Cancelled',
};

/** What a shopper may ask after a failed delivery (NDR), and what staff send to the courier. */
export const NDR_ACTIONS = ['reattempt', 'change_phone', 'change_address'] as const;
