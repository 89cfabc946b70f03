// Tracking one order without signing in (ADR 0023): its number and the email it was placed
// with (the order's own, whatever the account's email is now) give its journey and nothing else (no address, no items, no amounts). Every lookup counts
// against the client's limit, found or not, and a wrong number and a wrong email read the same.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';

import { orderNumber } from '../../common/orders.ts';
import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import type { Database } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import { courierProgressOf, shipmentsOf } from './shipping.ts';
import { orderTimeline, shownStatus, type OrderTimeline } from './timeline.ts';

export const TRACKING_MESSAGES = {
  invalid: 'Enter your order number (8 letters and digits, as on Your Orders and in your emails) and email.',
  notFound: 'We could not find an order with that number and email. Please check both and try again.',
} as const;

const LookupSchema = z.object({
  orderNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/^#/, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{8}$/)),
  email: z.string().trim().toLowerCase().pipe(z.email()),
});

export type TrackedOrder = Result<{ number: string; status: string; timeline: OrderTimeline }>;

export async function trackOrder(
  deps: { db: Database; limit: RateRule },
  input: { orderNumber?: unknown; email?: unknown },
  client: { ip: string },
  now = new Date(),
): Promise<TrackedOrder> {
  const limited = await consumeRateLimit(deps.db, `order-lookup:ip:${client.ip}`, deps.limit, now);
  if (!limited.allowed) return tooManyAttempts(limited);
  const parsed = LookupSchema.safeParse(input);
  if (!parsed.success) return failure('invalid', TRACKING_MESSAGES.invalid);
  const { orderNumber: prefix, email } = parsed.data;
  const found = await deps.db
    .select({ order: orders })
    .from(orders)
    .where(and(eq(orders.email, email), sql`${orders.id}::text like ${`${prefix}%`}`))
    .limit(2);
  // Two orders of one shopper sharing 8 characters of a random id: too rare to guess between.
  if (found.length !== 1) return failure('not_found', TRACKING_MESSAGES.notFound);
  const { order } = found[0]!;
  const [parcels, courier] = await Promise.all([
    shipmentsOf(deps.db, [order.id]),
    courierProgressOf(deps.db, [order.id]),
  ]);
  return {
    ok: true,
    number: orderNumber(order.id),
    status: shownStatus(order.status, courier.get(order.id)),
    timeline: orderTimeline(order, parcels.get(order.id) ?? [], courier.get(order.id)),
  };
}
