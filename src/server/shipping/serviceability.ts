// What the store may promise a delivery pincode (docs/decisions/0053): whether anyone delivers
// there, in how many business days (standard, and express where there is one), and whether cash is
// collected at the door. Shipping by hand, the zone table answers (zone-table.ts). With a courier
// provider, its answer, kept in courier_quotes for a day: a product page's check must not wait on
// the courier each time. When the courier cannot answer, its last answer serves however old it is
// (a pincode's couriers change slowly), and without one the zone table does: a shopper is never
// refused because the courier's API is down.
import { eq } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { courierQuotes, type CourierQuote } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { CourierError, type CourierProvider, type Parcel, type Serviceability } from './provider.ts';
import { activeZones } from './zone-table.ts';
import { zoneServiceability } from './zones.ts';

/** How long the courier's answer for a pincode is used before it is asked again. */
const QUOTE_FRESH_MS = 24 * 60 * 60 * 1000;

/**
 * After the courier fails to answer, it is left alone this long: the checks meanwhile (every
 * product page and checkout) answer at once from its last answers or the zone table, rather than
 * each waiting for its timeout.
 */
const REST_AFTER_FAILURE_MS = 60 * 1000;
const restingUntil = new WeakMap<CourierProvider, number>();

export interface ServiceabilityDeps {
  db: Database;
  /** Undefined: shipped by hand, and the zone table answers. */
  provider: CourierProvider | undefined;
  logger: Logger;
}

function fromQuote(quote: CourierQuote): Serviceability {
  if (!quote.serviceable) return { serviceable: false };
  return {
    serviceable: true,
    cod: quote.cod,
    // Written together with `serviceable` (below): a serviceable row always has its days.
    standardDays: quote.standardDays!,
    expressDays: quote.expressDays,
  };
}

async function zoneAnswer(db: Database, pincode: string): Promise<Serviceability> {
  return zoneServiceability(pincode, await activeZones(db));
}

/**
 * The promise for a delivery pincode and a parcel. The cached answer is by pincode alone: the
 * parcel of the check that asked decides it for the day (the courier's coverage of a pincode
 * rarely depends on a garment parcel's size).
 */
export async function pincodeService(
  deps: ServiceabilityDeps,
  pincode: string,
  parcel: Parcel,
  now: Date,
): Promise<Serviceability> {
  const { db, provider, logger } = deps;
  if (!provider) return zoneAnswer(db, pincode);
  const [cached] = await db.select().from(courierQuotes).where(eq(courierQuotes.pincode, pincode));
  if (cached && now.getTime() - cached.fetchedAt.getTime() < QUOTE_FRESH_MS) return fromQuote(cached);
  const resting = (restingUntil.get(provider) ?? 0) > now.getTime();
  let answer: Serviceability | undefined;
  let failure: unknown;
  if (!resting) {
    try {
      answer = await provider.serviceability(pincode, parcel);
    } catch (error) {
      failure = error;
      // Down or slow: rest it. A refusal is about this pincode alone, and the others still ask.
      if (!(error instanceof CourierError)) restingUntil.set(provider, now.getTime() + REST_AFTER_FAILURE_MS);
    }
  }
  if (!answer) {
    // Said once per failure; while the courier rests, quietly.
    const log = resting ? logger.debug.bind(logger) : logger.warn.bind(logger);
    const fields = { err: failure, pincode, provider: provider.name, resting };
    if (cached) {
      log(
        { ...fields, fetchedAt: cached.fetchedAt.toISOString() },
        'shipping: the courier did not answer serviceability; its last answer is used',
      );
      return fromQuote(cached);
    }
    log(
      fields,
      'shipping: the courier did not answer serviceability and has never answered for this pincode; the zone table is used',
    );
    return zoneAnswer(db, pincode);
  }
  const row = answer.serviceable
    ? {
        serviceable: true,
        cod: answer.cod,
        standardDays: answer.standardDays,
        expressDays: answer.expressDays,
        fetchedAt: now,
      }
    : { serviceable: false, cod: false, standardDays: null, expressDays: null, fetchedAt: now };
  // Two checks of the same pincode at once both ask; the later answer is kept.
  await db
    .insert(courierQuotes)
    .values({ pincode, ...row })
    .onConflictDoUpdate({ target: courierQuotes.pincode, set: row });
  return answer;
}
