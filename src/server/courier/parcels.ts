// A courier parcel's booking steps (docs/decisions/0053), shared by the forward parcel
// (booking.ts) and the reverse pickup (returns.ts). Each call to the provider is made by whoever
// holds the parcel, and its outcome recorded after it: the state before a call is always
// committed, so a call that timed out or crashed is looked up at the provider (by the parcel's
// reference) before it is made again, never repeated blind.
//
// Who holds a parcel: the last one to write its row, for BOOKING_LEASE_MS after that write (its
// `updated_at` is the lease). The holder writes on with `updated_at` as it left it (a compare and
// set), and a worker that did not write it last takes it over only once the lease has run out. No
// transaction stays open across a call, so a slow provider holds no connection or row lock (the
// demo's sandbox answers from the same process, over the same embedded database); each call is
// cut short well within the lease, so two workers never call for the same parcel at once.
import { and, eq, inArray, like, lte, or, type SQL } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import type { z } from 'zod';

import { CATEGORY_HSN, DEFAULT_HSN, type CategorySlug } from '../../common/catalog.ts';
import { BOOKING_STATES, type CourierDirection, type CourierState } from '../../common/courier-shipments.ts';
import type { Database } from '../db/client.ts';
import { jobPayload } from '../jobs/queue.ts';
import { courierShipments, products, type CourierShipment, type Order, type OrderItem } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { OrderEmails } from '../orders/emails.ts';
import { CourierError, type CourierProvider, type ShipmentRequest } from '../shipping/provider.ts';
import { parcelFor, type ParcelSizes } from '../shipping/settings.ts';
import { withTimeout } from '../with-timeout.ts';

/** How long a parcel stays with whoever wrote it last: more than any one call may take. */
export const BOOKING_LEASE_MS = 90_000;

/** The longest the store waits for one call (the provider's own timeout is shorter). */
const CALL_LIMIT_MS = 60_000;

export interface CourierDeps {
  db: Database;
  provider: CourierProvider;
  /** The booking's retry job is sent in the transaction that makes the parcel. */
  jobs: Pick<JobQueue, 'send'>;
  /** A pending order made ready to ship is packed, and its shopper emailed (orders/status.ts). */
  orderEmails: OrderEmails;
  /** The parcel each category makes (SHIPPING_PARCELS). */
  parcels: ParcelSizes;
  logger: Logger;
  /** The time now; tests move it on. */
  clock?: () => Date;
}

/** The parcel as this worker last wrote it: its `updatedAt` is the lease it holds. */
export type Held = CourierShipment;

/**
 * A parcel's last booking step: a forward parcel is printed once its pickup is booked; a reverse
 * one has no label of ours to print (the courier brings it).
 */
const BOOKED: Record<CourierDirection, CourierState> = { forward: 'labelled', reverse: 'pickup_scheduled' };

/** The booking states with steps left for a parcel of this direction: the retry jobs' work. */
function unfinishedStates(direction: CourierDirection): CourierState[] {
  return BOOKING_STATES.slice(0, BOOKING_STATES.indexOf(BOOKED[direction] as (typeof BOOKING_STATES)[number]));
}

/** Whether the parcel has booking steps left. */
const unfinished = (parcel: Pick<CourierShipment, 'state' | 'direction'>) =>
  unfinishedStates(parcel.direction).includes(parcel.state);

export const nowOf = (deps: Pick<CourierDeps, 'clock'>) => deps.clock?.() ?? new Date();

/** Why a call failed, as the order's page shows it until one succeeds. */
function failureReason(provider: CourierProvider, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const { name } = provider;
  return error instanceof CourierError ? `${name} refused: ${message}` : `${name} did not answer: ${message}`;
}

/**
 * Writes the parcel on as its holder: undefined when another worker has taken it over meanwhile
 * (the lease ran out), and then this one stops.
 */
export async function save(
  deps: CourierDeps,
  held: Held,
  changes: Partial<typeof courierShipments.$inferInsert>,
  db: Database = deps.db,
): Promise<Held | undefined> {
  const [row] = await db
    .update(courierShipments)
    .set({ ...changes, updatedAt: nowOf(deps) })
    .where(and(eq(courierShipments.id, held.id), eq(courierShipments.updatedAt, held.updatedAt)))
    .returning();
  return row;
}

