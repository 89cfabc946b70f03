// The zone table staff keep (docs/decisions/0053): the store's own copy of India's delivery zones
// (zones.ts), kept in delivery_zones. Until staff first save it, the built-in zones apply. Saving
// writes the whole table at once, in one transaction with its audit entry; a refused save changes
// nothing. The rules: prefixes of 1 to 6 digits, none in two zones, days 1 to 30, express no
// slower than standard, and exactly one zone without prefixes, the rest of India.
import { asc, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { deliveryZones } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { DEFAULT_ZONES, type DeliveryZone } from './zones.ts';

/** More would be a mistake (a pasted list), not a table of zones. */
const MAX_ZONES = 50;
const MAX_NAME_LENGTH = 60;

export const ZONE_MESSAGES = {
  correct: 'Please correct the zones marked below.',
  saved: 'The delivery zones were saved.',
  name: 'Give the zone a name.',
  nameLength: `A zone's name is at most ${MAX_NAME_LENGTH} characters.`,
  nameTaken: 'Another zone has this name.',
  prefix: (prefix: string) => `"${prefix}" is not a prefix: write 1 to 6 digits, separated by commas.`,
  prefixTwice: (prefix: string) => `${prefix} is given twice.`,
  prefixTaken: (prefix: string, zone: string) => `${prefix} is also a prefix of ${zone}.`,
  restOfIndiaMissing: 'One zone must have no prefixes: it is the rest of India.',
  restOfIndiaTwice: (zone: string) =>
    `Only one zone may have no prefixes (the rest of India): ${zone} has none already.`,
  standardDays: 'Standard days must be a whole number from 1 to 30.',
  expressDays: 'Express days must be a whole number from 1 to 30, or empty for no express delivery.',
  expressSlower: 'Express days cannot be more than standard days.',
  tooMany: `A table has at most ${MAX_ZONES} zones.`,
} as const;

/** One row of the form as staff typed it; `remove` marks a zone to delete. */
export interface ZoneFormRow {
  name: string;
  prefixes: string;
  standardDays: string;
  expressDays: string;
  cod: boolean;
  serviceable: boolean;
  remove: boolean;
}

function fromRow(row: typeof deliveryZones.$inferSelect): DeliveryZone {
  const { name, prefixes, standardDays, expressDays, cod, serviceable } = row;
  return { name, prefixes, standardDays, expressDays, cod, serviceable };
}

/** The zones as saved, and whether staff have saved any (otherwise the built-in ones apply). */
export async function zoneTable(db: Database): Promise<{ zones: readonly DeliveryZone[]; saved: boolean }> {
  const rows = await db.select().from(deliveryZones).orderBy(asc(deliveryZones.id));
  return rows.length > 0 ? { zones: rows.map(fromRow), saved: true } : { zones: DEFAULT_ZONES, saved: false };
}

/** The zones that answer for a pincode: staff's table, or the built-in one before it is first saved. */
export async function activeZones(db: Database): Promise<readonly DeliveryZone[]> {
  return (await zoneTable(db)).zones;
}

/** A zone as the form shows it. */
export function zoneFormRow(zone: DeliveryZone): ZoneFormRow {
  return {
    name: zone.name,
    prefixes: zone.prefixes.join(', '),
    standardDays: String(zone.standardDays),
    expressDays: zone.expressDays === null ? '' : String(zone.expressDays),
    cod: zone.cod,
    serviceable: zone.serviceable,
    remove: false,
  };
}

/** A form field's name: `prefixes-2` is the third row's prefixes. */
export function zoneField(field: keyof ZoneFormRow, index: number): string {
  return `${field}-${index}`;
}

/**
 * The rows a posted form holds, in order, as typed (index by index up to the last `name-N`); a row
 * whose text fields are all empty is a new row left blank, and is dropped.
 */
export function zoneFormRows(form: Record<string, unknown>): ZoneFormRow[] {
  const indices = Object.keys(form)
    .map((key) => /^name-(\d{1,3})$/.exec(key)?.[1])
    .filter((index) => index !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const text = (key: string) => {
    const value = form[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const rows: ZoneFormRow[] = [];
  for (const index of indices) {
    const row = {
      name: text(zoneField('name', index)),
      prefixes: text(zoneField('prefixes', index)),
      standardDays: text(zoneField('standardDays', index)),
      expressDays: text(zoneField('expressDays', index)),
      cod: form[zoneField('cod', index)] === 'on',
      serviceable: form[zoneField('serviceable', index)] === 'on',
      remove: form[zoneField('remove', index)] === 'on',
    };
    if (row.name || row.prefixes || row.standardDays || row.expressDays) rows.push(row);
  }
  return rows;
}

function days(text: string): number | undefined {
  const value = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  return value >= 1 && value <= 30 ? value : undefined;
}

/**
 * The zones the rows make (those not marked to remove), or every refusal by field name
 * (`zoneField`) and the form's message. Fields are named by the rows' positions in `rows`.
 */
export function readZoneTable(
  rows: readonly ZoneFormRow[],
): { ok: true; zones: DeliveryZone[] } | { ok: false; message: string; fieldErrors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const zones: Array<{ index: number; zone: DeliveryZone }> = [];
  const names = new Map<string, number>();
  const prefixOwners = new Map<string, string>();
  let restOfIndia: string | undefined;
  rows.forEach((row, index) => {
    if (row.remove) return;
    const error = (field: keyof ZoneFormRow, message: string) => {
      errors[zoneField(field, index)] ??= message;
    };
    if (!row.name) error('name', ZONE_MESSAGES.name);
    else if (row.name.length > MAX_NAME_LENGTH) error('name', ZONE_MESSAGES.nameLength);
    else if (names.has(row.name.toLowerCase())) error('name', ZONE_MESSAGES.nameTaken);
    else names.set(row.name.toLowerCase(), index);

    const prefixes = row.prefixes
      .split(',')
      .map((prefix) => prefix.trim())
      .filter(Boolean);
    const seen = new Set<string>();
    for (const prefix of prefixes) {
      if (!/^\d{1,6}$/.test(prefix)) error('prefixes', ZONE_MESSAGES.prefix(prefix));
      else if (seen.has(prefix)) error('prefixes', ZONE_MESSAGES.prefixTwice(prefix));
      else if (prefixOwners.has(prefix))
        error('prefixes', ZONE_MESSAGES.prefixTaken(prefix, prefixOwners.get(prefix)!));
      seen.add(prefix);
    }
    for (const prefix of seen) if (!prefixOwners.has(prefix)) prefixOwners.set(prefix, row.name || 'another zone');
    if (prefixes.length === 0) {
      if (restOfIndia === undefined) restOfIndia = row.name || 'another zone';
      else error('prefixes', ZONE_MESSAGES.restOfIndiaTwice(restOfIndia));
    }

    const standardDays = days(row.standardDays);
    if (standardDays === undefined) error('standardDays', ZONE_MESSAGES.standardDays);
    const expressDays = row.expressDays === '' ? null : days(row.expressDays);
    if (expressDays === undefined) error('expressDays', ZONE_MESSAGES.expressDays);
    else if (expressDays !== null && standardDays !== undefined && expressDays > standardDays) {
      error('expressDays', ZONE_MESSAGES.expressSlower);
    }
    zones.push({
      index,
      zone: {
        name: row.name,
        prefixes,
        standardDays: standardDays ?? 0,
        expressDays: expressDays ?? null,
        cod: row.cod,
        serviceable: row.serviceable,
      },
    });
  });
  if (zones.length > MAX_ZONES) return { ok: false, message: ZONE_MESSAGES.tooMany, fieldErrors: errors };
  if (Object.keys(errors).length > 0) return { ok: false, message: ZONE_MESSAGES.correct, fieldErrors: errors };
  if (restOfIndia === undefined) return { ok: false, message: ZONE_MESSAGES.restOfIndiaMissing, fieldErrors: {} };
  return { ok: true, zones: zones.map(({ zone }) => zone) };
}

/** 'North-East: standard 7 → 6 days' style lines for the audit log's summary. */
function describeChanges(before: readonly DeliveryZone[], after: readonly DeliveryZone[]): string {
  const byName = (zones: readonly DeliveryZone[]) => new Map(zones.map((zone) => [zone.name, zone]));
  const was = byName(before);
  const now = byName(after);
  const added = after.filter((zone) => !was.has(zone.name)).map((zone) => zone.name);
  const removed = before.filter((zone) => !now.has(zone.name)).map((zone) => zone.name);
  const changed = after
    .filter((zone) => was.has(zone.name) && JSON.stringify(was.get(zone.name)) !== JSON.stringify(zone))
    .map((zone) => zone.name);
  const parts = [
    added.length > 0 ? `added ${added.join(', ')}` : '',
    removed.length > 0 ? `removed ${removed.join(', ')}` : '',
    changed.length > 0 ? `changed ${changed.join(', ')}` : '',
  ].filter(Boolean);
  return `Delivery zones saved (${after.length} zones)${parts.length > 0 ? `: ${parts.join('; ')}` : ', unchanged'}`;
}

/**
 * Saves the table from the admin page's form: the whole of it replaces what was there (the
 * built-in zones, before the first save), with an audit entry, or nothing changes.
 */
export async function saveZoneTable(
  db: Database,
  actor: Actor,
  form: Record<string, unknown>,
): Promise<Result<{ zones: DeliveryZone[] }>> {
  const read = readZoneTable(zoneFormRows(form));
  if (!read.ok) return failure('invalid', read.message, { fieldErrors: read.fieldErrors });
  const zones = read.zones;
  return db.transaction(async (tx) => {
    // Two staff saving at once: the second waits, and its table replaces the first's whole.
    // Readers (every delivery check) are not held up.
    await tx.execute(sql`lock table ${deliveryZones} in exclusive mode`);
    const before = await zoneTable(tx);
    await tx.delete(deliveryZones);
    await tx.insert(deliveryZones).values(zones.map((zone) => ({ ...zone, prefixes: [...zone.prefixes] })));
    await recordAudit(tx, actor, {
      action: 'delivery_zones.update',
      entityType: 'delivery_zones',
      entityId: 'table',
      summary: describeChanges(before.zones, zones),
      before: before.saved ? before.zones : { builtIn: before.zones },
      after: zones,
    });
    return { ok: true as const, zones };
  });
}
