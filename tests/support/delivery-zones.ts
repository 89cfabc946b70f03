// The zone table and a courier in tests: the admin form's fields for a list of zones, as the
// browser posts them, and a courier provider that answers serviceability as a test says, counting
// its calls (every other call is refused: the tests of promises never book a parcel).
import type { CourierProvider, Serviceability } from '../../src/server/shipping/provider.ts';
import { zoneField, zoneFormRow, type ZoneFormRow } from '../../src/server/shipping/zone-table.ts';
import type { DeliveryZone } from '../../src/server/shipping/zones.ts';

/** The form's fields for these zones, row by row (a box ticked is 'on', one unticked is left out). */
export function zoneForm(zones: ReadonlyArray<DeliveryZone | ZoneFormRow>): Record<string, string> {
  const form: Record<string, string> = {};
  zones.forEach((zone, index) => {
    const row = 'remove' in zone ? zone : zoneFormRow(zone);
    for (const [field, value] of Object.entries(row) as Array<[keyof ZoneFormRow, string | boolean]>) {
      if (typeof value === 'string') form[zoneField(field, index)] = value;
      else if (value) form[zoneField(field, index)] = 'on';
    }
  });
  return form;
}

export interface FakeCourier extends CourierProvider {
  /** The pincodes asked about, in order. */
  asked: string[];
  /** What it says next: an answer, or an error thrown (the courier down). */
  answer: Serviceability | Error;
}

export function fakeCourier(answer: Serviceability | Error): FakeCourier {
  const refuse = () => Promise.reject(new Error('the fake courier only answers serviceability'));
  const courier: FakeCourier = {
    name: 'fake courier',
    asked: [],
    answer,
    serviceability: (pincode) => {
      courier.asked.push(pincode);
      return courier.answer instanceof Error ? Promise.reject(courier.answer) : Promise.resolve(courier.answer);
    },
    createShipment: refuse,
    findShipment: refuse,
    assignAwb: refuse,
    labels: refuse,
    manifest: refuse,
    schedulePickup: refuse,
    cancel: refuse,
    createReturn: refuse,
    answerNdr: refuse,
  };
  return courier;
}
