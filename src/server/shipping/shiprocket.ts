// Shiprocket's REST API as a CourierProvider (docs/decisions/0053), over fetch with a configurable
// base URL: the local sandbox (shiprocket-sandbox.ts) speaks the same API, so demo mode and the
// tests take this very code path. Field names and answers follow Shiprocket's published API
// collection; where it is silent, the choices are written beside the code and in the ADR.
//
// Every call is bounded by SHIPROCKET_TIMEOUT_MS. A 4xx answer is the provider refusing
// (CourierError, with its message); no answer in time, a network failure or a 5xx is a plain Error:
// then the call may or may not have happened, and the caller looks before it repeats.
import type { Logger } from '../logger.ts';
import {
  CourierError,
  type CourierProvider,
  type NdrAnswer,
  type Parcel,
  type ProviderShipment,
  type Serviceability,
  type ShipmentRequest,
} from './provider.ts';
import type { ShippingSettings, ShiprocketSettings } from './settings.ts';

/** What tests may replace: the clock the login token's age is read from. */
export interface ShiprocketHooks {
  now?: () => Date;
}

/** Shiprocket's tokens last 10 days; one is renewed a day early, so none expires mid-call. */
export const TOKEN_RENEW_AFTER_MS = 9 * 24 * 60 * 60 * 1000;

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  payload: Json;
}

interface CourierCompany {
  courier_name?: string;
  estimated_delivery_days?: string | number;
  cod?: number | string;
  blocked?: number;
}

interface OrderListing {
  id?: number;
  channel_order_id?: string;
  status?: string;
  shipment_id?: number;
  shipments?: Array<{ id?: number; awb?: string; courier?: string }>;
}

interface PickupLocation {
  pickup_location?: string;
  name?: string;
  email?: string;
  phone?: string;
  address?: string;
  address_2?: string;
  city?: string;
  state?: string;
  country?: string;
  pin_code?: string;
}

