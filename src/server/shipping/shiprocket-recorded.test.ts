// The Shiprocket client against Shiprocket's own documented answers (fixtures/), served by a tiny
// local server that also records what the client sent: the field names and shapes of the real API,
// where the sandbox could only agree with itself.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { shipmentRequest } from '../../../tests/support/shipment-request.ts';
import { createLogger } from '../logger.ts';
import { CourierError } from './provider.ts';
import { createShiprocketProvider } from './shiprocket.ts';

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

const FIXTURES = new URL('./fixtures/', import.meta.url);
/** Where the documented answers link their files; the server serves them itself. */
const FILE_HOSTS = [
  'https://kr-shipmultichannel.s3.ap-southeast-1.amazonaws.com',
  'https://s3-ap-southeast-1.amazonaws.com',
];
const PDF = Buffer.from('%PDF-1.4\n% a file from Shiprocket storage\n%%EOF\n');
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.fixture-token.signature';

let answers = new Map<string, { status: number; fixture?: string }>();
let recorded: Recorded[] = [];
let origin = '';
const server = createServer((request, response) => {
  void (async () => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname.startsWith('/storage/')) {
      response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(PDF);
      return;
    }
    const path = url.pathname.replace(/^\/v1\/external/, '');
    const body = await read(request);
    recorded.push({
      method: request.method ?? '',
      path,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      body: body === '' ? undefined : JSON.parse(body),
    });
    const answer = answers.get(`${request.method} ${path}`);
    if (!answer) {
      response
        .writeHead(404, { 'Content-Type': 'application/json' })
        .end('{"message":"404 Not Found","status_code":404}');
      return;
    }
    let text = answer.fixture ? readFileSync(new URL(answer.fixture, FIXTURES), 'utf8') : '';
    for (const host of FILE_HOSTS) text = text.replaceAll(host, `${origin}/storage`);
    response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(text);
  })();
});

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

function answer(route: string, fixture: string | undefined, status = 200) {
  answers.set(route, { status, fixture });
}

function sent(route: string): Recorded {
  const found = recorded.filter((call) => `${call.method} ${call.path}` === route);
  expect(found).toHaveLength(1);
  return found[0]!;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = new Map();
  recorded = [];
  answer('POST /auth/login', 'login.json');
});

function provider(pickupLocation = 'Primary') {
  return createShiprocketProvider(
    {
      sandbox: false,
      email: 'api-user@example.in',
      password: 'api-password',
      apiUrl: `${origin}/v1/external`,
      webhookToken: 'webhook-token-0123456789',
      timeoutMs: 2000,
    },
    { pickupLocation, warehousePincode: '110020' },
    createLogger('silent'),
  );
}

const REQUEST = shipmentRequest({
  reference: 'TTT-4821',
  customer: { name: 'Riya Anand Kapoor', email: 'riya@example.in', phone: '+91 98765 43210' },
  items: [
    { name: 'Night Rider Jacket', sku: 'NRJ-M', units: 1, unitPricePaise: 299_900, hsn: '6201' },
    { name: 'Astro Tee', sku: 'AT-L', units: 2, unitPricePaise: 79_950, hsn: '6109' },
  ],
  codPaise: 454_800,
  subtotalPaise: 459_800,
});

