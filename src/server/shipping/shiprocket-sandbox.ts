// The local Shiprocket sandbox (docs/decisions/0053): with no Shiprocket account, in demo mode
// only, the store ships through this instead, in Shiprocket's own paths and payloads under
// /v1/external: token login, serviceability from the zone table (zones.ts), orders, AWBs, labels,
// pickups, manifests, cancellations, returns and NDR answers. A page at its root lists every parcel
// with buttons that move it as a courier would (picked up, in transit, delivered, failed, back to
// us); each move records a scan and sends Shiprocket's tracking webhook to the store. State lives
// in memory. Tests steer it through `control`: stalled answers, a provider that is down, refusals.
import { randomBytes, randomInt } from 'node:crypto';

import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import type { Logger } from '../logger.ts';
import { sameText } from '../payments/signatures.ts';
import { DEFAULT_ZONES, zoneOf, type DeliveryZone } from './zones.ts';
import {
  indiaDateTime,
  NDR_REASONS,
  SANDBOX_MOVES,
  statusOf,
  type SandboxMove,
  type SandboxParty,
  type SandboxScan,
  type SandboxShipment,
} from './shiprocket-sandbox-model.ts';
import { movedPage, sandboxPage } from './shiprocket-sandbox-page.ts';
import { labelPdf, manifestPdf } from './shiprocket-sandbox-pdf.ts';

interface SandboxBehaviour {
  /** The next `times` calls to `path` (as after /v1/external, '*' for all) do their work and answer `ms` later. */
  stall(path: string, ms: number, times?: number): void;
  /** The next `times` calls to `path` (every one until reset when not given) answer 500 and do nothing. */
  fail(path: string, times?: number): void;
  /** The next `times` calls to `path` are refused with `status` and Shiprocket's `{ message, status_code }`. */
  refuse(path: string, message: string, status?: number, times?: number): void;
  reset(): void;
}

export interface SandboxControl {
  behaviour: SandboxBehaviour;
  shipments(): readonly SandboxShipment[];
  /** A parcel by its AWB, its Shiprocket shipment id, or the store's reference. */
  find(key: string): SandboxShipment | undefined;
  /** What the page's buttons do: a courier scan, and the tracking webhook to the store. */
  move(key: string, move: SandboxMove, reason?: string): Promise<SandboxScan>;
  /** Revokes every token, as Shiprocket's expiry or a password change would. */
  expireTokens(): void;
  /** How many times the API user has logged in. */
  logins(): number;
  /** Where webhooks go from now on, and how they are posted (an in-process app in tests). */
  webhookTo(url: string | undefined, deliver?: WebhookSender): void;
}

type WebhookSender = (url: string, init: RequestInit) => Promise<Response>;

export interface ShiprocketSandboxOptions {
  email: string;
  password: string;
  /** Where tracking webhooks go (the store's SHIPROCKET_WEBHOOK_PATH); none when undefined. */
  webhookUrl: string | undefined;
  /** Sent with each webhook in the `x-api-key` header, as Shiprocket sends its security token. */
  webhookToken: string;
  /** The pickup location of the sandbox's account: the store's SHIPPING_PICKUP_LOCATION. */
  pickupLocation: string;
  warehousePincode: string;
  logger: Logger;
  zones?: readonly DeliveryZone[];
  now?: () => Date;
  deliver?: WebhookSender;
}

export type ShiprocketSandbox = Hono & { control: SandboxControl };

const TOKEN_LIFETIME_MS = 10 * 24 * 60 * 60 * 1000;
const API = '/v1/external';
const CHANNEL_ID = 4_100_001;
const COURIERS = {
  surface: { id: 43, name: 'Delhivery Surface' },
  air: { id: 24, name: 'Blue Dart Air' },
};

type Json = Record<string, unknown>;

