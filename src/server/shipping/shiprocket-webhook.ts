// Shiprocket's tracking webhook (docs/decisions/0053): on every new scan of a parcel Shiprocket
// POSTs the parcel's current status and its scans so far, as JSON. This reads that body into the
// store's tracking updates; courier/tracking.ts applies them. Shiprocket names a scan's status in
// its own words ('sr-status-label': 'PICKED UP', 'UNDELIVERED', 'RTO DELIVERED'); the store acts on
// the statuses below and ignores the rest (the booking steps it made itself, and the courier's
// internal scans labelled 'NA'). The numeric ids are not trusted: the documented sample sends
// current_status_id 20 beside 'IN TRANSIT', whose id in the status table is 18.
import { z } from 'zod';

import type { TrackingState } from '../../common/courier-shipments.ts';
import type { TrackingUpdate } from './provider.ts';

/** Shiprocket's status labels the store acts on, and the state each puts the parcel in. */
const STATES: Readonly<Record<string, TrackingState>> = {
  'PICKED UP': 'picked_up',
  SHIPPED: 'picked_up',
  'IN TRANSIT': 'in_transit',
  'REACHED AT DESTINATION HUB': 'in_transit',
  'REACHED DESTINATION HUB': 'in_transit',
  MISROUTED: 'in_transit',
  DELAYED: 'in_transit',
  'OUT FOR DELIVERY': 'out_for_delivery',
  UNDELIVERED: 'delivery_failed',
  DELIVERED: 'delivered',
  'RTO INITIATED': 'rto_in_transit',
  'RTO IN TRANSIT': 'rto_in_transit',
  'RTO ACKNOWLEDGED': 'rto_in_transit',
  'RTO OUT FOR DELIVERY': 'rto_in_transit',
  'RTO OFD': 'rto_in_transit',
  'RTO NDR': 'rto_in_transit',
  'RTO NOT DELIVERED': 'rto_in_transit',
  'RTO DELIVERED': 'returned_to_origin',
  CANCELED: 'cancelled',
  CANCELLED: 'cancelled',
  'CANCELLED BEFORE DISPATCHED': 'cancelled',
};

/** Longer courier texts are cut: they are shown to shoppers and staff, not parsed. */
const MAX_TEXT = 300;

const text = z
  .string()
  .max(2000)
  .nullish()
  .transform((value) => (value ?? '').trim().slice(0, MAX_TEXT));
const idOrText = z.union([z.string().max(100), z.number()]).nullish();

const ScanSchema = z.object({
  date: z.string().max(40),
  status: text,
  activity: text,
  location: text,
  'sr-status': idOrText,
  'sr-status-label': text,
});

const WebhookSchema = z.object({
  awb: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1).max(40)),
  current_status: z.string().trim().min(1).max(100),
  current_status_id: idOrText,
  shipment_status: text,
  current_timestamp: z.string().max(40),
  order_id: idOrText,
  scans: z.array(ScanSchema).max(1000).nullish(),
  is_return: z.union([z.number(), z.boolean(), z.string().max(10)]).nullish(),
});

/** A status as the table above names it: upper case, single spaces. */
const labelOf = (status: string) => status.trim().toUpperCase().replace(/\s+/g, ' ');

/**
 * A time as Shiprocket writes it, in India's time and without a zone: '2023-05-19 15:32:17' in
 * the scans, '23 05 2023 11:43:52' (day, month, year) in current_timestamp. Undefined for
 * anything else, or a day that does not exist.
 */
export function indiaTime(value: string): Date | undefined {
  const trimmed = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  const dayFirst = /^(\d{2})[ -/](\d{2})[ -/](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  const parts = iso
    ? { year: iso[1], month: iso[2], day: iso[3], hour: iso[4], minute: iso[5], second: iso[6] }
    : dayFirst
      ? {
          year: dayFirst[3],
          month: dayFirst[2],
          day: dayFirst[1],
          hour: dayFirst[4],
          minute: dayFirst[5],
          second: dayFirst[6],
        }
      : undefined;
  if (!parts) return undefined;
  const { year, month, day, hour, minute, second = '00' } = parts;
  const moment = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+05:30`);
  if (Number.isNaN(moment.getTime())) return undefined;
  // 31 June reads as 1 July in Date: refuse it rather than move the scan.
  const back = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(moment);
  return back === `${year}-${month}-${day}` ? moment : undefined;
}

/**
 * The tracking updates in a webhook's body, oldest first: one per scan whose status the store acts
 * on, and the parcel's current status at current_timestamp when no scan carries it (a body with no
 * scans). Undefined when the body is not Shiprocket's webhook (a field missing or of the wrong
 * kind, a time that cannot be read). `onIgnored` hears each status the store does not act on.
 */
export function parseShiprocketWebhook(
  body: unknown,
  onIgnored: (status: string) => void = () => undefined,
): TrackingUpdate[] | undefined {
  const parsed = WebhookSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { awb, current_status: currentStatus, current_timestamp: currentTimestamp, scans } = parsed.data;
  const updates: TrackingUpdate[] = [];
  for (const scan of scans ?? []) {
    const occurredAt = indiaTime(scan.date);
    if (!occurredAt) return undefined;
    const providerStatus = labelOf(scan['sr-status-label']);
    const state = STATES[providerStatus];
    if (!state) {
      onIgnored(providerStatus || scan.status || 'no status');
      continue;
    }
    updates.push(update(awb, state, providerStatus, scan.activity, scan.location, occurredAt));
  }
  const current = labelOf(currentStatus);
  const currentState = STATES[current];
  if (!currentState) {
    if (updates.length === 0) onIgnored(current);
  } else if (!updates.some((scan) => scan.providerStatus === current)) {
    const occurredAt = indiaTime(currentTimestamp);
    if (!occurredAt) return undefined;
    updates.push(update(awb, currentState, current, '', '', occurredAt));
  }
  return updates.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

function update(
  awb: string,
  state: TrackingState,
  providerStatus: string,
  activity: string,
  location: string,
  occurredAt: Date,
): TrackingUpdate {
  return {
    awb,
    state,
    providerStatus,
    activity,
    location,
    occurredAt,
    // The courier's words for why it could not deliver ('Consignee unavailable - Door locked').
    ...(state === 'delivery_failed' ? { reason: activity || 'The courier could not deliver the parcel.' } : {}),
  };
}
