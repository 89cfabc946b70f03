/** The largest value of a PostgreSQL `serial` (products' ids). */
const MAX_SERIAL = 2_147_483_647;

/** A `serial` id written in a URL ("42"), or null when it cannot name a row (anything else). */
export function parseSerialId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_SERIAL ? id : null;
}

/** Whether `value` is a UUID (the form of our row ids): anything else cannot name a row. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