/**
 * Takes a parcel still being booked over from whoever wrote it last, once their lease has run
 * out; undefined while it is held (or when it is booked already, or unknown).
 */
export function takeOver(deps: CourierDeps, id: string): Promise<Held | undefined> {
  return claim(deps, (leaseRunOut) =>
    and(
      eq(courierShipments.id, id),
      or(
        and(eq(courierShipments.direction, 'forward'), inArray(courierShipments.state, unfinishedStates('forward'))),
        and(eq(courierShipments.direction, 'reverse'), inArray(courierShipments.state, unfinishedStates('reverse'))),
      ),
      leaseRunOut,
    ),
  );
}

/** A booking step failed, or the parcel is held elsewhere: the job fails, and pg-boss runs it again later. */
export class BookingNotDone extends Error {
  override name = 'BookingNotDone';
}

/**
 * The parcel taken over to carry its booking on (`what` names it in the refusal); undefined when it
 * has no steps left. Throws while another worker holds it, so that the job runs again later.
 */
export async function carryOn(deps: CourierDeps, parcel: Held | undefined, what: string): Promise<Held | undefined> {
  if (!parcel || !unfinished(parcel)) return undefined;
  const held = await takeOver(deps, parcel.id);
  if (!held) throw new BookingNotDone(`${what} ${parcel.reference} is being booked elsewhere.`);
  return held;
}

/** The parcel `which` picks, held from now (its lease renewed); `leaseRunOut` is the condition that nobody holds it. */
async function claim(deps: CourierDeps, which: (leaseRunOut: SQL) => SQL | undefined): Promise<Held | undefined> {
  const now = nowOf(deps);
  const [row] = await deps.db
    .update(courierShipments)
    .set({ updatedAt: now })
    .where(which(lte(courierShipments.updatedAt, new Date(now.getTime() - BOOKING_LEASE_MS))))
    .returning();
  return row;
}

/**
 * A call's answer, with the parcels as now held (their leases renewed for the call), or why it
 * failed, recorded on each parcel it was for (`failedAttempts` + 1).
 */
export type Answer<T> = { ok: true; value: T; held: Held[] } | { ok: false; reason: string; held: Held[] };

/**
 * Asks the provider, for the parcels held. Each parcel's lease is renewed first, so a long run
 * (a press of many orders) never calls for a parcel another worker may have taken over meanwhile;
 * when one is lost, nothing is asked. A failure is recorded on each parcel (the reason, one more
 * failed attempt) before it is returned.
 */
export async function ask<T>(
  deps: CourierDeps,
  given: Held[],
  what: string,
  call: () => Promise<T>,
): Promise<Answer<T>> {
  const parcels: Held[] = [];
  for (const parcel of given) {
    const renewed = await save(deps, parcel, {});
    if (renewed) parcels.push(renewed);
  }
  if (parcels.length < given.length) return { ok: false, reason: 'taken over by another worker', held: parcels };
  try {
    return { ok: true, value: await withTimeout(call(), CALL_LIMIT_MS, `the ${what} call`), held: parcels };
  } catch (error) {
    const reason = failureReason(deps.provider, error);
    deps.logger.warn(
      { err: error, references: parcels.map((parcel) => parcel.reference), call: what },
      'courier: a call to the provider failed',
    );
    const held: Held[] = [];
    for (const parcel of parcels) {
      const saved = await save(deps, parcel, { lastError: reason, failedAttempts: parcel.failedAttempts + 1 });
      if (saved) held.push(saved);
    }
    return { ok: false, reason, held };
  }
}

/**
 * The parcel made real at the provider: created (or, when a call before may have created it,
 * found by its reference and adopted), then given its courier and AWB. `lookFirst` says that an
 * earlier call may have happened unrecorded (a timeout, a crash): then the provider is asked what
 * it holds before anything is made again. Returns the parcel as held after the last step that
 * succeeded, and whether every step did.
 */