export function createShiprocketSandbox(options: ShiprocketSandboxOptions): ShiprocketSandbox {
  const now = options.now ?? (() => new Date());
  const zones = options.zones ?? DEFAULT_ZONES;
  const tokens = new Map<string, number>();
  const shipments: SandboxShipment[] = [];
  const files = new Map<string, { kind: 'label' | 'manifest'; number: number; shipmentIds: number[] }>();
  let logins = 0;
  let nextOrderId = 380_000_000 + randomInt(1_000_000);
  let nextShipmentId = 370_000_000 + randomInt(1_000_000);
  let nextFile = 1;
  let webhookUrl = options.webhookUrl;
  let deliver: WebhookSender = options.deliver ?? fetch;
  const warehouse: SandboxParty = {
    name: 'Trap the Trend Warehouse',
    address: 'Plot 14, Okhla Industrial Estate Phase III',
    address2: '',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: options.warehousePincode,
    phone: '9810000000',
    email: 'warehouse@sandbox.shiprocket.local',
  };

  type Rule = {
    path: string;
    kind: 'stall' | 'fail' | 'refuse';
    ms: number;
    status: number;
    message: string;
    times: number;
  };
  let rules: Rule[] = [];
  const behaviour: SandboxBehaviour = {
    stall: (path, ms, times = 1) => rules.push({ path, kind: 'stall', ms, status: 200, message: '', times }),
    fail: (path, times = Infinity) =>
      rules.push({ path, kind: 'fail', ms: 0, status: 500, message: 'Internal Server Error', times }),
    refuse: (path, message, status = 422, times = 1) =>
      rules.push({ path, kind: 'refuse', ms: 0, status, message, times }),
    reset: () => {
      rules = [];
    },
  };

  const find = (key: string) =>
    shipments.find((s) => s.awb === key || String(s.shipmentId) === key) ??
    shipments.find((s) => s.reference === key && !s.cancelled);
  const byShipmentId = (id: unknown) => shipments.find((s) => s.shipmentId === Number(id));

  const app = new Hono();
  const refusal = (c: Context, status: 400 | 401 | 404 | 422, message: string, extra: Json = {}) =>
    c.json({ message, ...extra, status_code: status }, status);
  const invalid = (c: Context, errors: Record<string, string[]>) =>
    c.json({ message: 'Oops! Invalid Data.', errors, status_code: 422 }, 422);
  /** The sandbox's address as the caller reached it: files are linked from there, as Shiprocket links its storage. */
  const baseOf = (c: Context) => c.req.url.slice(0, c.req.url.indexOf(API));

  app.use(`${API}/*`, async (c, next) => {
    const path = c.req.path.slice(c.req.path.indexOf(API) + API.length);
    const rule = rules.find(
      (candidate) =>
        candidate.times > 0 &&
        (candidate.path === '*' || path === candidate.path || path.startsWith(`${candidate.path.replace(/\/$/, '')}/`)),
    );
    if (rule) rule.times -= 1;
    if (rule?.kind === 'fail') return c.json({ message: rule.message, status_code: 500 }, 500);
    if (rule?.kind === 'refuse') {
      return c.json({ message: rule.message, status_code: rule.status }, rule.status as ContentfulStatusCode);
    }
    if (path !== '/auth/login') {
      const bearer = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
      const issuedAt = tokens.get(bearer);
      if (issuedAt === undefined || now().getTime() - issuedAt >= TOKEN_LIFETIME_MS) {
        return refusal(c, 401, 'Unauthenticated.');
      }
    }
    await next();
    // The work is done: the answer is only late, as one the store gives up waiting for.
    if (rule?.kind === 'stall') await new Promise((resolve) => setTimeout(resolve, rule.ms).unref());
  });

  app.post(`${API}/auth/login`, async (c) => {
    const body = await jsonBody(c);
    if (
      !sameText(options.email, String(body.email ?? '')) ||
      !sameText(options.password, String(body.password ?? ''))
    ) {
      return refusal(c, 401, 'Invalid email and password combination');
    }
    const token = `sandbox.${randomBytes(24).toString('base64url')}`;
    tokens.set(token, now().getTime());
    logins += 1;
    return c.json({
      id: 1,
      first_name: 'API',
      last_name: 'Sandbox',
      email: options.email,
      company_id: 1,
      created_at: indiaDateTime(now()),
      token,
    });
  });

  const serviceability = (c: Context) => {
    const query = c.req.query();
    const errors: Record<string, string[]> = {};
    for (const field of ['pickup_postcode', 'delivery_postcode'] as const)
      if (!/^\d{6}$/.test(query[field] ?? '')) errors[field] = [`The ${field.replace('_', ' ')} must be 6 digits.`];
    if (!query.weight) errors.weight = ['The weight field is required when order id is not present.'];
    if (query.cod === undefined) errors.cod = ['The cod field is required when order id is not present.'];
    if (Object.keys(errors).length > 0) return invalid(c, errors);
    const pincode = query.delivery_postcode!;
    const zone = zoneOf(pincode, zones);
    // Shiprocket's answer when no courier serves a pincode: status 404 in the body.
    if (!zone?.serviceable) return c.json({ status: 404, message: `No courier serviceable for pincode ${pincode}` });
    const couriers = [
      courierOffer(COURIERS.surface, zone.standardDays, zone.cod, pincode, now()),
      ...(zone.expressDays === null ? [] : [courierOffer(COURIERS.air, zone.expressDays, zone.cod, pincode, now())]),
    ].filter((offer) => query.cod !== '1' || offer.cod === 1);
    if (couriers.length === 0)
      return c.json({ status: 404, message: `No COD courier serviceable for pincode ${pincode}` });
    return c.json({
      currency: 'INR',
      data: {
        available_courier_companies: couriers,
        blocked_courier_companies: [],
        is_recommendation_enabled: 1,
        recommended_courier_company_id: COURIERS.surface.id,
        shiprocket_recommended_courier_id: COURIERS.surface.id,
      },
      status: 200,
    });
  };
  app.get(`${API}/courier/serviceability`, serviceability);
  app.get(`${API}/courier/serviceability/`, serviceability);

  app.post(`${API}/orders/create/adhoc`, async (c) => {
    const body = await jsonBody(c);
    const errors = orderErrors(body, ['pickup_location', ...partyFields('billing')]);
    if (Object.keys(errors).length > 0) return invalid(c, errors);
    if (body.pickup_location !== options.pickupLocation) {
      return refusal(c, 422, 'Wrong Pickup location entered. Please choose one location from data given', {
        data: [options.pickupLocation],
      });
    }
    const shipment = addShipment(body, 'forward', { from: warehouse, to: partyOf(body, 'billing') });
    return c.json({
      order_id: shipment.orderId,
      shipment_id: shipment.shipmentId,
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: null,
      courier_company_id: null,
      courier_name: null,
    });
  });

  app.post(`${API}/orders/create/return`, async (c) => {
    const body = await jsonBody(c);
    // The warehouse, the return's shipping party, need not give an email.
    const errors = orderErrors(body, [...partyFields('pickup'), ...partyFields('shipping', { email: false })]);
    if (Object.keys(errors).length > 0) return invalid(c, errors);
    const shipment = addShipment({ ...body, payment_method: 'Prepaid' }, 'return', {
      from: partyOf(body, 'pickup'),
      to: partyOf(body, 'shipping'),
    });
    return c.json({
      order_id: shipment.orderId,
      shipment_id: shipment.shipmentId,
      status: 'RETURN PENDING',
      status_code: 21,
      company_name: 'Shiprocket Sandbox',
    });
  });

  /** What Shiprocket refuses in a new order, forward or return: the fields of its parties, then the order's own. */
  function orderErrors(body: Json, required: string[]): Record<string, string[]> {
    const errors = missing(body, [
      'order_id',
      'order_date',
      ...required,
      'order_items',
      'payment_method',
      'sub_total',
      'length',
      'breadth',
      'height',
      'weight',
    ]);
    const reference = text(body.order_id);
    // Shiprocket keeps an order id for good, a cancelled order's too.
    if (reference && shipments.some((s) => s.reference === reference))
      errors.order_id = ['The order id has already been taken.'];
    if (reference.length > 50) errors.order_id = ['The order id may not be greater than 50 characters.'];
    if (body.payment_method !== undefined && !/^(cod|prepaid)$/i.test(text(body.payment_method)))
      errors.payment_method = ['The payment method must be COD or Prepaid.'];
    for (const side of ['length', 'breadth', 'height'] as const)
      if (body[side] !== undefined && !(Number(body[side]) > 0.5))
        errors[side] = [`The ${side} must be more than 0.5.`];
    if (body.weight !== undefined && !(Number(body.weight) > 0)) errors.weight = ['The weight must be more than 0.'];
    if (body.order_items !== undefined && (!Array.isArray(body.order_items) || body.order_items.length === 0))
      errors.order_items = ['The order items field is required.'];
    return errors;
  }

  function addShipment(body: Json, kind: SandboxShipment['kind'], parties: Pick<SandboxShipment, 'from' | 'to'>) {
    const cod = /^cod$/i.test(text(body.payment_method));
    const shipment: SandboxShipment = {
      orderId: nextOrderId++,
      shipmentId: nextShipmentId++,
      reference: text(body.order_id),
      kind,
      createdAt: now(),
      ...parties,
      items: (body.order_items as Json[]).map((item) => ({
        name: text(item.name),
        sku: text(item.sku),
        units: Number(item.units),
        sellingPrice: Number(item.selling_price),
      })),
      paymentMethod: cod ? 'COD' : 'Prepaid',
      collect: cod
        ? Number(body.sub_total) +
          Number(body.shipping_charges ?? 0) +
          Number(body.giftwrap_charges ?? 0) +
          Number(body.transaction_charges ?? 0) -
          Number(body.total_discount ?? 0)
        : 0,
      weightKg: Number(body.weight),
      cancelled: false,
      scans: [],
      ndrActions: [],
    };
    shipments.push(shipment);
    return shipment;
  }

  app.get(`${API}/orders`, (c) => {
    const search = (c.req.query('search') ?? '').trim().toLowerCase();
    const found = shipments
      .filter((s) => s.kind === 'forward')
      .filter((s) => !search || s.reference.toLowerCase().includes(search) || s.awb === search)
      .reverse();
    return c.json(listing(found.slice(0, perPage(c)).map(orderListing), found.length, perPage(c)));
  });

  app.get(`${API}/orders/processing/return`, (c) => {
    const found = shipments.filter((s) => s.kind === 'return').reverse();
    return c.json(
      listing(
        found.slice(0, perPage(c)).map((s) => ({
          ...orderListing(s),
          customer_pincode: s.from.pincode,
          shipment_id: s.shipmentId,
          cod: 0,
        })),
        found.length,
        perPage(c),
      ),
    );
  });

  app.get(`${API}/shipments/:id`, (c) => {
    const s = byShipmentId(c.req.param('id'));
    if (!s) return c.json({});
    const fileOf = (kind: 'label' | 'manifest') => {
      const entry = [...files.entries()]
        .reverse()
        .find(([, file]) => file.kind === kind && file.shipmentIds.includes(s.shipmentId));
      return entry ? `${baseOf(c)}/files/${entry[0]}` : null;
    };
    return c.json({
      data: {
        id: s.shipmentId,
        order_id: s.orderId,
        channel_id: CHANNEL_ID,
        courier: s.courier?.name ?? null,
        sr_courier_id: s.courier?.id ?? null,
        awb: s.awb ?? null,
        awb_assign_date: s.awbAssignedAt ? indiaDateTime(s.awbAssignedAt) : null,
        pickup_generated_date: s.pickupScheduledAt ? indiaDateTime(s.pickupScheduledAt) : null,
        method: 'Standard',
        weight: s.weightKg.toFixed(3),
        shipping_address: {
          city: s.to.city,
          state: s.to.state,
          address: s.to.address,
          country: 'India',
          pincode: s.to.pincode,
          address_2: s.to.address2,
        },
        status: shipmentStatusCode(s),
        label_url: fileOf('label'),
        manifest_url: fileOf('manifest'),
      },
    });
  });

  app.post(`${API}/courier/assign/awb`, async (c) => {
    const body = await jsonBody(c);
    if (body.shipment_id === undefined || body.shipment_id === '')
      return invalid(c, { shipment_id: ['The shipment id field is required.'] });
    const s = byShipmentId(body.shipment_id);
    if (!s) return refusal(c, 400, 'Invalid shipment id');
    const notAssigned = (reason: string) =>
      c.json({ awb_assign_status: 0, response: { data: { awb_assign_error: reason } } });
    if (s.cancelled) return notAssigned('Cannot assign AWB to a cancelled shipment.');
    if (s.awb) return notAssigned(`AWB ${s.awb} is already assigned to this shipment.`);
    // A forward parcel is delivered at the shopper's pincode; a return is collected there.
    const pincode = s.kind === 'forward' ? s.to.pincode : s.from.pincode;
    const zone = zoneOf(pincode, zones);
    if (!zone?.serviceable) return notAssigned(`No courier serviceable for pincode ${pincode}.`);
    if (s.paymentMethod === 'COD' && !zone.cod)
      return notAssigned(`No courier collects cash on delivery at ${pincode}.`);
    s.courier = COURIERS.surface;
    s.awb = newAwb();
    s.awbAssignedAt = now();
    s.etd = new Date(now().getTime() + zone.standardDays * 24 * 60 * 60 * 1000);
    return c.json({
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: s.courier.id,
          awb_code: s.awb,
          cod: s.paymentMethod === 'COD' ? 1 : 0,
          order_id: s.orderId,
          shipment_id: s.shipmentId,
          awb_code_status: 1,
          assigned_date_time: { date: `${indiaDateTime(now())}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
          applied_weight: s.weightKg,
          company_id: 1,
          courier_name: s.courier.name,
          child_courier_name: null,
          pickup_scheduled_date: null,
          routing_code: '',
          rto_routing_code: '',
          invoice_no: `SBX${s.orderId}`,
          transporter_id: '',
          transporter_name: '',
          shipped_by: {
            shipper_company_name: warehouse.name,
            shipper_address_1: warehouse.address,
            shipper_address_2: warehouse.address2,
            shipper_city: warehouse.city,
            shipper_state: warehouse.state,
            shipper_country: 'India',
            shipper_postcode: warehouse.pincode,
            shipper_phone: warehouse.phone,
            shipper_email: warehouse.email,
          },
        },
      },
    });
  });

  app.post(`${API}/courier/generate/label`, async (c) => {
    const body = await jsonBody(c);
    if (!Array.isArray(body.shipment_id)) return invalid(c, { shipment_id: ['The shipment id must be an array.'] });
    const ids = body.shipment_id.map(Number);
    const printable = ids.filter((id) => byShipmentId(id)?.awb && !byShipmentId(id)?.cancelled);
    const notCreated = ids.filter((id) => !printable.includes(id));
    if (printable.length === 0) {
      return c.json({ label_created: 0, not_created: notCreated, response: 'No valid shipment ids to print label' });
    }
    const name = addFile('label', printable);
    return c.json({
      label_created: 1,
      label_url: `${baseOf(c)}/files/${name}`,
      response: 'Label has been created and uploaded successfully!',
      not_created: notCreated,
    });
  });

  app.post(`${API}/courier/generate/pickup`, async (c) => {
    const body = await jsonBody(c);
    const ids = Array.isArray(body.shipment_id) ? body.shipment_id : [body.shipment_id];
    if (ids.length !== 1) return refusal(c, 400, 'Only one shipment id can be passed at a time');
    const s = byShipmentId(ids[0]);
    if (!s || s.cancelled) return refusal(c, 400, 'Invalid shipment id');
    if (!s.awb) return refusal(c, 400, 'Please assign an AWB before generating the pickup');
    if (s.pickupScheduledAt) return refusal(c, 400, 'Already in Pickup Queue.');
    s.pickupScheduledAt = pickupTime(now());
    return c.json({
      pickup_status: 1,
      response: {
        pickup_scheduled_date: indiaDateTime(s.pickupScheduledAt),
        pickup_token_number: `Reference No: SBX ${s.shipmentId}`,
        status: 3,
        pickup_generated_date: { date: `${indiaDateTime(now())}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
        data: `Pickup is confirmed by ${s.courier?.name ?? ''} For AWB :- ${s.awb}`,
      },
    });
  });

  app.post(`${API}/manifests/generate`, async (c) => {
    const body = await jsonBody(c);
    if (!Array.isArray(body.shipment_id) || body.shipment_id.length === 0)
      return invalid(c, { shipment_id: ['The shipment id field is required.'] });
    const ids = body.shipment_id.map(Number);
    const already = ids.filter((id) => byShipmentId(id)?.manifest !== undefined);
    if (already.length > 0) {
      return refusal(c, 400, 'Manifest already generated for some shipment_ids, Please try again after removin them', {
        already_manifested_shipment_ids: already,
      });
    }
    // Shiprocket manifests what the courier was booked to collect.
    const unready = ids.filter((id) => !byShipmentId(id)?.pickupScheduledAt || byShipmentId(id)?.cancelled);
    if (unready.length > 0) {
      return refusal(c, 400, `AWB must be assigned and pickup requested for shipment ids: ${unready.join(', ')}`);
    }
    const name = addFile('manifest', ids);
    for (const id of ids) byShipmentId(id)!.manifest = files.get(name)!.number;
    return c.json({ status: 1, manifest_url: `${baseOf(c)}/files/${name}` });
  });

  app.post(`${API}/manifests/print`, async (c) => {
    const body = await jsonBody(c);
    const orderIds = Array.isArray(body.order_ids) ? body.order_ids.map(Number) : [];
    const ids = shipments
      .filter((s) => orderIds.includes(s.orderId) && s.manifest !== undefined)
      .map((s) => s.shipmentId);
    if (ids.length === 0) return c.json({ manifest_url: '' });
    return c.json({ manifest_url: `${baseOf(c)}/files/${addFile('manifest', ids)}` });
  });

  app.post(`${API}/orders/cancel`, async (c) => {
    const body = await jsonBody(c);
    if (!Array.isArray(body.ids) || body.ids.length === 0) return invalid(c, { ids: ['The ids field is required.'] });
    const found = body.ids.map((id) => shipments.find((s) => s.orderId === Number(id)));
    const unknown = body.ids.filter((_, index) => !found[index]);
    if (unknown.length > 0) return refusal(c, 400, `No order with id ${unknown.join(', ')}`);
    const collected = found.filter((s) => !s!.cancelled && s!.scans.length > 0);
    if (collected.length > 0) {
      return refusal(
        c,
        400,
        `Order ${collected.map((s) => s!.orderId).join(', ')} cannot be cancelled: the courier has collected it`,
      );
    }
    for (const s of found) s!.cancelled = true;
    return c.body(null, 204);
  });

  app.post(`${API}/ndr/:awb/action`, async (c) => {
    const s = shipments.find((candidate) => candidate.awb === c.req.param('awb'));
    if (!s) return refusal(c, 404, 'No shipment with this AWB');
    const body = await jsonBody(c);
    if (!['re-attempt', 'return'].includes(text(body.action)))
      return invalid(c, { action: ['The action must be re-attempt or return.'] });
    if (s.scans.at(-1)?.statusId !== SANDBOX_MOVES.delivery_failed.statusId)
      return refusal(c, 400, 'Action can be taken only on a shipment in NDR');
    const details: Record<string, string> = {};
    for (const field of ['deferred_date', 'phone', 'address1', 'address2'])
      if (body[field] !== undefined && text(body[field]) !== '') details[field] = text(body[field]);
    s.ndrActions.push({ at: now(), action: text(body.action), comments: text(body.comments), details });
    return c.json({ status: 'Data Updated Sucessfully' }, 202);
  });

  app.get(`${API}/settings/company/pickup`, (c) =>
    c.json({
      data: {
        shipping_address: [
          {
            id: 1,
            pickup_location: options.pickupLocation,
            address: warehouse.address,
            address_2: warehouse.address2,
            city: warehouse.city,
            state: warehouse.state,
            country: 'India',
            pin_code: warehouse.pincode,
            email: warehouse.email,
            phone: warehouse.phone,
            name: warehouse.name,
            status: 2,
            is_primary_location: 1,
          },
        ],
        allow_more: 'true',
        company_name: 'Shiprocket Sandbox',
      },
    }),
  );

  // Label and manifest files, linked from the API's answers as Shiprocket links its storage: no token.
  app.get('/files/:name', async (c) => {
    const file = files.get(c.req.param('name'));
    if (!file) return c.text('Not Found', 404);
    const parcels = file.shipmentIds.map((id) => byShipmentId(id)!);
    const pdf =
      file.kind === 'label'
        ? await labelPdf(parcels)
        : await manifestPdf(file.number, parcels, options.pickupLocation, now());
    return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Cache-Control': 'no-store' });
  });

  app.get('/', (c) =>
    c.html(sandboxPage({ base: c.req.path.replace(/\/$/, ''), shipments: [...shipments].reverse(), webhookUrl })),
  );

  // The page's buttons post the shipment id; tests may name the parcel by its AWB or reference too.
  app.post('/shipments/:key/move', async (c) => {
    const base = c.req.path.slice(0, c.req.path.lastIndexOf('/shipments/'));
    const form = await c.req.parseBody();
    const s = find(c.req.param('key'));
    const move = String(form.move ?? '');
    if (!s) return c.html(movedPage(base, 'No such shipment', 'The sandbox has no shipment with this id.'), 404);
    if (!isMove(move)) return c.html(movedPage(base, 'No such move', `"${move}" is not a courier's move.`), 400);
    if (!s.awb || s.cancelled) {
      return c.html(movedPage(base, 'Not with a courier', 'This shipment has no AWB, or it was cancelled.'), 409);
    }
    await moveShipment(s, move, typeof form.reason === 'string' ? form.reason : undefined);
    return c.redirect(`${base || '/'}#shipment-${s.shipmentId}`, 303);
  });

  async function moveShipment(s: SandboxShipment, move: SandboxMove, reason?: string): Promise<SandboxScan> {
    const step = SANDBOX_MOVES[move];
    const place = (party: SandboxParty, suffix = '') => `${party.city}${suffix} (${party.state})`;
    const location =
      move === 'picked_up' || move === 'returned_to_origin'
        ? place(s.from)
        : move === 'in_transit'
          ? place(s.to, ' Hub')
          : place(s.to);
    const because = move === 'delivery_failed' ? reason?.trim() || NDR_REASONS[0] : undefined;
    const scan: SandboxScan = {
      at: now(),
      statusId: step.statusId,
      status: step.status,
      code: step.code,
      activity: because ? `${step.activity} - ${because}` : step.activity,
      location,
    };
    s.scans.push(scan);
    scan.webhook = await sendWebhook(s);
    return scan;
  }

  async function sendWebhook(s: SandboxShipment): Promise<string> {
    if (!webhookUrl) return 'not sent: no webhook URL';
    try {
      const response = await deliver(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-api-key': options.webhookToken },
        body: JSON.stringify(trackingWebhook(s)),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return `HTTP ${response.status}`;
    } catch (error) {
      options.logger.warn({ err: error }, 'Shiprocket sandbox: tracking webhook not delivered');
      return `not delivered: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  function addFile(kind: 'label' | 'manifest', shipmentIds: number[]): string {
    const number = nextFile++;
    const name = kind === 'label' ? `label-${number}.pdf` : `MANIFEST-${String(number).padStart(4, '0')}.pdf`;
    files.set(name, { kind, number, shipmentIds });
    return name;
  }

  function newAwb(): string {
    for (;;) {
      const awb = `19${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e6)).padStart(6, '0')}`;
      if (!shipments.some((s) => s.awb === awb)) return awb;
    }
  }

  const control: SandboxControl = {
    behaviour,
    shipments: () => shipments,
    find,
    async move(key, move, reason) {
      const s = find(key);
      if (!s?.awb || s.cancelled) throw new Error(`The sandbox has no parcel with a courier under ${key}`);
      return moveShipment(s, move, reason);
    },
    expireTokens: () => tokens.clear(),
    logins: () => logins,
    webhookTo(url, sender) {
      webhookUrl = url;
      if (sender) deliver = sender;
    },
  };
  return Object.assign(app, { control });
}

/** Shiprocket's tracking webhook, in the shape and order of its documented sample. */
function trackingWebhook(s: SandboxShipment) {
  const latest = s.scans.at(-1);
  return {
    awb: s.awb ?? '',
    courier_name: s.courier?.name ?? '',
    current_status: latest?.status ?? '',
    current_status_id: latest?.statusId ?? 0,
    shipment_status: latest?.status ?? '',
    shipment_status_id: latest?.statusId ?? 0,
    current_timestamp: latest ? webhookTimestamp(latest.at) : '',
    order_id: s.reference,
    sr_order_id: s.orderId,
    awb_assigned_date: s.awbAssignedAt ? indiaDateTime(s.awbAssignedAt) : '',
    pickup_scheduled_date: s.pickupScheduledAt ? indiaDateTime(s.pickupScheduledAt) : '',
    etd: s.etd ? indiaDateTime(s.etd) : '',
    scans: s.scans.map((scan) => ({
      date: indiaDateTime(scan.at),
      status: scan.code,
      activity: scan.activity,
      location: scan.location,
      'sr-status': String(scan.statusId),
      'sr-status-label': scan.status,
    })),
    is_return: s.kind === 'return' ? 1 : 0,
    channel_id: CHANNEL_ID,
    pod_status: latest?.statusId === SANDBOX_MOVES.delivered.statusId ? 'OTP Based Delivery' : '',
    pod: 'Not Available',
    qc_image: '',
    qc_failure_reason: '',
  };
}

/** The same as a shipment's status code (0 new, 1 AWB assigned, 3 pickup scheduled, 5 manifest generated, 8 cancelled). */
function shipmentStatusCode(s: SandboxShipment): number {
  if (s.cancelled) return 8;
  const latest = s.scans.at(-1);
  if (latest) return latest.statusId;
  if (s.manifest !== undefined) return 5;
  if (s.pickupScheduledAt) return 3;
  return s.awb ? 1 : 0;
}

function orderListing(s: SandboxShipment) {
  const status = statusOf(s);
  // An order's own codes: Shiprocket documents 1 for NEW and 5 for CANCELED; the rest follow the shipment's.
  const statusCode = status === 'CANCELED' ? 5 : status === 'NEW' ? 1 : shipmentStatusCode(s);
  return {
    id: s.orderId,
    channel_id: CHANNEL_ID,
    channel_name: 'CUSTOM',
    base_channel_code: 'CS',
    channel_order_id: s.reference,
    customer_name: s.kind === 'forward' ? s.to.name : s.from.name,
    customer_email: s.kind === 'forward' ? s.to.email : s.from.email,
    customer_phone: s.kind === 'forward' ? s.to.phone : s.from.phone,
    pickup_location: s.kind === 'forward' ? s.from.name : s.to.name,
    total: s.items.reduce((sum, item) => sum + item.sellingPrice * item.units, 0).toFixed(2),
    status,
    status_code: statusCode,
    payment_method: s.paymentMethod.toLowerCase(),
    created_at: indiaDateTime(s.createdAt),
    products: s.items.map((item) => ({ name: item.name, channel_sku: item.sku, quantity: item.units })),
    shipments: [
      {
        id: s.shipmentId,
        courier: s.courier?.name ?? '',
        weight: s.weightKg,
        awb: s.awb ?? '',
        pickup_scheduled_date: s.pickupScheduledAt ? indiaDateTime(s.pickupScheduledAt) : null,
        etd: s.etd ? indiaDateTime(s.etd) : 'NA',
      },
    ],
  };
}

function listing(data: unknown[], total: number, perPage: number) {
  return {
    data,
    meta: {
      pagination: {
        total,
        count: data.length,
        per_page: perPage,
        current_page: 1,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
        links: {},
      },
    },
  };
}

function perPage(c: Context): number {
  const asked = Number(c.req.query('per_page') ?? 15);
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, 100) : 15;
}

function courierOffer(courier: { id: number; name: string }, days: number, cod: boolean, pincode: string, at: Date) {
  const etd = new Date(at.getTime() + days * 24 * 60 * 60 * 1000);
  return {
    courier_company_id: courier.id,
    courier_name: courier.name,
    estimated_delivery_days: String(days),
    etd: etd.toLocaleDateString('en-US', { timeZone: 'Asia/Kolkata', month: 'short', day: '2-digit', year: 'numeric' }),
    etd_hours: days * 24,
    cod: cod ? 1 : 0,
    blocked: 0,
    is_surface: courier === COURIERS.surface,
    mode: courier === COURIERS.surface ? 0 : 1,
    min_weight: 0.5,
    postcode: pincode,
    rate: courier === COURIERS.surface ? 54 : 96,
    freight_charge: courier === COURIERS.surface ? 54 : 96,
    rating: 4.5,
  };
}

function missing(body: Json, fields: string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of fields)
    if (body[field] === undefined || body[field] === null || body[field] === '')
      errors[field] = [`The ${field.replaceAll('_', ' ')} field is required.`];
  return errors;
}

function isMove(move: string): move is SandboxMove {
  return Object.hasOwn(SANDBOX_MOVES, move);
}

async function jsonBody(c: Context): Promise<Json> {
  const body = (await c.req.json().catch(() => ({}))) as unknown;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {};
}

/** One end of a parcel as an order names it by prefix (`billing`, `pickup`, `shipping`), the last name joined to the first. */
function partyOf(body: Json, prefix: string): SandboxParty {
  const first = text(body[`${prefix}_customer_name`]);
  const last = text(body[`${prefix}_last_name`]);
  return {
    name: last ? `${first} ${last}` : first,
    address: text(body[`${prefix}_address`]),
    address2: text(body[`${prefix}_address_2`]),
    city: text(body[`${prefix}_city`]),
    state: text(body[`${prefix}_state`]),
    pincode: text(body[`${prefix}_pincode`]),
    phone: text(body[`${prefix}_phone`]),
    email: text(body[`${prefix}_email`]),
  };
}

/** The fields Shiprocket requires of a party of a new order (billing, pickup or shipping: the prefix). */
function partyFields(prefix: string, { email = true } = {}): string[] {
  const fields = [
    'customer_name',
    'address',
    'city',
    'state',
    'country',
    'pincode',
    ...(email ? ['email'] : []),
    'phone',
  ];
  return fields.map((field) => `${prefix}_${field}`);
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

/** The courier comes the same day when booked before 2 pm India time, else the next day; never on a Sunday. */
function pickupTime(at: Date): Date {
  const india = new Date(at.getTime() + 330 * 60_000);
  const day = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate()));
  if (india.getUTCHours() >= 14) day.setUTCDate(day.getUTCDate() + 1);
  if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  // 3 pm India time on that day.
  return new Date(day.getTime() + (15 * 60 - 330) * 60_000);
}

/** 'DD MM YYYY HH:mm:ss' in India time: the webhook's current_timestamp. */
function webhookTimestamp(at: Date): string {
  const [date = '', time = ''] = indiaDateTime(at).split(' ');
  const [year, month, day] = date.split('-');
  return `${day} ${month} ${year} ${time}`;
}
