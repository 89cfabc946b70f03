// The Shiprocket client against the local sandbox on a real port: every call of the provider
// interface, the token's renewal after 9 days and after a 401, and how a refusal, a provider that
// is down and an answer that comes too late reach the caller.
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  SANDBOX_WAREHOUSE,
  SHIPROCKET_SANDBOX_ACCOUNT,
  useShiprocketSandbox,
} from '../../../tests/support/shiprocket.ts';
import { shipmentRequest } from '../../../tests/support/shipment-request.ts';
import { createLogger } from '../logger.ts';
import { CourierError } from './provider.ts';
import { createShiprocketProvider, TOKEN_RENEW_AFTER_MS } from './shiprocket.ts';

// Wednesday 25 November 2026, 10:00 India time.
const START = new Date('2026-11-25T04:30:00Z');
let clock = START;
const sandbox = useShiprocketSandbox({ now: () => clock });
const TIMEOUT_MS = 400;

function provider(overrides: { password?: string } = {}) {
  return createShiprocketProvider(
    {
      sandbox: false,
      email: SHIPROCKET_SANDBOX_ACCOUNT.email,
      password: overrides.password ?? SHIPROCKET_SANDBOX_ACCOUNT.password,
      apiUrl: sandbox.apiUrl,
      webhookToken: SHIPROCKET_SANDBOX_ACCOUNT.webhookToken,
      timeoutMs: TIMEOUT_MS,
    },
    SANDBOX_WAREHOUSE,
    createLogger('silent'),
    { now: () => clock },
  );
}

