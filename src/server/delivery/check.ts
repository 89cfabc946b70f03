// "Check delivery" (ADR 0026): for a pincode and the products being looked at or
// bought, the day each delivery option arrives by, or why there is none. Every check counts
// against the client's limit, answered or refused, so the directory cannot be read out in bulk.
// Who delivers there and how fast is the courier's answer, or the zone table's when shipping by
// hand (shipping/serviceability.ts, docs/decisions/0053): a promise is the slower of the
// product's own text and the courier's days, so neither is ever broken.
import { inArray } from 'drizzle-orm';
import { z } from 'zod';

import type { CategorySlug } from '../../common/catalog.ts';
import { lookupPincode, PINCODE_MESSAGES, pincodeInput } from '../addresses/directory.ts';
import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import type { Database } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { CourierProvider, Serviceability } from '../shipping/provider.ts';
import { pincodeService } from '../shipping/serviceability.ts';
import { parcelFor, type ParcelSizes } from '../shipping/settings.ts';
import { deliveryDay, formatDay, mostBusinessDays, type IndiaDay } from './dates.ts';
import { isExcluded, type DeliverySettings } from './settings.ts';

export const DELIVERY_MESSAGES = {
  excluded: 'We do not deliver to this pincode yet',
  noProduct: 'Choose a product to check its delivery.',
} as const;

/** The most products one check may name: a checkout of a full cart. */
export const MAX_CHECKED_PRODUCTS = 20;

const CheckSchema = z.object({
  pincode: pincodeInput,
  productIds: z
    .array(z.coerce.number().int().positive().max(2_147_483_647), { error: DELIVERY_MESSAGES.noProduct })
    .min(1)
    .max(MAX_CHECKED_PRODUCTS),
});

interface DeliveryOption {
  label: 'Standard delivery' | 'Express delivery';
  /** 'Delivery by Friday, 4 December' */
  message: string;
  day: IndiaDay;
}

export type DeliveryAnswer = Result<
  | { pincode: string; delivers: true; place: string; options: DeliveryOption[] }
  | { pincode: string; delivers: false; message: string }
>;

/** Where the store's delivery promises come from, besides the database. */
export interface DeliverySources {
  /** The calendar and the pincodes the store itself does not deliver to. */
  settings: DeliverySettings;
  /** The courier provider; undefined: shipped by hand, and the zone table answers. */
  provider: CourierProvider | undefined;
  /** The parcel of each category, which the courier is asked about. */
  parcels: ParcelSizes;
}

export interface DeliveryDeps extends DeliverySources {
  db: Database;
  logger: Logger;
  limit: RateRule;
}

/**
 * Whether the store delivers these products' parcel to a pincode, and how: refused where the store
 * itself does not deliver (DELIVERY_EXCLUDED_PINCODES), else as the courier or the zone table says.
 */
async function serviceOf(
  deps: Omit<DeliveryDeps, 'limit'>,
  pincode: string,
  categories: ReadonlyArray<CategorySlug | null>,
  now: Date,
): Promise<Serviceability> {
  if (isExcluded(pincode, deps.settings.excluded)) return { serviceable: false };
  // A product without a category goes in the default parcel, which `parcelFor` gives for none.
  const known = categories.filter((category) => category !== null);
  return pincodeService(deps, pincode, parcelFor(known, deps.parcels), now);
}

/** `serviceOf` for the products being bought (the checkout's address step and its placing). */
export async function deliveryService(
  deps: Omit<DeliveryDeps, 'limit'>,
  pincode: string,
  productIds: readonly number[],
  now: Date,
): Promise<Serviceability> {
  const rows =
    productIds.length === 0
      ? []
      : await deps.db
          .select({ category: products.category })
          .from(products)
          .where(inArray(products.id, [...productIds]));
  return serviceOf(
    deps,
    pincode,
    rows.map(({ category }) => category as CategorySlug | null),
    now,
  );
}

export async function checkDelivery(
  deps: DeliveryDeps,
  input: { pincode?: unknown; productIds?: unknown },
  client: { ip: string },
  now = new Date(),
): Promise<DeliveryAnswer> {
  const limited = await consumeRateLimit(deps.db, `pincode-lookup:ip:${client.ip}`, deps.limit, now);
  if (!limited.allowed) return tooManyAttempts(limited);
  const parsed = CheckSchema.safeParse(input);
  if (!parsed.success) {
    // The page sends the products itself: only the pincode is the shopper's to correct.
    const field = String(parsed.error.issues[0]!.path[0]);
    const message = field === 'pincode' ? parsed.error.issues[0]!.message : DELIVERY_MESSAGES.noProduct;
    return failure('invalid', message, { fieldErrors: { [field]: message } });
  }
  const place = await lookupPincode(deps.db, parsed.data.pincode);
  if (!place)
    return failure('not_found', PINCODE_MESSAGES.unknown, { fieldErrors: { pincode: PINCODE_MESSAGES.unknown } });
  if (isExcluded(place.pincode, deps.settings.excluded)) {
    return { ok: true, pincode: place.pincode, delivers: false, message: DELIVERY_MESSAGES.excluded };
  }
  const infos = await deps.db
    .select({ deliveryInfo: products.deliveryInfo, category: products.category })
    .from(products)
    .where(inArray(products.id, parsed.data.productIds));
  if (infos.length === 0) return failure('not_found', DELIVERY_MESSAGES.noProduct);
  const service = await serviceOf(
    deps,
    place.pincode,
    infos.map(({ category }) => category as CategorySlug | null),
    now,
  );
  if (!service.serviceable) {
    return { ok: true, pincode: place.pincode, delivers: false, message: DELIVERY_MESSAGES.excluded };
  }
  const options: DeliveryOption[] = [];
  for (const [label, key, courierDays] of [
    ['Standard delivery', 'standardDelivery', service.standardDays],
    ['Express delivery', 'expressDelivery', service.expressDays],
  ] as const) {
    // No courier there delivers faster than standard: no express to offer.
    if (courierDays === null) continue;
    // Several products arrive together: the slowest promise is the order's. An option whose text
    // names no number of days (staff may write anything) gets no date rather than a guess.
    const days = infos.map(({ deliveryInfo }) => mostBusinessDays(deliveryInfo[key]));
    if (days.some((n) => n === undefined)) continue;
    const day = deliveryDay(now, Math.max(courierDays, ...(days as number[])), deps.settings);
    options.push({ label, message: `Delivery by ${formatDay(day)}`, day });
  }
  return {
    ok: true,
    pincode: place.pincode,
    delivers: true,
    place: `${place.district}, ${place.state}`,
    options,
  };
}
