// Fixed-window counters in PostgreSQL, so every app instance shares them (ADR 0062). One atomic
// upsert per attempt: no read-then-write race between instances.
import { eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { failure, type Failure } from '../errors.ts';
import { rateLimitNetworkKey } from './client-address.ts';

export interface RateRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * The limits of ADR 0062, per client (rateLimitKey: an address, or an IPv6 /64), per email
 * address and client, and per email address: the defaults of the RATE_LIMIT_* settings
 * (config.ts), which the services read. The per-email limits are ceilings far above one person's
 * needs, and a client that has not tried the email in the window passes them (consumeAccountAttempt).
 */
export const RATE_RULES = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerEmailAndIp: { max: 10, windowMs: 15 * 60_000 },
  loginPerEmail: { max: 100, windowMs: 15 * 60_000 },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  otpSendPerEmailAndIp: { max: 5, windowMs: 60 * 60_000 },
  otpSendPerEmail: { max: 20, windowMs: 60 * 60_000 },
  otpVerifyPerIp: { max: 30, windowMs: 15 * 60_000 },
  resetPerIp: { max: 10, windowMs: 60 * 60_000 },
  resetPerEmailAndIp: { max: 3, windowMs: 60 * 60_000 },
  resetPerEmail: { max: 20, windowMs: 60 * 60_000 },
  // Second-factor codes, on top of better-auth's 5 per sign-in and 10 in a row per account (ADR 0020).
  twoFactorPerIp: { max: 30, windowMs: 15 * 60_000 },
  // Codes and passwords asked of a signed-in account (setup, turning it off, a refund's fresh code).
  twoFactorPerAccount: { max: 10, windowMs: 15 * 60_000 },
  // 'Continue to Payment' holds stock: a shopper cannot start payments without end (ADR 0012).
  paymentStartPerShopper: { max: 10, windowMs: 15 * 60_000 },
  // Coupon codes judged at checkout: a shopper tries a few; a word list of guesses at a private
  // code is slowed to a crawl. Only a signed-in shopper can have a code judged.
  couponCheckPerShopper: { max: 20, windowMs: 15 * 60_000 },
  // Each like or unlike that changes something drops every instance's kept visitor pages (ADR 0036).
  likePerShopper: { max: 60, windowMs: 15 * 60_000 },
  // Tracking an order by its number and email without signing in: guesses cost (ADR 0023).
  orderLookupPerIp: { max: 20, windowMs: 60 * 60_000 },
  // The pincode directory and delivery checks (ADR 0026): a shopper types a few pincodes; a
  // scraper reading 19,000 of them is slowed to a crawl.
  pincodeLookupPerIp: { max: 120, windowMs: 15 * 60_000 },
  // Contact messages and bulk order requests (ADR 0028): each is stored and mailed twice.
  enquiryPerIp: { max: 5, windowMs: 60 * 60_000 },
  // Return requests: each may carry photos the server decodes and re-encodes, the costliest work a shopper asks for.
  returnRequestPerShopper: { max: 10, windowMs: 60 * 60_000 },
  // 'Notify me' sign-ups (docs/drops.md): each of a visitor's mails a confirmation link to the address typed.
  notifySignupPerIp: { max: 20, windowMs: 60 * 60_000 },
  // A visitor's confirmation links mailed to one address, over every drop and size: clients in
  // their thousands could otherwise fill someone's inbox with sign-ups they never asked for.
  notifyConfirmationPerEmail: { max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

/** No rule counts over a longer window: rows older than this are dead and may be purged. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt under `key` and says whether it is within the rule. */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: RateRule,
  now: Date = new Date(),
): Promise<RateDecision> {
  return decide(await countAttempt(db, key, rule, now), rule, now);
}

interface Counted {
  count: number;
  windowStartedAt: Date;
}

async function countAttempt(db: Database, key: string, rule: RateRule, now: Date): Promise<Counted> {
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
  return row!;
}

function decide(counted: Counted, rule: RateRule, now: Date): RateDecision {
  if (counted.count <= rule.max) return { allowed: true };
  const resetsAt = counted.windowStartedAt.getTime() + rule.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) };
}

