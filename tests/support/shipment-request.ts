import type { ShipmentRequest } from '../../src/server/shipping/provider.ts';

let serial = 0;

/**
 * A prepaid parcel of one jacket to Bengaluru, as the store asks a courier provider for it, under
 * a store reference no other request of the test file has; `overrides` say what else it is.
 */
export function shipmentRequest(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  serial += 1;
  return {
    reference: `TTT-${1000 + serial}`,
    orderedAt: new Date('2026-11-24T09:15:00Z'),
    customer: { name: 'Riya Kapoor', email: 'riya@example.in', phone: '+91 98765 43210' },
    address: {
      line1: 'Flat 4B, MG Road',
      line2: 'Near the metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    },
    items: [{ name: 'Night Rider Jacket', sku: 'NRJ-M', units: 1, unitPricePaise: 299_900, hsn: '6201' }],
    codPaise: 0,
    subtotalPaise: 299_900,
    parcel: { weightKg: 1.2, lengthCm: 40, breadthCm: 32, heightCm: 10 },
    ...overrides,
  };
}
