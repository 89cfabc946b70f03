// Failed deliveries (NDR, docs/decisions/0053): each failed attempt the courier reports is kept with
// its reason and the shopper is emailed; on their order's page they ask for another attempt on a
// day, or give a corrected phone number or address line, once per attempt. Staff see the failures
// not yet sent on (/admin/deliveries) and send the shopper's answer to the courier.
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import { COURIER_STATE_LABELS } from '../../common/courier-shipments.ts';
import { isUuid } from '../../common/ids.ts';
import { orderNumber } from '../../common/orders.ts';
import { hasControlCharacters } from '../../common/validation.ts';
import type { Database } from '../db/client.ts';
import {
  courierShipments,
  deliveryFailures,
  orders,
  type CourierShipment,
  type DeliveryFailure,
  type Order,
} from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { OrderEmails } from '../orders/emails.ts';
import { indiaDate } from '../orders/shipping.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { CourierError, type CourierProvider, type NdrAnswer } from '../shipping/provider.ts';

/** How many days ahead a shopper may ask for another attempt (from tomorrow). */
const REATTEMPT_DAYS = 7;

export const NDR_MESSAGES = {
  notFound: 'Order not found',
  nothingToAnswer: 'There is no failed delivery of this order waiting for your answer.',
  answered: 'You have already told us what to do about this delivery attempt.',
  action: 'Choose what the courier should do.',
  reattemptOn: 'Choose a day for another attempt.',
  reattemptWindow: `Choose a day within the next ${REATTEMPT_DAYS} days.`,
  sunday: 'The courier does not deliver on Sundays: choose another day.',
  phone: 'Enter a phone number of exactly 10 digits.',
  addressLine: 'Enter the address line the courier should use: 5 to 200 characters.',
  answeredNow: 'Thank you: we will pass your answer to the courier.',
  failureNotFound: 'This failed delivery was not found.',
  notAnswered: 'The shopper has not answered yet: there is nothing to send.',
  alreadySent: 'This answer was already sent to the courier.',
  movedOn: 'The parcel has moved on since this failed attempt: there is nothing to send.',
  noProvider: 'No courier provider is set up (SHIPPING_PROVIDER=manual): tell the courier yourself.',
} as const;

/**
 * A failed attempt reported by the courier (tracking.ts, in its transaction): kept once per
 * attempt (the parcel and the moment), and its shopper is emailed in the same transaction. A
 * reverse pickup's failure is the courier's business with the shopper: none is kept.
 */
export async function recordDeliveryFailure(
  deps: { orderEmails: OrderEmails },
  tx: Database,
  failed: { parcel: CourierShipment; order: Order; reason: string; reportedAt: Date },
): Promise<DeliveryFailure | undefined> {
  const [row] = await tx
    .insert(deliveryFailures)
    .values({ courierShipmentId: failed.parcel.id, reason: failed.reason, reportedAt: failed.reportedAt })
    .onConflictDoNothing()
    .returning();
  if (row) {
    await deps.orderEmails.enqueue(tx, {
      kind: 'delivery-failed',
      orderId: failed.order.id,
      deliveryFailureId: row.id,
    });
  }
  return row;
}

/** A day as the pages write it: 'Thursday, 12 June 2025' (India's calendar). */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'full', timeZone: 'Asia/Kolkata' }).format(
    new Date(`${day}T12:00:00+05:30`),
  );
}

const isSunday = (day: string) => new Date(`${day}T12:00:00+05:30`).getUTCDay() === 0;

/** The days a shopper may ask for another attempt on: the next 7 (YYYY-MM-DD), Sundays left out. */
export function reattemptDays(now = new Date()): string[] {
  const days: string[] = [];
  for (let ahead = 1; ahead <= REATTEMPT_DAYS; ahead += 1) {
    const day = indiaDate(new Date(now.getTime() + ahead * 24 * 60 * 60_000));
    if (!isSunday(day)) days.push(day);
  }
  return days;
}

