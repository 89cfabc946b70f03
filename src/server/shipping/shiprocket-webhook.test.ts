// Shiprocket's tracking webhook read against its documented sample body (fixtures/webhook-in-transit.json
// is the sample of Shiprocket's API documentation; the others follow its shape with the statuses of
// its status table and the scans of its tracking API's example).
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { indiaTime, parseShiprocketWebhook } from './shiprocket-webhook.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe("Shiprocket's tracking webhook", () => {
  it('reads the documented sample: the scans the store acts on, in India time, oldest first', () => {
    const ignored: string[] = [];
    const updates = parseShiprocketWebhook(fixture('webhook-in-transit.json'), (status) => ignored.push(status));
    expect(updates).toHaveLength(13);
    expect(updates![0]).toEqual({
      awb: '19041424751540',
      state: 'picked_up',
      providerStatus: 'PICKED UP',
      activity: 'In Transit - Shipment picked up',
      location: 'Chomu_SamodRd_D (Rajasthan)',
      occurredAt: new Date('2023-05-19T10:02:17.000Z'),
    });
    expect(updates![1]).toMatchObject({ state: 'picked_up', providerStatus: 'SHIPPED' });
    expect(updates!.at(-1)).toEqual({
      awb: '19041424751540',
      state: 'in_transit',
      providerStatus: 'IN TRANSIT',
      activity: 'In Transit - Shipment Received at Facility',
      location: 'Mumbai_MiraRdIndEstate_I (Maharashtra)',
      occurredAt: new Date('2023-05-23T06:13:46.000Z'),
    });
    // The manifest is the store's own step; 'NA' scans are the courier's internal ones.
    expect(ignored).toEqual(['MANIFEST GENERATED', 'NA', 'NA', 'NA']);
  });

  it('reads a delivery, the reason of a failed one, and a parcel back at the warehouse', () => {
    const delivered = parseShiprocketWebhook(fixture('webhook-delivered.json'))!;
    expect(delivered.map((update) => update.state)).toEqual([
      'picked_up',
      'picked_up',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect(delivered.at(-1)!.occurredAt).toEqual(new Date('2022-07-19T06:07:00.000Z'));

    const failed = parseShiprocketWebhook(fixture('webhook-undelivered.json'))!;
    expect(failed.at(-1)).toMatchObject({
      state: 'delivery_failed',
      providerStatus: 'UNDELIVERED',
      reason: 'Consignee unavailable - Door locked',
    });

    const back = parseShiprocketWebhook(fixture('webhook-rto-delivered.json'))!;
    expect(back.map((update) => [update.providerStatus, update.state])).toEqual([
      ['RTO INITIATED', 'rto_in_transit'],
      ['RTO IN TRANSIT', 'rto_in_transit'],
      ['RTO DELIVERED', 'returned_to_origin'],
    ]);
  });

  it('takes the current status at its timestamp when no scan carries it', () => {
    const updates = parseShiprocketWebhook({
      ...fixture('webhook-in-transit.json'),
      current_status: 'Out For Delivery',
      scans: [],
    });
    expect(updates).toEqual([
      {
        awb: '19041424751540',
        state: 'out_for_delivery',
        providerStatus: 'OUT FOR DELIVERY',
        activity: '',
        location: '',
        occurredAt: new Date('2023-05-23T06:13:52.000Z'),
      },
    ]);
  });

  it('ignores a status the store does not act on, saying so', () => {
    const ignored: string[] = [];
    const updates = parseShiprocketWebhook(
      { ...fixture('webhook-in-transit.json'), current_status: 'PICKUP SCHEDULED', scans: [] },
      (status) => ignored.push(status),
    );
    expect(updates).toEqual([]);
    expect(ignored).toEqual(['PICKUP SCHEDULED']);
  });

  it('refuses a body that is not the webhook', () => {
    const sample = fixture('webhook-in-transit.json');
    for (const body of [
      null,
      'IN TRANSIT',
      [],
      {},
      { ...sample, awb: '' },
      { ...sample, awb: { code: 1 } },
      { ...sample, current_status: undefined },
      { ...sample, current_timestamp: undefined },
      { ...sample, scans: 'none' },
      { ...sample, scans: [{ status: 'X', 'sr-status-label': 'IN TRANSIT' }] },
      { ...sample, scans: [{ date: 'yesterday', 'sr-status-label': 'IN TRANSIT' }] },
      { ...sample, current_status: 'DELIVERED', scans: [], current_timestamp: '31 06 2023 10:00:00' },
    ]) {
      expect(parseShiprocketWebhook(body), JSON.stringify(body)?.slice(0, 80)).toBeUndefined();
    }
  });

  it("reads Shiprocket's times as India's, in both of its formats", () => {
    expect(indiaTime('2023-05-19 11:59:16')).toEqual(new Date('2023-05-19T06:29:16.000Z'));
    expect(indiaTime('23 05 2023 11:43:52')).toEqual(new Date('2023-05-23T06:13:52.000Z'));
    expect(indiaTime('2023-02-30 10:00:00')).toBeUndefined();
    expect(indiaTime('2023-05-19')).toBeUndefined();
  });
});