export function createShiprocketProvider(
  settings: ShiprocketSettings,
  shipping: Pick<ShippingSettings, 'pickupLocation' | 'warehousePincode'>,
  logger: Logger,
  hooks: ShiprocketHooks = {},
): CourierProvider {
  const now = hooks.now ?? (() => new Date());
  const base = settings.apiUrl.replace(/\/$/, '');
  let token: { value: string; obtainedAt: number } | undefined;
  let loggingIn: Promise<string> | undefined;

  /** One request, its body read whole, all within the timeout. */
  async function send(
    method: 'GET' | 'POST',
    path: string,
    { body, query, bearer }: { body?: unknown; query?: Record<string, string>; bearer?: string },
  ): Promise<Answer> {
    const url = `${base}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw unreachable(`${method} ${path}`, error);
    }
    return { status, payload: parseJson(text) };
  }

  function unreachable(what: string, error: unknown): Error {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const message = timedOut
      ? `Shiprocket did not answer ${what} within ${settings.timeoutMs} ms`
      : `Shiprocket could not be reached for ${what}: ${error instanceof Error ? error.message : String(error)}`;
    logger.warn({ err: error }, message);
    return new Error(message, { cause: error });
  }

  /** The payload of a 2xx answer; a refusal or a failure thrown as the provider interface says. */
  function accepted(answer: Answer, what: string): Json {
    if (answer.status >= 200 && answer.status < 300) return answer.payload;
    const message = messageOf(answer.payload);
    // 408 and 429 are "not now", not "no": the same call may work later.
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) {
      throw new CourierError(message ?? `Shiprocket refused ${what} (HTTP ${answer.status})`);
    }
    const failure = `Shiprocket answered ${what} with HTTP ${answer.status}${message ? `: ${message}` : ''}`;
    logger.warn({ status: answer.status }, failure);
    throw new Error(failure);
  }

  async function logIn(): Promise<string> {
    const answer = await send('POST', '/auth/login', { body: { email: settings.email, password: settings.password } });
    const payload = accepted(answer, 'the login of its API user');
    if (typeof payload.token !== 'string' || payload.token === '')
      throw new Error('Shiprocket logged in without a token');
    token = { value: payload.token, obtainedAt: now().getTime() };
    logger.info('Shiprocket: logged in');
    return payload.token;
  }

  /** The cached token, or a new one when it is 9 days old; concurrent calls share one login. */
  function currentToken(): Promise<string> {
    if (token && now().getTime() - token.obtainedAt < TOKEN_RENEW_AFTER_MS) return Promise.resolve(token.value);
    loggingIn ??= logIn().finally(() => {
      loggingIn = undefined;
    });
    return loggingIn;
  }

  /** An authenticated call. A 401 means the token was refused, so nothing was done: log in once more and repeat once. */
  async function raw(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ) {
    const bearer = await currentToken();
    const answer = await send(method, path, { ...options, bearer });
    if (answer.status !== 401) return answer;
    if (token?.value === bearer) token = undefined;
    logger.info('Shiprocket: the token was refused, logging in again');
    return send(method, path, { ...options, bearer: await currentToken() });
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ) {
    return accepted(await raw(method, path, options), `${method} ${path}`);
  }

  /** A label or manifest: a file URL from Shiprocket's storage, fetched without the API token. */
  async function download(url: unknown, what: string): Promise<Buffer> {
    if (typeof url !== 'string' || url === '') throw new CourierError(`Shiprocket made no ${what}`);
    let bytes: Buffer;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw unreachable(`the ${what} file`, error);
    }
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`Shiprocket's ${what} file is not a PDF`);
    return bytes;
  }

  async function pickupAddress(): Promise<PickupLocation> {
    const payload = await call('GET', '/settings/company/pickup');
    const locations = ((payload.data as Json | undefined)?.shipping_address ?? []) as PickupLocation[];
    const location = locations.find((candidate) => candidate.pickup_location === shipping.pickupLocation);
    if (!location) throw new CourierError(`Shiprocket has no pickup location named "${shipping.pickupLocation}"`);
    return location;
  }

  function created(payload: Json): ProviderShipment {
    if (!payload.order_id || !payload.shipment_id)
      throw new CourierError(messageOf(payload) ?? 'Shiprocket made no order');
    return shipmentOf(String(payload.order_id), String(payload.shipment_id), payload.awb_code, payload.courier_name);
  }

  async function generateManifest(ids: string[]): Promise<Answer> {
    return raw('POST', '/manifests/generate', { body: { shipment_id: ids.map(Number) } });
  }

  return {
    name: 'Shiprocket',

    async serviceability(deliveryPincode: string, parcel: Parcel): Promise<Serviceability> {
      // Asked as a prepaid parcel: each courier's `cod` says whether it would collect cash there
      // too, while asking with cod=1 would leave out the couriers that do not.
      const answer = await raw('GET', '/courier/serviceability', {
        query: {
          pickup_postcode: shipping.warehousePincode,
          delivery_postcode: deliveryPincode,
          weight: String(parcel.weightKg),
          length: String(parcel.lengthCm),
          breadth: String(parcel.breadthCm),
          height: String(parcel.heightCm),
          cod: '0',
        },
      });
      // No courier there: Shiprocket's documented answer is `{ status: 404, message }` in the body.
      if (answer.status === 404 && answer.payload.status === 404) return { serviceable: false };
      const payload = accepted(answer, 'the serviceability check');
      if (payload.status !== undefined && Number(payload.status) !== 200) return { serviceable: false };
      const couriers = (
        ((payload.data as Json | undefined)?.available_courier_companies ?? []) as CourierCompany[]
      ).filter((courier) => Number(courier.blocked ?? 0) !== 1);
      if (couriers.length === 0) return { serviceable: false };
      const days = couriers.map((courier) => Number(courier.estimated_delivery_days)).filter((d) => d > 0);
      if (days.length === 0) throw new Error('Shiprocket offered couriers without delivery estimates');
      // The slowest courier's days are the promise (any courier Shiprocket assigns keeps it); the
      // fastest, when faster, is what express could do.
      const standardDays = Math.max(...days);
      const fastest = Math.min(...days);
      return {
        serviceable: true,
        cod: couriers.some((courier) => Number(courier.cod) === 1),
        standardDays,
        expressDays: fastest < standardDays ? fastest : null,
      };
    },

    async createShipment(request: ShipmentRequest): Promise<ProviderShipment> {
      const { first, last } = splitName(request.customer.name);
      const cod = request.codPaise > 0;
      // The courier collects Shiprocket's order total: sub_total plus charges less the discount.
      // What the shopper owes at the door beyond the goods (fees) is sent as shipping_charges, and
      // what they owe less (discounts, credit) as total_discount, so the total is exactly the cash due.
      const difference = cod ? request.codPaise - request.subtotalPaise : 0;
      const payload = await call('POST', '/orders/create/adhoc', {
        body: {
          order_id: request.reference,
          order_date: indiaDateTime(request.orderedAt),
          pickup_location: shipping.pickupLocation,
          billing_customer_name: first,
          billing_last_name: last,
          billing_address: request.address.line1,
          billing_address_2: request.address.line2,
          billing_city: request.address.city,
          billing_pincode: request.address.pincode,
          billing_state: request.address.state,
          billing_country: 'India',
          billing_email: request.customer.email,
          billing_phone: tenDigits(request.customer.phone),
          shipping_is_billing: true,
          order_items: orderItems(request),
          payment_method: cod ? 'COD' : 'Prepaid',
          shipping_charges: rupees(Math.max(difference, 0)),
          total_discount: rupees(Math.max(-difference, 0)),
          sub_total: rupees(request.subtotalPaise),
          ...dimensions(request.parcel),
        },
      });
      return created(payload);
    },

    async findShipment(reference: string): Promise<ProviderShipment | undefined> {
      // `search` finds an order by the id the store gave it (and by AWB); the exact id is matched
      // here, and a cancelled order is no parcel the provider holds.
      const forward = await call('GET', '/orders', { query: { search: reference, per_page: '50' } });
      const order = listed(forward).find((entry) => entry.channel_order_id === reference && !isCancelled(entry));
      if (order?.id && order.shipments?.[0]?.id) {
        const [first] = order.shipments;
        return shipmentOf(String(order.id), String(first.id), first.awb, first.courier);
      }
      // Return orders are listed apart, without a search: the newest page holds one just asked for.
      const returns = await call('GET', '/orders/processing/return', { query: { per_page: '100' } });
      const pickup = listed(returns).find((entry) => entry.channel_order_id === reference && !isCancelled(entry));
      const shipmentId = pickup?.shipment_id ?? pickup?.shipments?.[0]?.id;
      if (!pickup?.id || !shipmentId) return undefined;
      return shipmentOf(
        String(pickup.id),
        String(shipmentId),
        pickup.shipments?.[0]?.awb,
        pickup.shipments?.[0]?.courier,
      );
    },

    async assignAwb(providerShipmentId: string): Promise<{ awb: string; courier: string }> {
      const payload = await call('POST', '/courier/assign/awb', { body: { shipment_id: Number(providerShipmentId) } });
      const data = ((payload.response as Json | undefined)?.data ?? {}) as Json;
      if (Number(payload.awb_assign_status) !== 1 || typeof data.awb_code !== 'string' || data.awb_code === '') {
        const reason = typeof data.awb_assign_error === 'string' ? data.awb_assign_error : messageOf(payload);
        throw new CourierError(reason ?? 'Shiprocket assigned no AWB');
      }
      return { awb: data.awb_code, courier: typeof data.courier_name === 'string' ? data.courier_name : '' };
    },

    async labels(providerShipmentIds: string[]): Promise<Buffer> {
      const payload = await call('POST', '/courier/generate/label', {
        body: { shipment_id: providerShipmentIds.map(Number) },
      });
      const missing = Array.isArray(payload.not_created) ? payload.not_created : [];
      if (Number(payload.label_created) !== 1 || missing.length > 0) {
        throw new CourierError(
          missing.length > 0
            ? `Shiprocket made no label for shipment ${missing.join(', ')}`
            : String(payload.response ?? messageOf(payload) ?? 'Shiprocket made no label'),
        );
      }
      return download(payload.label_url, 'label');
    },

    async manifest(providerShipmentIds: string[]): Promise<Buffer> {
      let answer = await generateManifest(providerShipmentIds);
      const already = Array.isArray(answer.payload.already_manifested_shipment_ids)
        ? answer.payload.already_manifested_shipment_ids.map(String)
        : [];
      if (answer.status !== 400 || already.length === 0)
        return download(accepted(answer, 'the manifest').manifest_url, 'manifest');
      // Some were manifested before (a repeat after a timeout, or another batch): the rest are
      // manifested now, and the manifest of all of them is printed by their Shiprocket order ids.
      const rest = providerShipmentIds.filter((id) => !already.includes(id));
      if (rest.length > 0) {
        answer = await generateManifest(rest);
        accepted(answer, 'the manifest');
      }
      const orderIds: number[] = [];
      for (const id of providerShipmentIds) {
        const detail = ((await call('GET', `/shipments/${encodeURIComponent(id)}`)).data ?? {}) as Json;
        if (!detail.order_id) throw new CourierError(`Shiprocket knows no shipment ${id}`);
        orderIds.push(Number(detail.order_id));
      }
      const printed = await call('POST', '/manifests/print', { body: { order_ids: orderIds } });
      return download(printed.manifest_url, 'manifest');
    },

    async schedulePickup(providerShipmentIds: string[]): Promise<{ pickupOn: string }> {
      if (providerShipmentIds.length === 0) throw new Error('No shipments to collect');
      // Shiprocket takes one shipment per pickup request; the courier comes on the latest day named.
      let pickupOn = '';
      for (const id of providerShipmentIds) {
        let payload: Json;
        try {
          payload = await call('POST', '/courier/generate/pickup', { body: { shipment_id: [Number(id)] } });
        } catch (error) {
          // A pickup asked for before (by a call that timed out) is refused as already queued: the
          // shipment says which day it was booked for.
          if (!(error instanceof CourierError) || !/already in pickup queue/i.test(error.message)) throw error;
          const detail = ((await call('GET', `/shipments/${encodeURIComponent(id)}`)).data ?? {}) as Json;
          const booked = detail.pickup_generated_date;
          if (typeof booked !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(booked)) throw error;
          if (booked.slice(0, 10) > pickupOn) pickupOn = booked.slice(0, 10);
          continue;
        }
        const scheduled = (payload.response as Json | undefined)?.pickup_scheduled_date;
        if (
          Number(payload.pickup_status) !== 1 ||
          typeof scheduled !== 'string' ||
          !/^\d{4}-\d{2}-\d{2}/.test(scheduled)
        ) {
          throw new CourierError(messageOf(payload) ?? `Shiprocket scheduled no pickup for shipment ${id}`);
        }
        const day = scheduled.slice(0, 10);
        if (day > pickupOn) pickupOn = day;
      }
      return { pickupOn };
    },

    async cancel(providerOrderIds: string[]): Promise<void> {
      await call('POST', '/orders/cancel', { body: { ids: providerOrderIds.map(Number) } });
    },

    async createReturn(request: ShipmentRequest): Promise<ProviderShipment> {
      const warehouse = await pickupAddress();
      const { first, last } = splitName(request.customer.name);
      const payload = await call('POST', '/orders/create/return', {
        body: {
          order_id: request.reference,
          order_date: indiaDateTime(request.orderedAt),
          pickup_customer_name: first,
          pickup_last_name: last,
          pickup_address: request.address.line1,
          pickup_address_2: request.address.line2,
          pickup_city: request.address.city,
          pickup_state: request.address.state,
          pickup_country: 'India',
          pickup_pincode: request.address.pincode,
          pickup_email: request.customer.email,
          pickup_phone: tenDigits(request.customer.phone),
          shipping_customer_name: warehouse.name ?? shipping.pickupLocation,
          shipping_address: warehouse.address ?? '',
          shipping_address_2: warehouse.address_2 ?? '',
          shipping_city: warehouse.city ?? '',
          shipping_state: warehouse.state ?? '',
          shipping_country: warehouse.country ?? 'India',
          shipping_pincode: warehouse.pin_code ?? shipping.warehousePincode,
          shipping_email: warehouse.email ?? '',
          shipping_phone: warehouse.phone ?? '',
          order_items: orderItems(request),
          // Shiprocket's return orders are always prepaid: nobody collects cash for a return.
          payment_method: 'Prepaid',
          total_discount: 0,
          sub_total: rupees(request.subtotalPaise),
          ...dimensions(request.parcel),
        },
      });
      return created(payload);
    },

    async answerNdr(awb: string, answer: NdrAnswer): Promise<void> {
      // Shiprocket documents `action` (re-attempt or return) and free-text `comments`. The
      // shopper's date, phone or address goes in the comments, which the courier's staff read, and
      // beside them as deferred_date, phone and address1, the fields of Shiprocket's NDR panel.
      const body =
        answer.action === 'reattempt'
          ? { action: 're-attempt', comments: `Re-attempt on ${answer.reattemptOn}`, deferred_date: answer.reattemptOn }
          : answer.action === 'change_phone'
            ? { action: 're-attempt', comments: `Re-attempt; call ${answer.phone}`, phone: answer.phone }
            : {
                action: 're-attempt',
                comments: `Re-attempt at ${answer.addressLine}`,
                address1: answer.addressLine,
              };
      await call('POST', `/ndr/${encodeURIComponent(awb)}/action`, { body });
    },
  };
}

