// The local Shiprocket sandbox as the store and a person at its page meet it: its API behind the
// login, serviceability from the zone table, its page of parcels whose buttons move them, and the
// tracking webhook each move sends, in the shape of Shiprocket's documented sample.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  moveShipment,
  SANDBOX_WAREHOUSE,
  SHIPROCKET_SANDBOX_ACCOUNT,
  startShiprocketSandbox,
  useShiprocketSandbox,
} from '../../../tests/support/shiprocket.ts';
import { shipmentRequest } from '../../../tests/support/shipment-request.ts';
import { createLogger } from '../logger.ts';
import type { ShipmentRequest } from './provider.ts';
import { createShiprocketProvider } from './shiprocket.ts';
import { DEFAULT_ZONES } from './zones.ts';

const sandbox = useShiprocketSandbox();

const webhooks: Array<{ headers: IncomingHttpHeaders; body: Record<string, unknown> }> = [];
const receiver = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    webhooks.push({ headers: request.headers, body: JSON.parse(text) as Record<string, unknown> });
    response.writeHead(200).end();
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/courier-tracking`;
  sandbox.control.webhookTo(receiverUrl);
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
beforeEach(() => {
  webhooks.length = 0;
});

async function token(): Promise<string> {
  const response = await fetch(`${sandbox.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: SHIPROCKET_SANDBOX_ACCOUNT.email, password: SHIPROCKET_SANDBOX_ACCOUNT.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function api(path: string, bearer: string) {
  const response = await fetch(`${sandbox.apiUrl}${path}`, { headers: { Authorization: `Bearer ${bearer}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const shiprocket = () =>
  createShiprocketProvider(
    { sandbox: false, ...SHIPROCKET_SANDBOX_ACCOUNT, apiUrl: sandbox.apiUrl, timeoutMs: 2000 },
    SANDBOX_WAREHOUSE,
    createLogger('silent'),
  );

/** A parcel to Mumbai, whose scans the sandbox places there on delivery and on a return's pickup. */
const request = (overrides: Partial<ShipmentRequest> = {}): ShipmentRequest =>
  shipmentRequest({
    address: { line1: '12 Carter Road', line2: 'Bandra West', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' },
    ...overrides,
  });

/** A parcel booked and handed an AWB, as the store books one. */
async function booked(overrides: Partial<ShipmentRequest> = {}) {
  const client = shiprocket();
  const order = request(overrides);
  const { providerShipmentId } = await client.createShipment(order);
  const { awb } = await client.assignAwb(providerShipmentId);
  return { reference: order.reference, shipmentId: providerShipmentId, awb };
}

describe('the API', () => {
  it('answers only with a token from the login of its API user', async () => {
    expect(await api('/orders', 'no-such-token')).toEqual({
      status: 401,
      body: { message: 'Unauthenticated.', status_code: 401 },
    });
    const wrong = await fetch(`${sandbox.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: SHIPROCKET_SANDBOX_ACCOUNT.email, password: 'guess' }),
    });
    expect(wrong.status).toBe(401);
    expect((await api('/orders', await token())).status).toBe(200);
  });

  it("estimates each zone's days: metro, the North-East, the islands, Jammu and Kashmir", async () => {
    const bearer = await token();
    const offers = async (pincode: string) => {
      const { body } = await api(
        `/courier/serviceability/?pickup_postcode=110020&delivery_postcode=${pincode}&weight=0.5&cod=0`,
        bearer,
      );
      const couriers = (body.data as { available_courier_companies: Array<Record<string, unknown>> })
        .available_courier_companies;
      return couriers.map(({ courier_name, estimated_delivery_days, cod }) => ({
        courier_name,
        estimated_delivery_days,
        cod,
      }));
    };
    expect(await offers('110001')).toEqual([
      { courier_name: 'Delhivery Surface', estimated_delivery_days: '3', cod: 1 },
      { courier_name: 'Blue Dart Air', estimated_delivery_days: '1', cod: 1 },
    ]);
    expect(await offers('737101')).toEqual([
      { courier_name: 'Delhivery Surface', estimated_delivery_days: '7', cod: 1 },
    ]);
    expect(await offers('744101')).toEqual([
      { courier_name: 'Delhivery Surface', estimated_delivery_days: '12', cod: 0 },
    ]);
    expect(await offers('194101')).toEqual([
      { courier_name: 'Delhivery Surface', estimated_delivery_days: '8', cod: 1 },
    ]);
  });

  it('finds no courier for a zone that is not served', async () => {
    const closed = await startShiprocketSandbox({
      zones: DEFAULT_ZONES.map((zone) => (zone.name === 'North-East' ? { ...zone, serviceable: false } : zone)),
    });
    try {
      const client = createShiprocketProvider(
        { sandbox: false, ...SHIPROCKET_SANDBOX_ACCOUNT, apiUrl: closed.apiUrl, timeoutMs: 2000 },
        SANDBOX_WAREHOUSE,
        createLogger('silent'),
      );
      const parcel = { weightKg: 0.4, lengthCm: 30, breadthCm: 25, heightCm: 4 };
      expect(await client.serviceability('737101', parcel)).toEqual({ serviceable: false });
      expect(await client.serviceability('110001', parcel)).toMatchObject({ serviceable: true });
    } finally {
      await closed.close();
    }
  });
});

