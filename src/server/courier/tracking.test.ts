// The order a courier parcel passes its states in (tracking.ts): only forwards, a failed attempt
// and a new one taking turns by newer scans only, nothing after the final states.
import { describe, expect, it } from 'vitest';

import type { CourierState, TrackingState } from '../../common/courier-shipments.ts';
import { movesParcel } from './tracking.ts';

type Move = [from: CourierState, to: TrackingState, byNewerScan: boolean, byOlderScan: boolean];

/** The moves a scan may ask for, by the rule they show, and whether a newer and an older scan make them. */
const MOVES: Record<string, Move[]> = {
  'forwards, whatever the scan’s time': [
    ['pickup_scheduled', 'picked_up', true, true],
    ['picked_up', 'in_transit', true, true],
    ['in_transit', 'delivered', true, true],
    ['delivery_failed', 'rto_in_transit', true, true],
    ['rto_in_transit', 'returned_to_origin', true, true],
  ],
  'never back': [
    ['out_for_delivery', 'in_transit', false, false],
    ['in_transit', 'picked_up', false, false],
    ['rto_in_transit', 'out_for_delivery', false, false],
    ['rto_in_transit', 'delivered', false, false],
  ],
  'between a failed attempt and a new one, by a newer scan only; a failure may repeat': [
    ['out_for_delivery', 'delivery_failed', true, false],
    ['delivery_failed', 'out_for_delivery', true, false],
    ['delivery_failed', 'delivery_failed', true, false],
    ['out_for_delivery', 'out_for_delivery', false, false],
  ],
};

describe('a parcel moves', () => {
  for (const [rule, moves] of Object.entries(MOVES)) {
    it(rule, () => {
      for (const [from, to, byNewerScan, byOlderScan] of moves) {
        expect(movesParcel(from, to, true), `${from} → ${to} by a newer scan`).toBe(byNewerScan);
        expect(movesParcel(from, to, false), `${from} → ${to} by an older scan`).toBe(byOlderScan);
      }
    });
  }

  it('from no final state, and to cancelled only before the courier has it', () => {
    for (const final of ['delivered', 'returned_to_origin', 'cancelled'] as const) {
      expect(movesParcel(final, 'rto_in_transit', true)).toBe(false);
      expect(movesParcel(final, 'in_transit', true)).toBe(false);
    }
    expect(movesParcel('pickup_scheduled', 'cancelled', true)).toBe(true);
    expect(movesParcel('in_transit', 'cancelled', true)).toBe(false);
  });
});
