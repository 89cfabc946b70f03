// PostgreSQL refuses a second row under a unique index with SQLSTATE 23505; the drivers and Drizzle
// wrap its error, so the cause chain is walked to find it.

/** True when `error`, or an error it wraps, is PostgreSQL refusing a row under the unique `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505' && cause.message.includes(constraint)) return true;
  }
  return false;
}