export async function placeParcel(
  deps: CourierDeps,
  held: Held,
  request: () => Promise<ShipmentRequest>,
  lookFirst: boolean,
): Promise<{ held: Held | undefined; ok: boolean }> {
  let current: Held | undefined = held;
  let look = lookFirst;
  if (current.state === 'creating') {
    let parcel = current;
    let found = undefined;
    if (look) {
      const answer = await ask(deps, [parcel], 'findShipment', () => deps.provider.findShipment(parcel.reference));
      if (!answer.ok) return { held: answer.held[0], ok: false };
      [parcel] = answer.held as [Held];
      found = answer.value;
    }
    if (!found) {
      const wanted = await request();
      const answer = await ask(
        deps,
        [parcel],
        parcel.direction === 'forward' ? 'createShipment' : 'createReturn',
        () =>
          parcel.direction === 'forward' ? deps.provider.createShipment(wanted) : deps.provider.createReturn(wanted),
      );
      if (!answer.ok) return { held: answer.held[0], ok: false };
      [parcel] = answer.held as [Held];
      found = answer.value;
    }
    // What the provider just said is what it holds: nothing more to look up.
    look = false;
    current = await save(deps, parcel, {
      state: 'created',
      providerOrderId: found.providerOrderId,
      providerShipmentId: found.providerShipmentId,
      ...(found.awb ? { awb: found.awb, courier: found.courier ?? null } : {}),
      lastError: null,
    });
    if (!current) return { held: undefined, ok: false };
  }
  if (current.state === 'created' && !current.awb) {
    let parcel = current;
    if (look) {
      // An AWB asked for before may have been assigned unrecorded: the provider refuses a second.
      const answer = await ask(deps, [parcel], 'findShipment', () => deps.provider.findShipment(parcel.reference));
      if (!answer.ok) return { held: answer.held[0], ok: false };
      [parcel] = answer.held as [Held];
      if (answer.value?.awb) {
        current = await save(deps, parcel, {
          awb: answer.value.awb,
          courier: answer.value.courier ?? null,
          lastError: null,
        });
        return { held: current, ok: current !== undefined };
      }
    }
    const answer = await ask(deps, [parcel], 'assignAwb', () => deps.provider.assignAwb(parcel.providerShipmentId!));
    if (!answer.ok) return { held: answer.held[0], ok: false };
    current = await save(deps, answer.held[0]!, {
      awb: answer.value.awb,
      courier: answer.value.courier,
      lastError: null,
    });
  }
  return { held: current, ok: current !== undefined };
}

/** Books the courier to collect the parcels held; each becomes pickup_scheduled, with the day. */
export async function schedulePickup(deps: CourierDeps, parcels: Held[]): Promise<{ held: Held[]; ok: boolean }> {
  // One parcel at a time (Shiprocket takes one shipment per request anyway): each call renews only
  // its parcel's lease and stays well within it, however many parcels the run has.
  // A parcel whose pickup fails keeps its reason for its job, and the rest of the run goes on.
  const held: Held[] = [];
  for (const parcel of parcels) {
    const answer = await ask(deps, [parcel], 'schedulePickup', () =>
      deps.provider.schedulePickup([parcel.providerShipmentId!]),
    );
    if (!answer.ok) continue;
    const saved = await save(deps, answer.held[0]!, {
      state: 'pickup_scheduled',
      pickupOn: answer.value.pickupOn,
      lastError: null,
    });
    if (saved) held.push(saved);
  }
  return { held, ok: held.length === parcels.length };
}

/**
 * A parcel still being booked whose reason to go is gone is cancelled: at the provider when it
 * holds it (looked up by reference when no answer said so), then here. Returns why it could not be.
 */
export async function cancelParcel(deps: CourierDeps, held: Held): Promise<string | undefined> {
  let parcel = held;
  let providerOrderId = parcel.providerOrderId;
  if (!providerOrderId) {
    const found = await ask(deps, [parcel], 'findShipment', () => deps.provider.findShipment(parcel.reference));
    if (!found.ok) return found.reason;
    [parcel] = found.held as [Held];
    providerOrderId = found.value?.providerOrderId ?? null;
  }
  if (providerOrderId) {
    const id = providerOrderId;
    const cancelled = await ask(deps, [parcel], 'cancel', () => deps.provider.cancel([id]));
    if (!cancelled.ok) return cancelled.reason;
    [parcel] = cancelled.held as [Held];
  }
  await save(deps, parcel, { state: 'cancelled', lastError: null });
  return undefined;
}