/** What the shopper asked, in words (their page and the staff's queue). */
function describeAnswer(failed: Pick<DeliveryFailure, 'action' | 'reattemptOn' | 'phone' | 'addressLine'>) {
  switch (failed.action) {
    case 'reattempt':
      return `Another attempt on ${formatDay(failed.reattemptOn!)}`;
    case 'change_phone':
      return `Another attempt, calling ${failed.phone}`;
    case 'change_address':
      return `Another attempt at: ${failed.addressLine}`;
    default:
      return null;
  }
}

const AnswerSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('reattempt'), reattemptOn: z.string({ error: NDR_MESSAGES.reattemptOn }) }),
    z.object({
      action: z.literal('change_phone'),
      phone: z
        .string({ error: NDR_MESSAGES.phone })
        .transform((value) => value.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{10}$/, NDR_MESSAGES.phone)),
    }),
    z.object({
      action: z.literal('change_address'),
      addressLine: z
        .string({ error: NDR_MESSAGES.addressLine })
        .trim()
        .min(5, NDR_MESSAGES.addressLine)
        .max(200, NDR_MESSAGES.addressLine)
        .refine((value) => !hasControlCharacters(value), NDR_MESSAGES.addressLine),
    }),
  ],
  { error: NDR_MESSAGES.action },
);

/** The field a refusal of the answer belongs to, for the form. */
const FIELD_OF: Record<string, string> = {
  [NDR_MESSAGES.action]: 'action',
  [NDR_MESSAGES.reattemptOn]: 'reattemptOn',
  [NDR_MESSAGES.reattemptWindow]: 'reattemptOn',
  [NDR_MESSAGES.sunday]: 'reattemptOn',
  [NDR_MESSAGES.phone]: 'phone',
  [NDR_MESSAGES.addressLine]: 'addressLine',
};

const refuse = (message: string) =>
  failure('invalid', message, FIELD_OF[message] ? { fieldErrors: { [FIELD_OF[message]]: message } } : {});

/** The shopper's order, its forward parcel, and the parcel's latest failed attempt. */
async function failureOfShopper(db: Database, userId: string, orderId: string) {
  if (!isUuid(orderId)) return undefined;
  const [row] = await db
    .select({ order: orders, parcel: courierShipments })
    .from(orders)
    .leftJoin(courierShipments, and(eq(courierShipments.orderId, orders.id), eq(courierShipments.direction, 'forward')))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .orderBy(desc(courierShipments.createdAt))
    .limit(1);
  if (!row) return undefined;
  const [latest] = row.parcel
    ? await db
        .select()
        .from(deliveryFailures)
        .where(eq(deliveryFailures.courierShipmentId, row.parcel.id))
        .orderBy(desc(deliveryFailures.reportedAt))
        .limit(1)
    : [];
  return { order: row.order, parcel: row.parcel, latest };
}

/** What a shopper's order page for a failed delivery shows; undefined: not their order. */
export async function deliveryFailureOf(db: Database, userId: string, orderId: string, now = new Date()) {
  const found = await failureOfShopper(db, userId, orderId);
  if (!found) return undefined;
  const { order, parcel, latest } = found;
  return {
    number: orderNumber(order.id),
    /** Where the parcel is ('Delivery failed'); null for a parcel shipped by hand. */
    parcelState: parcel ? COURIER_STATE_LABELS[parcel.state] : null,
    failure: latest
      ? {
          reason: latest.reason,
          reportedAt: latest.reportedAt,
          answer: describeAnswer(latest),
          /** Whether the shopper may still answer: the latest attempt failed and is unanswered. */
          open: parcel?.state === 'delivery_failed' && latest.answeredAt === null,
        }
      : null,
    reattemptDays: reattemptDays(now).map((day) => ({ value: day, label: formatDay(day) })),
  };
}

/**
 * The shopper answers the latest failed attempt of their order's parcel: another attempt on a day
 * (tomorrow to 7 days ahead, not a Sunday), or a corrected phone number or address line. Only the
 * order's owner (anyone else: not found), only while the parcel waits (its last attempt failed),
 * once per attempt: a second answer, even at the same moment, is refused and changes nothing.
 */
