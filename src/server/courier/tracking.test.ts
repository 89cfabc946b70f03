// The order a courier parcel passes its states in (tracking.ts): only forwards, a failed attempt
// and a new one taking turns by newer scans only, nothing after the final states.
import { describe, expect, it } from 'vitest';

import { movesParcel } from './tracking.ts';

describe('a parcel moves', () => {
  it('forwards, whatever the scan’s time', () => {
    expect(movesParcel('pickup_scheduled', 'picked_up', true)).toBe(true);
    expect(movesParcel('picked_up', 'in_transit', false)).toBe(true);
    expect(movesParcel('in_transit', 'delivered', false)).toBe(true);
    expect(movesParcel('delivery_failed', 'rto_in_transit', true)).toBe(true);
    expect(movesParcel('rto_in_transit', 'returned_to_origin', true)).toBe(true);
  });

  it('never back', () => {
    expect(movesParcel('out_for_delivery', 'in_transit', true)).toBe(false);
    expect(movesParcel('in_transit', 'picked_up', true)).toBe(false);
    expect(movesParcel('rto_in_transit', 'out_for_delivery', true)).toBe(false);
    expect(movesParcel('rto_in_transit', 'delivered', true)).toBe(false);
  });

  it('between a failed attempt and a new one, by a newer scan only; a failure may repeat', () => {
    expect(movesParcel('out_for_delivery', 'delivery_failed', true)).toBe(true);
    expect(movesParcel('delivery_failed', 'out_for_delivery', true)).toBe(true);
    expect(movesParcel('delivery_failed', 'delivery_failed', true)).toBe(true);
    expect(movesParcel('delivery_failed', 'out_for_delivery', false)).toBe(false);
    expect(movesParcel('out_for_delivery', 'delivery_failed', false)).toBe(false);
    expect(movesParcel('out_for_delivery', 'out_for_delivery', true)).toBe(false);
  });

  it('from no final state, and to cancelled only before the courier has it', () => {
    for (const final of ['delivered', 'returned_to_origin', 'cancelled'] as const) {
      expect(movesParcel(final, 'rto_in_transit', true)).toBe(false);
      expect(movesParcel(final, 'in_transit', true)).toBe(false);
    }
    expect(movesParcel('pickup_scheduled', 'cancelled', true)).toBe(true);
    expect(movesParcel('in_transit', 'cancelled', true)).toBe(false);
  });
});