interface AccountRules {
  /** Attempts of one client on one email. */
  perClient: RateRule;
  /** The ceiling of attempts on one email from every client. */
  perEmail: RateRule;
}

/**
 * Counts an attempt on an account (`scope` login, reset or code mails) by one client, so that
 * nobody can lock someone else out by failing on purpose (ADR 0062): refused past the client's own
 * limit on this email, and, once the email is over its ceiling, refused to every client that has
 * already tried it in the window; a client's first attempt still goes through, if its network
 * (an IPv6 /48, rateLimitNetworkKey) has not tried the email in the window either: a site's 65,536
 * /64s get one attempt between them, not one each (ADR 0035).
 */
async function consumeAccountAttempt(
  db: Database,
  scope: string,
  email: string,
  clientKey: string,
  rules: AccountRules,
  now: Date = new Date(),
): Promise<RateDecision> {
  const keys = accountKeys(scope, email, clientKey);
  const byClient = await countAttempt(db, keys.byClient, rules.perClient, now);
  const byNetwork = keys.byNetwork ? await countAttempt(db, keys.byNetwork, rules.perEmail, now) : byClient;
  const byEmail = await countAttempt(db, keys.byEmail, rules.perEmail, now);
  const clientDecision = decide(byClient, rules.perClient, now);
  if (!clientDecision.allowed || (byClient.count === 1 && byNetwork.count === 1)) return clientDecision;
  return decide(byEmail, rules.perEmail, now);
}

/**
 * A successful sign-in is not a failure: the client's (and its network's) attempts on the email
 * are forgotten and the email's count loses this one, so the limits count failures (and the
 * attempts still in flight).
 */
export async function forgiveAccountAttempt(
  db: Database,
  scope: string,
  email: string,
  clientKey: string,
): Promise<void> {
  const keys = accountKeys(scope, email, clientKey);
  const counters = keys.byNetwork ? [keys.byClient, keys.byNetwork] : [keys.byClient];
  await db.delete(rateLimits).where(inArray(rateLimits.key, counters));
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, keys.byEmail));
}

/** An attempt on an account: the client's own counter and the account's (consumeAccountAttempt). */
export interface AccountAttempt {
  /** Names the client's counter, `<clientScope>:ip:<clientKey>`. */
  clientScope: string;
  /** consumeAccountAttempt's scope. */
  accountScope: string;
  email: string;
  clientKey: string;
  perIp: RateRule;
  rules: AccountRules;
}

/**
 * Counts an attempt by the client and on the account (ADR 0062), both before either refuses, so
 * parallel guesses cannot slip past a limit; the refusal, if over either.
 */
export async function accountAttemptRefused(
  db: Database,
  attempt: AccountAttempt,
  now: Date = new Date(),
): Promise<Failure | undefined> {
  const { clientScope, accountScope, email, clientKey } = attempt;
  const byClient = await consumeRateLimit(db, `${clientScope}:ip:${clientKey}`, attempt.perIp, now);
  const onAccount = await consumeAccountAttempt(db, accountScope, email, clientKey, attempt.rules, now);
  if (!byClient.allowed) return tooManyAttempts(byClient);
  if (!onAccount.allowed) return tooManyAttempts(onAccount);
  return undefined;
}

/** The counters' keys; no network counter where the network is the client (IPv4). */
function accountKeys(scope: string, email: string, clientKey: string) {
  const network = rateLimitNetworkKey(clientKey);
  return {
    byClient: `${scope}:email-ip:${email}:${clientKey}`,
    byNetwork: network === clientKey ? undefined : `${scope}:email-net:${email}:${network}`,
    byEmail: `${scope}:email:${email}`,
  };
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

/** The refusal of an attempt over its limit; the wait also goes out as the Retry-After header. */
export function tooManyAttempts(decision: { retryAfterSeconds: number }): Failure {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  return failure(
    'too_many_requests',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    {
      retryAfterSeconds: decision.retryAfterSeconds,
    },
  );
}