/**
 * What the courier needs of a parcel: the shopper, their address, the lines in it, the cash to
 * collect and its size (the heaviest line's category decides the box).
 */
export async function shipmentRequest(
  db: Database,
  sizes: ParcelSizes,
  order: Order,
  parcel: { reference: string; lines: readonly OrderItem[]; codPaise: number; subtotalPaise: number },
): Promise<ShipmentRequest> {
  const productIds = [...new Set(parcel.lines.map((line) => line.productId))];
  const rows =
    productIds.length === 0
      ? []
      : await db
          .select({ id: products.id, category: products.category })
          .from(products)
          .where(inArray(products.id, productIds));
  const categoryOf = new Map(rows.map((row) => [row.id, row.category as CategorySlug | null]));
  const categories = parcel.lines
    .map((line) => categoryOf.get(line.productId))
    .filter((category): category is CategorySlug => Boolean(category));
  const address = order.addressJson;
  return {
    reference: parcel.reference,
    orderedAt: order.createdAt,
    customer: { name: address.name, email: order.email, phone: address.phone },
    address: {
      line1: address.house,
      line2: address.street,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
    },
    items: parcel.lines.map((line) => ({
      name: line.name,
      sku: `${line.productId}-${line.size}`,
      units: line.quantity,
      unitPricePaise: line.pricePaise,
      // A product deleted since is a T-shirt's, as its tax invoice has it.
      hsn: CATEGORY_HSN[categoryOf.get(line.productId) ?? ''] ?? DEFAULT_HSN,
    })),
    codPaise: parcel.codPaise,
    subtotalPaise: parcel.subtotalPaise,
    parcel: parcelFor(categories, sizes),
  };
}

/**
 * Runs a courier job (`what`: 'booking', 'reverse pickup', 'refund'): a payload `schema` refuses is
 * dropped with a log line (retrying cannot mend it); a failure fails the job, for pg-boss to run it
 * again, and on the last attempt is logged as given up, with the payload saying which.
 */
export async function workCourierJob<T extends Record<string, string>>(
  deps: Pick<CourierDeps, 'logger'>,
  job: JobWithMetadata<unknown>,
  schema: z.ZodType<T>,
  what: string,
  work: (payload: T) => Promise<void>,
): Promise<void> {
  const payload = jobPayload(job, schema, deps.logger, `courier: dropped a ${what} job whose payload is not valid`);
  if (!payload) return;
  try {
    await work(payload);
  } catch (error) {
    if (job.retryCount >= job.retryLimit) {
      deps.logger.error(
        { err: error, jobId: job.id, payload, attempts: job.retryCount + 1 },
        `courier: gave up a ${what} job; staff see why on the order's page`,
      );
    }
    throw error;
  }
}

/**
 * A reference unique at the provider, from `base` (the order number, or a return's): a parcel
 * booked again after its first was cancelled (or, very rarely, another order whose number is the
 * same) takes the next free `-2`, `-3`.
 */
export async function unusedReference(db: Database, base: string): Promise<string> {
  const used = new Set(
    (
      await db
        .select({ reference: courierShipments.reference })
        .from(courierShipments)
        .where(like(courierShipments.reference, `${base}%`))
    ).map((row) => row.reference),
  );
  let reference = base;
  for (let next = 2; used.has(reference); next += 1) reference = `${base}-${next}`;
  return reference;
}

/**
 * Staff take a parcel still being booked, or booked and not yet collected, to cancel it: at once
 * when its booking is done, else once its lease has run out (another worker may be calling for it).
 * Undefined when it changed meanwhile, or is held.
 */
export function claimToCancel(deps: CourierDeps, parcel: Held): Promise<Held | undefined> {
  return claim(deps, (leaseRunOut) =>
    and(
      eq(courierShipments.id, parcel.id),
      eq(courierShipments.updatedAt, parcel.updatedAt),
      eq(courierShipments.state, parcel.state),
      unfinished(parcel) ? leaseRunOut : undefined,
    ),
  );
}