export async function answerDeliveryFailure(
  db: Database,
  userId: string,
  orderId: unknown,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<Result<{ failure: DeliveryFailure }>> {
  const found = typeof orderId === 'string' ? await failureOfShopper(db, userId, orderId) : undefined;
  if (!found) return failure('not_found', NDR_MESSAGES.notFound);
  const { parcel, latest } = found;
  if (!latest || parcel?.state !== 'delivery_failed') return failure('conflict', NDR_MESSAGES.nothingToAnswer);
  if (latest.answeredAt) return failure('conflict', NDR_MESSAGES.answered);
  const parsed = AnswerSchema.safeParse({ ...input, action: input.action || undefined });
  if (!parsed.success) return refuse(parsed.error.issues[0]!.message);
  const answer = parsed.data;
  if (answer.action === 'reattempt') {
    const day = answer.reattemptOn.trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return refuse(NDR_MESSAGES.reattemptOn);
    if (isSunday(day)) return refuse(NDR_MESSAGES.sunday);
    if (!reattemptDays(now).includes(day)) return refuse(NDR_MESSAGES.reattemptWindow);
  }
  const [answered] = await db
    .update(deliveryFailures)
    .set({
      action: answer.action,
      reattemptOn: answer.action === 'reattempt' ? answer.reattemptOn.trim() : null,
      phone: answer.action === 'change_phone' ? answer.phone : null,
      addressLine: answer.action === 'change_address' ? answer.addressLine : null,
      answeredAt: now,
    })
    .where(and(eq(deliveryFailures.id, latest.id), isNull(deliveryFailures.answeredAt)))
    .returning();
  if (!answered) return failure('conflict', NDR_MESSAGES.answered);
  return { ok: true, failure: answered };
}

/** A failure that is its parcel's latest attempt (an earlier one was superseded by the next). */
const latestFailure = sql`${deliveryFailures.reportedAt} = (select max(latest.reported_at) from ${deliveryFailures} latest where latest.courier_shipment_id = ${deliveryFailures.courierShipmentId})`;

/**
 * A failed attempt not yet sent on to the courier. One the parcel has moved past (delivered,
 * another attempt on its way, back with us, or failed again since) is nothing to send on any more.
 */
const openFailure = and(isNull(deliveryFailures.sentAt), eq(courierShipments.state, 'delivery_failed'), latestFailure);

/**
 * Failed attempts with their parcel's AWB and order, each as the pages show it: what the courier
 * said, what the shopper asked, whether it waits in the staff's queue, and when it was sent on.
 */
async function failuresWhere(db: Database, where: SQL | undefined, order: SQL[], ofShopper?: string) {
  const base = db
    .select({
      failure: deliveryFailures,
      awb: courierShipments.awb,
      orderId: courierShipments.orderId,
      open: sql<boolean>`coalesce(${openFailure}, false)`,
    })
    .from(deliveryFailures)
    .innerJoin(courierShipments, eq(courierShipments.id, deliveryFailures.courierShipmentId))
    .$dynamic();
  const rows = await (
    ofShopper
      ? base.innerJoin(orders, and(eq(orders.id, courierShipments.orderId), eq(orders.userId, ofShopper)))
      : base
  )
    .where(where)
    .orderBy(...order);
  return rows.map(({ failure: row, awb, orderId, open }) => ({
    id: row.id,
    orderId,
    orderNumber: orderNumber(orderId),
    awb,
    reason: row.reason,
    reportedAt: row.reportedAt,
    answer: describeAnswer(row),
    answeredAt: row.answeredAt,
    open,
    sentAt: row.sentAt,
  }));
}

/** The staff's queue: failed attempts not yet sent on to the courier, oldest first. */
export function listOpenDeliveryFailures(db: Database) {
  return failuresWhere(db, openFailure, [asc(deliveryFailures.reportedAt), asc(deliveryFailures.id)]);
}

/** Every failed delivery of a shopper's orders, newest first (the admin's customer page). */
export function deliveryFailuresOfCustomer(db: Database, userId: string) {
  return failuresWhere(db, undefined, [desc(deliveryFailures.reportedAt), desc(deliveryFailures.id)], userId);
}

/** The orders with a failed delivery in the staff's queue, as a subquery of their ids (the orders list's filter). */
export function ordersWithOpenDeliveryFailure(db: Database) {
  return db
    .select({ orderId: courierShipments.orderId })
    .from(deliveryFailures)
    .innerJoin(courierShipments, eq(courierShipments.id, deliveryFailures.courierShipmentId))
    .where(openFailure);
}

/**
 * A provider's refusal (`CourierError`), known by its name: the pages' server code is bundled
 * apart from the provider that threw it, so the class itself may be another copy.
 */
function isCourierRefusal(error: unknown): error is Error {
  return error instanceof CourierError || (error instanceof Error && error.name === 'CourierError');
}

/** The answer as the provider takes it. */
function ndrAnswerOf(row: DeliveryFailure): NdrAnswer | undefined {
  if (row.action === 'reattempt' && row.reattemptOn) return { action: 'reattempt', reattemptOn: row.reattemptOn };
  if (row.action === 'change_phone' && row.phone) return { action: 'change_phone', phone: row.phone };
  if (row.action === 'change_address' && row.addressLine) {
    return { action: 'change_address', addressLine: row.addressLine };
  }
  return undefined;
}

/**
 * Staff send the shopper's answer on to the courier (`provider.answerNdr`); once it took it, the
 * failure is recorded as sent, by whom and when, with the audit entry. When the provider refuses or
 * cannot be reached, its message is returned and nothing is recorded (staff may try again).
 */
export async function sendDeliveryAnswer(
  deps: { db: Database; provider: CourierProvider | undefined; logger: Logger },
  actor: Actor,
  failureId: unknown,
  now = new Date(),
): Promise<Result<{ orderNumber: string }>> {
  if (typeof failureId !== 'string' || !isUuid(failureId)) return failure('not_found', NDR_MESSAGES.failureNotFound);
  const [row] = await deps.db
    .select({ failure: deliveryFailures, parcel: courierShipments })
    .from(deliveryFailures)
    .innerJoin(courierShipments, eq(courierShipments.id, deliveryFailures.courierShipmentId))
    .where(eq(deliveryFailures.id, failureId));
  if (!row) return failure('not_found', NDR_MESSAGES.failureNotFound);
  if (row.failure.sentAt) return failure('conflict', NDR_MESSAGES.alreadySent);
  const [current] = await deps.db
    .select({ id: deliveryFailures.id })
    .from(deliveryFailures)
    .where(and(eq(deliveryFailures.id, failureId), latestFailure));
  if (row.parcel.state !== 'delivery_failed' || !current) return failure('conflict', NDR_MESSAGES.movedOn);
  const answer = ndrAnswerOf(row.failure);
  if (!answer) return failure('conflict', NDR_MESSAGES.notAnswered);
  if (!deps.provider) return failure('unavailable', NDR_MESSAGES.noProvider);
  // Claimed before the courier is asked, so two staff pressing at once send it once; given back
  // when the courier does not take it.
  const [claimed] = await deps.db
    .update(deliveryFailures)
    .set({ sentAt: now, sentBy: actor.id })
    .where(and(eq(deliveryFailures.id, failureId), isNull(deliveryFailures.sentAt)))
    .returning();
  if (!claimed) return failure('conflict', NDR_MESSAGES.alreadySent);
  try {
    await deps.provider.answerNdr(row.parcel.awb!, answer);
  } catch (error) {
    deps.logger.error({ err: error, awb: row.parcel.awb, failureId }, 'courier: sending an NDR answer failed');
    await deps.db
      .update(deliveryFailures)
      .set({ sentAt: null, sentBy: null })
      .where(and(eq(deliveryFailures.id, failureId), eq(deliveryFailures.sentAt, now)));
    const why = isCourierRefusal(error) ? error.message : `${deps.provider.name} could not be reached`;
    return failure('unavailable', `The courier did not take the answer (${why}). Nothing was recorded; try again.`);
  }
  await recordAudit(deps.db, actor, {
    action: 'order.delivery_answer',
    entityType: 'order',
    entityId: row.parcel.orderId,
    summary: `Order #${row.parcel.orderId.slice(0, 8)} failed delivery answer sent to the courier (AWB ${row.parcel.awb}): ${describeAnswer(claimed)}`,
    after: { deliveryFailureId: claimed.id, answer },
  });
  return { ok: true, orderNumber: orderNumber(row.parcel.orderId) };
}