describe('the login', () => {
  it("sends the API user's email and password, then the token as a bearer", async () => {
    answer('GET /courier/serviceability', 'serviceability.json');
    await provider().serviceability('175019', REQUEST.parcel);
    expect(sent('POST /auth/login')).toMatchObject({
      body: { email: 'api-user@example.in', password: 'api-password' },
      authorization: undefined,
    });
    expect(sent('GET /courier/serviceability').authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('serviceability', () => {
  it('reads the couriers offered: the slowest sets the promise, the fastest express, any of them cash', async () => {
    answer('GET /courier/serviceability', 'serviceability.json');
    expect(await provider().serviceability('175019', REQUEST.parcel)).toEqual({
      serviceable: true,
      cod: true,
      standardDays: 8,
      expressDays: 4,
    });
    expect(sent('GET /courier/serviceability').query).toEqual({
      pickup_postcode: '110020',
      delivery_postcode: '175019',
      weight: '1.2',
      length: '40',
      breadth: '32',
      height: '10',
      cod: '0',
    });
  });

  it('reads the answer without couriers as not serviceable', async () => {
    answer('GET /courier/serviceability', 'serviceability-invalid.json');
    expect(await provider().serviceability('999999', REQUEST.parcel)).toEqual({ serviceable: false });
  });
});

describe('an order', () => {
  it('is created with the documented fields, the cash due as its total', async () => {
    answer('POST /orders/create/adhoc', 'create-order.json');
    expect(await provider().createShipment(REQUEST)).toEqual({
      providerOrderId: '16161616',
      providerShipmentId: '15151515',
    });
    expect(sent('POST /orders/create/adhoc').body).toEqual({
      order_id: 'TTT-4821',
      order_date: '2026-11-24 14:45',
      pickup_location: 'Primary',
      billing_customer_name: 'Riya',
      billing_last_name: 'Anand Kapoor',
      billing_address: 'Flat 4B, MG Road',
      billing_address_2: 'Near the metro',
      billing_city: 'Bengaluru',
      billing_pincode: '560001',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: 'riya@example.in',
      billing_phone: '9876543210',
      shipping_is_billing: true,
      order_items: [
        { name: 'Night Rider Jacket', sku: 'NRJ-M', units: 1, selling_price: 2999, hsn: '6201' },
        { name: 'Astro Tee', sku: 'AT-L', units: 2, selling_price: 799.5, hsn: '6109' },
      ],
      payment_method: 'COD',
      // ₹4,598 of goods, ₹50 off: the courier collects ₹4,548.
      shipping_charges: 0,
      total_discount: 50,
      sub_total: 4598,
      length: 40,
      breadth: 32,
      height: 10,
      weight: 1.2,
    });
  });

  it('is refused with the message and the field errors of a 422', async () => {
    answer('POST /orders/create/adhoc', 'create-order-missing-fields.json', 422);
    await expect(provider().createShipment(REQUEST)).rejects.toEqual(
      new CourierError('Oops! Invalid Data. The order id field is required.'),
    );
  });

  it('is found by the id the store gave it, a cancelled one never', async () => {
    answer('GET /orders', 'orders.json');
    answer('GET /orders/processing/return', 'return-orders.json');
    expect(await provider().findShipment('224-47798')).toEqual({
      providerOrderId: '16177223',
      providerShipmentId: '16026933',
    });
    expect(sent('GET /orders').query).toEqual({ search: '224-47798', per_page: '50' });
    expect(await provider().findShipment('224-4779888')).toBeUndefined();
    // A return order is listed apart.
    expect(await provider().findShipment('997119978')).toEqual({
      providerOrderId: '16525924',
      providerShipmentId: '16370752',
    });
  });

  it('is cancelled by its Shiprocket order id', async () => {
    answer('POST /orders/cancel', undefined, 204);
    await provider().cancel(['16161616']);
    expect(sent('POST /orders/cancel').body).toEqual({ ids: [16161616] });
  });

  it('fails as an outage when Shiprocket answers a cancellation with its documented 500', async () => {
    answer('POST /orders/cancel', 'cancel-invalid.json', 500);
    const failure = await provider()
      .cancel(['1'])
      .catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(CourierError);
    expect((failure as Error).message).toBe(
      'Shiprocket answered POST /orders/cancel with HTTP 500: Trying to get property of non-object',
    );
  });
});

describe('the AWB', () => {
  it('is read from the assignment, with its courier', async () => {
    answer('POST /courier/assign/awb', 'assign-awb.json');
    expect(await provider().assignAwb('16090281')).toEqual({ awb: '321055706540', courier: 'Amazon Surface' });
    expect(sent('POST /courier/assign/awb').body).toEqual({ shipment_id: 16090281 });
  });

  it('is refused with Shiprocket’s message', async () => {
    answer('POST /courier/assign/awb', 'assign-awb-reassign-refused.json', 400);
    await expect(provider().assignAwb('16090281')).rejects.toEqual(
      new CourierError('Oops! Cannot reassign courier for this shipment.'),
    );
  });
});

describe('labels, pickups and manifests', () => {
  it('downloads the label file Shiprocket links', async () => {
    answer('POST /courier/generate/label', 'generate-label.json');
    expect(await provider().labels(['16104408'])).toEqual(PDF);
    expect(sent('POST /courier/generate/label').body).toEqual({ shipment_id: [16104408] });
  });

  it('is refused a label when Shiprocket made none', async () => {
    answer('POST /courier/generate/label', 'generate-label-none.json');
    await expect(provider().labels(['1'])).rejects.toEqual(new CourierError('No valid shipment ids to print label'));
  });

  it('books the pickup, one shipment per request, and reads its day', async () => {
    answer('POST /courier/generate/pickup', 'generate-pickup.json');
    expect(await provider().schedulePickup(['16090109'])).toEqual({ pickupOn: '2021-12-10' });
    expect(sent('POST /courier/generate/pickup').body).toEqual({ shipment_id: [16090109] });
  });

  it('is refused a pickup with Shiprocket’s message', async () => {
    answer('POST /courier/generate/pickup', 'generate-pickup-invalid.json', 400);
    await expect(provider().schedulePickup(['1'])).rejects.toEqual(new CourierError('Invalid shipment id'));
  });

  it('downloads the manifest generated', async () => {
    answer('POST /manifests/generate', 'generate-manifest.json');
    expect(await provider().manifest(['16090109'])).toEqual(PDF);
    expect(sent('POST /manifests/generate').body).toEqual({ shipment_id: [16090109] });
  });

  it('prints the manifest of shipments manifested before, by their order ids', async () => {
    answer('POST /manifests/generate', 'generate-manifest-already.json', 400);
    answer('GET /shipments/16090109', 'shipment.json');
    answer('POST /manifests/print', 'print-manifest.json');
    expect(await provider().manifest(['16090109'])).toEqual(PDF);
    expect(sent('POST /manifests/print').body).toEqual({ order_ids: [16167171] });
  });
});

describe('a return', () => {
  it("goes back to the account's pickup location named in the settings", async () => {
    answer('GET /settings/company/pickup', 'pickup-locations.json');
    answer('POST /orders/create/return', 'create-return.json');
    const request = { ...REQUEST, reference: 'RET-TTT-4821', codPaise: 0 };
    expect(await provider('Casa Moderna').createReturn(request)).toEqual({
      providerOrderId: '170872392',
      providerShipmentId: '170411259',
    });
    expect(sent('POST /orders/create/return').body).toMatchObject({
      order_id: 'RET-TTT-4821',
      pickup_customer_name: 'Riya',
      pickup_last_name: 'Anand Kapoor',
      pickup_pincode: '560001',
      pickup_phone: '9876543210',
      shipping_customer_name: 'CASA MODERNA',
      shipping_address: '1900 GF, Sector 45',
      shipping_city: 'Gurgaon',
      shipping_state: 'Haryana',
      shipping_pincode: '122003',
      shipping_phone: '9667667496',
      payment_method: 'Prepaid',
      sub_total: 4598,
    });
  });

  it('is refused when the account has no pickup location of that name', async () => {
    answer('GET /settings/company/pickup', 'pickup-locations.json');
    await expect(provider('Primary').createReturn(REQUEST)).rejects.toEqual(
      new CourierError('Shiprocket has no pickup location named "Primary"'),
    );
  });
});

describe('a failed delivery', () => {
  it('is answered with a re-attempt on the day the shopper asked for', async () => {
    answer('POST /ndr/19041424751540/action', 'ndr-action.json', 202);
    await provider().answerNdr('19041424751540', { action: 'reattempt', reattemptOn: '2026-11-28' });
    expect(sent('POST /ndr/19041424751540/action').body).toEqual({
      action: 're-attempt',
      comments: 'Re-attempt on 2026-11-28',
      deferred_date: '2026-11-28',
    });
  });
});