describe('a move', () => {
  it("sends Shiprocket's tracking webhook with the token, in the documented shape", async () => {
    const documented = JSON.parse(
      readFileSync(new URL('./fixtures/tracking-webhook.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown> & { scans: Array<Record<string, unknown>> };
    const parcel = await booked();
    await sandbox.move(parcel.awb, 'picked_up');
    await sandbox.move(parcel.awb, 'delivered');

    expect(webhooks).toHaveLength(2);
    const { headers, body } = webhooks[1]!;
    expect(headers['x-api-key']).toBe(SHIPROCKET_SANDBOX_ACCOUNT.webhookToken);
    expect(headers['content-type']).toBe('application/json');
    expect(Object.keys(body)).toEqual(Object.keys(documented));
    const scans = body.scans as Array<Record<string, unknown>>;
    for (const scan of scans) expect(Object.keys(scan).sort()).toEqual(Object.keys(documented.scans[0]!).sort());
    const held = sandbox.control.find(parcel.awb)!;
    expect(body).toMatchObject({
      awb: parcel.awb,
      courier_name: 'Delhivery Surface',
      current_status: 'DELIVERED',
      current_status_id: 7,
      shipment_status: 'DELIVERED',
      shipment_status_id: 7,
      order_id: parcel.reference,
      sr_order_id: held.orderId,
      is_return: 0,
    });
    expect(body.current_timestamp).toMatch(/^\d{2} \d{2} \d{4} \d{2}:\d{2}:\d{2}$/);
    expect(scans.map((scan) => [scan['sr-status'], scan['sr-status-label'], scan.location])).toEqual([
      ['42', 'PICKED UP', 'New Delhi (Delhi)'],
      ['7', 'DELIVERED', 'Mumbai (Maharashtra)'],
    ]);
    expect(held.scans.map((scan) => scan.webhook)).toEqual(['HTTP 200', 'HTTP 200']);
  });

  it("reports a failed delivery's reason in the scan's activity", async () => {
    const parcel = await booked();
    await sandbox.move(parcel.awb, 'delivery_failed', 'Customer refused delivery');
    expect(webhooks[0]!.body).toMatchObject({ shipment_status: 'UNDELIVERED', shipment_status_id: 21 });
    expect((webhooks[0]!.body.scans as Array<Record<string, unknown>>)[0]).toMatchObject({
      activity: 'Undelivered - Customer refused delivery',
      'sr-status': '21',
      'sr-status-label': 'UNDELIVERED',
    });
  });

  it('marks a return parcel as one', async () => {
    const created = await shiprocket().createReturn(request({ reference: 'RET-TTT-7100' }));
    const { awb } = await shiprocket().assignAwb(created.providerShipmentId);
    await sandbox.move(awb, 'picked_up');
    expect(webhooks[0]!.body).toMatchObject({ order_id: 'RET-TTT-7100', is_return: 1 });
    // Collected at the shopper's door.
    expect((webhooks[0]!.body.scans as Array<Record<string, unknown>>)[0]).toMatchObject({
      location: 'Mumbai (Maharashtra)',
    });
  });
});

describe('the page', () => {
  it('lists every parcel with its reference, AWB, courier and status, and its forms move them', async () => {
    const forward = await booked({ subtotalPaise: 159_800, codPaise: 159_800 });
    const waiting = request();
    await shiprocket().createShipment(waiting);
    const html = await (await fetch(`${sandbox.url}/`)).text();
    expect(html).toContain('<h1>Shiprocket sandbox</h1>');
    expect(html).toContain(`<h3 id="shipment-${forward.shipmentId}-title">Order ${forward.reference}</h3>`);
    expect(html).toContain(`<dt>AWB</dt><dd>${forward.awb}</dd>`);
    expect(html).toContain('<dt>Courier</dt><dd>Delhivery Surface</dd>');
    expect(html).toContain('<dt>Status</dt><dd>READY TO SHIP</dd>');
    expect(html).toContain('<dt>Payment</dt><dd>Cash on delivery: collect Rs. 1598.00</dd>');
    for (const button of [
      'Picked up',
      'In transit',
      'Out for delivery',
      'Delivered',
      'Delivery failed',
      'RTO initiated',
      'Returned to origin',
    ])
      expect(html).toContain(`<button type="submit">${button}</button>`);
    expect(html).toContain(`<label for="reason-${forward.shipmentId}">Reason</label>`);
    expect(html).toContain(`Order ${waiting.reference}</h3>`);
    expect(html).toContain('It moves once the store has an AWB assigned.');

    const moved = await fetch(`${sandbox.url}/shipments/${forward.shipmentId}/move`, {
      method: 'POST',
      body: new URLSearchParams({ move: 'in_transit' }),
      redirect: 'manual',
    });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe(`/#shipment-${forward.shipmentId}`);
    expect(webhooks.map((webhook) => webhook.body.shipment_status)).toEqual(['IN TRANSIT']);
    const after = await (await fetch(`${sandbox.url}/`)).text();
    expect(after).toContain('<dt>Status</dt><dd>IN TRANSIT</dd>');
    expect(after).toContain(`<caption>Courier scans of ${forward.awb}</caption>`);
    expect(after).toContain(
      '<td>In Transit - Shipment received at facility</td><td>Mumbai Hub (Maharashtra)</td><td>HTTP 200</td>',
    );
  });

  it('is moved by the tests’ helper as by its buttons, by AWB', async () => {
    const parcel = await booked();
    await moveShipment(sandbox.url, parcel.awb, 'out_for_delivery');
    expect(webhooks.map((webhook) => webhook.body.shipment_status)).toEqual(['OUT FOR DELIVERY']);
  });

  it('refuses to move a parcel that has no courier yet', async () => {
    const waiting = request();
    const { providerShipmentId } = await shiprocket().createShipment(waiting);
    const refused = await fetch(`${sandbox.url}/shipments/${providerShipmentId}/move`, {
      method: 'POST',
      body: new URLSearchParams({ move: 'delivered' }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('<p>This shipment has no AWB, or it was cancelled.</p>');
    expect(webhooks).toEqual([]);
  });
});