async function textOf(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

beforeEach(() => {
  clock = START;
  sandbox.control.behaviour.reset();
});

describe('serviceability', () => {
  const parcel = { weightKg: 0.4, lengthCm: 30, breadthCm: 25, heightCm: 4 };

  it("promises the slowest courier's days, and express where a courier is faster", async () => {
    const shiprocket = provider();
    expect(await shiprocket.serviceability('110001', parcel)).toEqual({
      serviceable: true,
      cod: true,
      standardDays: 3,
      expressDays: 1,
    });
    expect(await shiprocket.serviceability('737101', parcel)).toEqual({
      serviceable: true,
      cod: true,
      standardDays: 7,
      expressDays: null,
    });
    expect(await shiprocket.serviceability('744101', parcel)).toEqual({
      serviceable: true,
      cod: false,
      standardDays: 12,
      expressDays: null,
    });
    expect(await shiprocket.serviceability('194101', parcel)).toEqual({
      serviceable: true,
      cod: true,
      standardDays: 8,
      expressDays: null,
    });
  });

  it('fails as an outage, not a refusal, while the provider answers 500', async () => {
    sandbox.control.behaviour.fail('*');
    const failure = await provider()
      .serviceability('110001', parcel)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(CourierError);
    expect((failure as Error).message).toBe(
      'Shiprocket answered the login of its API user with HTTP 500: Internal Server Error',
    );
  });
});

describe('a forward parcel', () => {
  it('is created under the store reference, with who, where and the cash to collect', async () => {
    const request = shipmentRequest({ codPaise: 304_900, subtotalPaise: 299_900 });
    const created = await provider().createShipment(request);
    expect(created.providerOrderId).toMatch(/^\d+$/);
    expect(created.providerShipmentId).toMatch(/^\d+$/);
    const held = sandbox.control.find(created.providerShipmentId)!;
    expect(held).toMatchObject({
      reference: request.reference,
      kind: 'forward',
      paymentMethod: 'COD',
      // ₹2,999 of goods and ₹50 of fees at the door: the courier collects ₹3,049.
      collect: 3049,
      weightKg: 1.2,
      to: { name: 'Riya Kapoor', city: 'Bengaluru', pincode: '560001', phone: '9876543210', state: 'Karnataka' },
    });
    expect(held.items).toEqual([{ name: 'Night Rider Jacket', sku: 'NRJ-M', units: 1, sellingPrice: 2999 }]);
    expect(await provider().findShipment(request.reference)).toEqual(created);
  });

  it('is refused a second time under the same reference, with Shiprocket’s reason', async () => {
    const request = shipmentRequest();
    await provider().createShipment(request);
    await expect(provider().createShipment(request)).rejects.toEqual(
      new CourierError('Oops! Invalid Data. The order id has already been taken.'),
    );
  });

  it('passes on a refusal with its message', async () => {
    sandbox.control.behaviour.refuse('/orders/create/adhoc', 'Given channel id does not exist', 400);
    await expect(provider().createShipment(shipmentRequest())).rejects.toEqual(
      new CourierError('Given channel id does not exist'),
    );
  });

  it('exists at the provider when the answer came too late, and is found under its reference', async () => {
    const request = shipmentRequest();
    sandbox.control.behaviour.stall('/orders/create/adhoc', TIMEOUT_MS + 600);
    const failure = await provider()
      .createShipment(request)
      .catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(CourierError);
    expect((failure as Error).message).toBe(
      `Shiprocket did not answer POST /orders/create/adhoc within ${TIMEOUT_MS} ms`,
    );
    const found = await provider().findShipment(request.reference);
    expect(found?.providerShipmentId).toBe(String(sandbox.control.find(request.reference)!.shipmentId));
  });

  it('is not found under a reference the provider never had', async () => {
    expect(await provider().findShipment('TTT-NEVER')).toBeUndefined();
  });

  it('gets an AWB and courier, a label, a pickup and a manifest naming it', async () => {
    const shiprocket = provider();
    const request = shipmentRequest();
    const { providerShipmentId } = await shiprocket.createShipment(request);
    const assigned = await shiprocket.assignAwb(providerShipmentId);
    expect(assigned.awb).toMatch(/^19\d{12}$/);
    expect(assigned.courier).toBe('Delhivery Surface');
    expect(await shiprocket.findShipment(request.reference)).toMatchObject(assigned);

    const label = await textOf(await shiprocket.labels([providerShipmentId]));
    for (const shown of [request.reference, assigned.awb, 'Delhivery Surface', 'Riya Kapoor', 'Bengaluru', '560001'])
      expect(label).toContain(shown);
    expect(label).toContain('PREPAID');

    // Booked before 2 pm India time on a Wednesday: collected the same day.
    expect(await shiprocket.schedulePickup([providerShipmentId])).toEqual({ pickupOn: '2026-11-25' });

    const manifest = await textOf(await shiprocket.manifest([providerShipmentId]));
    expect(manifest).toContain(`AWB ${assigned.awb}`);
    expect(manifest).toContain(`Order ${request.reference}`);
    // Asked again (a repeat after a timeout): Shiprocket has it manifested, and prints it.
    const printed = await textOf(await shiprocket.manifest([providerShipmentId]));
    expect(printed).toContain(`AWB ${assigned.awb}`);
  });

  it('is manifested with others, some already manifested', async () => {
    const shiprocket = provider();
    const ids: string[] = [];
    const awbs: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { providerShipmentId } = await shiprocket.createShipment(shipmentRequest());
      awbs.push((await shiprocket.assignAwb(providerShipmentId)).awb);
      await shiprocket.schedulePickup([providerShipmentId]);
      ids.push(providerShipmentId);
    }
    await shiprocket.manifest([ids[0]!]);
    const text = await textOf(await shiprocket.manifest(ids));
    for (const awb of awbs) expect(text).toContain(`AWB ${awb}`);
  });

  it('is collected the next working day when booked after 2 pm, never on a Sunday', async () => {
    const shiprocket = provider();
    // Saturday 28 November 2026, 4 pm India time.
    clock = new Date('2026-11-28T10:30:00Z');
    const { providerShipmentId } = await shiprocket.createShipment(shipmentRequest());
    await shiprocket.assignAwb(providerShipmentId);
    expect(await shiprocket.schedulePickup([providerShipmentId])).toEqual({ pickupOn: '2026-11-30' });
  });

  it('is given the day booked before when its pickup is asked for again (a repeat after a timeout)', async () => {
    const shiprocket = provider();
    clock = new Date('2026-11-28T10:30:00Z');
    const { providerShipmentId } = await shiprocket.createShipment(shipmentRequest());
    await shiprocket.assignAwb(providerShipmentId);
    await shiprocket.schedulePickup([providerShipmentId]);
    expect(await shiprocket.schedulePickup([providerShipmentId])).toEqual({ pickupOn: '2026-11-30' });
  });

  it('is refused a label before it has an AWB', async () => {
    const shiprocket = provider();
    const { providerShipmentId } = await shiprocket.createShipment(shipmentRequest());
    await expect(shiprocket.labels([providerShipmentId])).rejects.toEqual(
      new CourierError(`Shiprocket made no label for shipment ${providerShipmentId}`),
    );
  });

  it('is refused an AWB for cash on delivery where no courier collects cash', async () => {
    const shiprocket = provider();
    const request = shipmentRequest({
      codPaise: 299_900,
      address: {
        line1: 'Aberdeen Bazaar',
        line2: '',
        city: 'Port Blair',
        state: 'Andaman and Nicobar',
        pincode: '744101',
      },
    });
    const { providerShipmentId } = await shiprocket.createShipment(request);
    await expect(shiprocket.assignAwb(providerShipmentId)).rejects.toEqual(
      new CourierError('No courier collects cash on delivery at 744101.'),
    );
  });

  it('is cancelled before the courier collects it, and is then no parcel the provider holds', async () => {
    const shiprocket = provider();
    const request = shipmentRequest();
    const { providerOrderId } = await shiprocket.createShipment(request);
    await shiprocket.cancel([providerOrderId]);
    expect(sandbox.control.find(request.reference)).toBeUndefined();
    expect(await shiprocket.findShipment(request.reference)).toBeUndefined();
  });

  it('is not cancelled once the courier has it', async () => {
    const shiprocket = provider();
    const { providerOrderId, providerShipmentId } = await shiprocket.createShipment(shipmentRequest());
    const { awb } = await shiprocket.assignAwb(providerShipmentId);
    await sandbox.move(awb, 'picked_up');
    await expect(shiprocket.cancel([providerOrderId])).rejects.toEqual(
      new CourierError(`Order ${providerOrderId} cannot be cancelled: the courier has collected it`),
    );
  });

  it("sends the shopper's answer to a failed delivery on to the courier", async () => {
    const shiprocket = provider();
    const { providerShipmentId } = await shiprocket.createShipment(shipmentRequest());
    const { awb } = await shiprocket.assignAwb(providerShipmentId);
    await expect(shiprocket.answerNdr(awb, { action: 'reattempt', reattemptOn: '2026-11-27' })).rejects.toEqual(
      new CourierError('Action can be taken only on a shipment in NDR'),
    );
    await sandbox.move(awb, 'delivery_failed', 'Consignee not available');
    await shiprocket.answerNdr(awb, { action: 'reattempt', reattemptOn: '2026-11-27' });
    await shiprocket.answerNdr(awb, { action: 'change_phone', phone: '9123456780' });
    await shiprocket.answerNdr(awb, { action: 'change_address', addressLine: 'Shop 3, Brigade Road, Bengaluru' });
    expect(
      sandbox.control.find(awb)!.ndrActions.map(({ action, comments, details }) => ({ action, comments, details })),
    ).toEqual([
      { action: 're-attempt', comments: 'Re-attempt on 2026-11-27', details: { deferred_date: '2026-11-27' } },
      { action: 're-attempt', comments: 'Re-attempt; call 9123456780', details: { phone: '9123456780' } },
      {
        action: 're-attempt',
        comments: 'Re-attempt at Shop 3, Brigade Road, Bengaluru',
        details: { address1: 'Shop 3, Brigade Road, Bengaluru' },
      },
    ]);
  });
});

