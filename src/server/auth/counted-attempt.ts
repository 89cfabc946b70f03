// Sign-in and reset requests both say, by their answers, whether an email is registered, so both
// count every attempt against the client and, without locking the owner out, the email (ADR 0062).
import type { z } from 'zod';

import { fieldErrors, FIX_ERRORS_MESSAGE } from '../../common/validation.ts';
import type { Config } from '../config.ts';
import { failure, type Result } from '../errors.ts';
import { accountAttemptRefused, type AccountAttempt } from '../shared/rate-limit.ts';
import type { AccountDeps, Client } from './signup.ts';

/** Each kind's limits; the kind names both its client and its account counters. */
const LIMITS = {
  login: (limits: Config['rateLimits']) => ({
    perIp: limits.loginPerIp,
    rules: { perClient: limits.loginPerEmailAndIp, perEmail: limits.loginPerEmail },
  }),
  reset: (limits: Config['rateLimits']) => ({
    perIp: limits.resetPerIp,
    rules: { perClient: limits.resetPerEmailAndIp, perEmail: limits.resetPerEmail },
  }),
} satisfies Record<string, (limits: Config['rateLimits']) => Pick<AccountAttempt, 'perIp' | 'rules'>>;

/**
 * The form parsed, its email lowercased, and the attempt counted before anything is checked, so
 * parallel guesses cannot slip past a limit; or the form's errors, or the refusal.
 */
export async function countedEmailAttempt<T extends { email: string }>(
  deps: AccountDeps,
  schema: z.ZodType<T>,
  input: unknown,
  client: Client,
  kind: keyof typeof LIMITS,
  now: Date,
): Promise<Result<{ data: T; email: string }>> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return failure('invalid', FIX_ERRORS_MESSAGE, { fieldErrors: fieldErrors(parsed.error) });
  }
  const email = parsed.data.email.toLowerCase();
  const refused = await accountAttemptRefused(
    deps.db,
    { clientScope: kind, accountScope: kind, email, clientKey: client.ip, ...LIMITS[kind](deps.config.rateLimits) },
    now,
  );
  return refused ?? { ok: true, data: parsed.data, email };
}
