// Fixed-window counters in PostgreSQL, so every app instance shares them (ADR 0009). One atomic
// upsert per attempt: no read-then-write race between instances.
import { sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface RateRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** The limits of ADR 0009, per client IP and per email address. */
export const RATE_RULES = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerEmail: { max: 10, windowMs: 15 * 60_000 },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  otpSendPerEmail: { max: 5, windowMs: 60 * 60_000 },
  otpVerifyPerIp: { max: 30, windowMs: 15 * 60_000 },
  resetPerIp: { max: 10, windowMs: 60 * 60_000 },
  resetPerEmail: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt under `key` and says whether it is within the rule. */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: RateRule,
  now: Date = new Date(),
): Promise<RateDecision> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then ${now} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  if (row!.count <= rule.max) return { allowed: true };
  const resetsAt = row!.windowStartedAt.getTime() + rule.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) };
}

/** Checks every (key, rule) pair; refused if any is over its limit. Each attempt is counted on all keys. */
export async function consumeRateLimits(
  db: Database,
  checks: ReadonlyArray<readonly [string, RateRule]>,
  now: Date = new Date(),
): Promise<RateDecision> {
  let worst: RateDecision = { allowed: true };
  for (const [key, rule] of checks) {
    const decision = await consumeRateLimit(db, key, rule, now);
    if (!decision.allowed && (worst.allowed || decision.retryAfterSeconds > worst.retryAfterSeconds)) worst = decision;
  }
  return worst;
}

export function tooManyAttemptsMessage(decision: { retryAfterSeconds: number }): string {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