describe('a return', () => {
  it("is collected from the shopper and taken to the account's pickup location", async () => {
    const shiprocket = provider();
    const request = shipmentRequest({ reference: 'RET-TTT-2001', codPaise: 0 });
    const created = await shiprocket.createReturn(request);
    const held = sandbox.control.find(created.providerShipmentId)!;
    expect(held).toMatchObject({
      kind: 'return',
      reference: 'RET-TTT-2001',
      paymentMethod: 'Prepaid',
      from: { name: 'Riya Kapoor', city: 'Bengaluru', pincode: '560001' },
      to: { name: 'Trap the Trend Warehouse', pincode: SANDBOX_WAREHOUSE.warehousePincode },
    });
    expect(await shiprocket.findShipment('RET-TTT-2001')).toEqual(created);
    const { awb } = await shiprocket.assignAwb(created.providerShipmentId);
    expect(await shiprocket.findShipment('RET-TTT-2001')).toEqual({ ...created, awb, courier: 'Delhivery Surface' });
  });
});

describe('the login', () => {
  it('is kept for 9 days, then renewed before its 10 run out', async () => {
    const shiprocket = provider();
    const parcel = { weightKg: 0.4, lengthCm: 30, breadthCm: 25, heightCm: 4 };
    const before = sandbox.control.logins();
    await shiprocket.serviceability('110001', parcel);
    expect(sandbox.control.logins()).toBe(before + 1);
    clock = new Date(START.getTime() + TOKEN_RENEW_AFTER_MS - 60_000);
    await shiprocket.serviceability('110001', parcel);
    expect(sandbox.control.logins()).toBe(before + 1);
    clock = new Date(START.getTime() + TOKEN_RENEW_AFTER_MS);
    await shiprocket.serviceability('110001', parcel);
    expect(sandbox.control.logins()).toBe(before + 2);
  });

  it('is made again once when Shiprocket refuses the token, and the call repeated', async () => {
    const shiprocket = provider();
    const request = shipmentRequest();
    await shiprocket.findShipment(request.reference);
    const before = sandbox.control.logins();
    sandbox.control.expireTokens();
    const created = await shiprocket.createShipment(request);
    expect(sandbox.control.logins()).toBe(before + 1);
    expect(sandbox.control.shipments().filter((s) => s.reference === request.reference)).toHaveLength(1);
    expect(created.providerShipmentId).toBe(String(sandbox.control.find(request.reference)!.shipmentId));
  });

  it('is shared by calls made at once', async () => {
    const shiprocket = provider();
    const before = sandbox.control.logins();
    await Promise.all(['A', 'B', 'C'].map((suffix) => shiprocket.findShipment(`TTT-NONE-${suffix}`)));
    expect(sandbox.control.logins()).toBe(before + 1);
  });

  it('is refused with a wrong password, as a refusal', async () => {
    await expect(provider({ password: 'not-the-password' }).findShipment('TTT-1')).rejects.toEqual(
      new CourierError('Invalid email and password combination'),
    );
  });
});