function parseJson(text: string): Json {
  if (text.trim() === '') return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : { data: parsed };
  } catch {
    return {};
  }
}

/** Shiprocket's `message`, with the per-field `errors` of a 422 after it. */
function messageOf(payload: Json): string | undefined {
  const message =
    typeof payload.message === 'string' && payload.message.trim() !== '' ? payload.message.trim() : undefined;
  const errors =
    payload.errors && typeof payload.errors === 'object'
      ? Object.values(payload.errors as Record<string, unknown>)
          .flat()
          .filter((detail): detail is string => typeof detail === 'string')
      : [];
  if (errors.length === 0) return message;
  return message ? `${message} ${errors.join(' ')}` : errors.join(' ');
}

function listed(payload: Json): OrderListing[] {
  return Array.isArray(payload.data) ? (payload.data as OrderListing[]) : [];
}

/** By its name: an order's status codes and a shipment's are different lists. */
function isCancelled(order: OrderListing): boolean {
  return /^CANCEL/i.test(order.status ?? '');
}

function shipmentOf(
  providerOrderId: string,
  providerShipmentId: string,
  awb: unknown,
  courier: unknown,
): ProviderShipment {
  const shipment: ProviderShipment = { providerOrderId, providerShipmentId };
  if (typeof awb === 'string' && awb !== '') shipment.awb = awb;
  if (typeof courier === 'string' && courier !== '') shipment.courier = courier;
  return shipment;
}

function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** Shiprocket wants Indian mobile numbers as their 10 digits. */
function tenDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

function orderItems(request: ShipmentRequest) {
  return request.items.map((item) => ({
    name: item.name,
    sku: item.sku,
    units: item.units,
    selling_price: rupees(item.unitPricePaise),
    hsn: item.hsn,
  }));
}

function dimensions(parcel: Parcel) {
  return { length: parcel.lengthCm, breadth: parcel.breadthCm, height: parcel.heightCm, weight: parcel.weightKg };
}

/** 'YYYY-MM-DD HH:mm' in India time, as Shiprocket reads order dates. */
function indiaDateTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}
