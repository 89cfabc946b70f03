// Two-factor sign-in (ADR 0020): an authenticator app's codes (TOTP) and
// single-use backup codes, kept by better-auth's two-factor plugin. These services are what the
// pages call: set up, confirm, sign in with a code, turn off, and the fresh code an admin gives
// for a refund. Every code check is rate-limited, and an app code works once: a code seen again
// (a shoulder-surfed or replayed one) is refused even inside its 30 seconds.
import { and, eq } from 'drizzle-orm';

import { TWO_FACTOR_MESSAGES } from '../../common/auth-messages.ts';
import { AuthenticatorCode, fieldErrors, TwoFactorSignInSchema } from '../../common/validation.ts';
import { accounts, users } from '../db/schema.ts';
import { failure, type Failure, type Result } from '../errors.ts';
import { consumeRateLimit, tooManyAttempts } from '../shared/rate-limit.ts';
import type { AccountDeps, Client } from './signup.ts';
import { TOTP_PERIOD_SECONDS } from './two-factor-plugin.ts';

/** The signed-in account a setup, a switch-off or a fresh code is for. */
export interface Account {
  id: string;
  role: 'customer' | 'admin';
  /** The request's headers: they carry the session cookie better-auth reads. */
  headers: Headers;
}

/** A code is valid in its 30 s step and the ones either side: remembered for as long. */
const USED_CODE_RULE = { max: 1, windowMs: 3 * TOTP_PERIOD_SECONDS * 1000 };

/** better-auth's refusal codes → what the person reads. */
const REFUSALS: Record<string, Failure> = {
  INVALID_CODE: failure('unauthenticated', TWO_FACTOR_MESSAGES.wrongCode, {
    fieldErrors: { code: TWO_FACTOR_MESSAGES.wrongCode },
  }),
  INVALID_BACKUP_CODE: failure('unauthenticated', TWO_FACTOR_MESSAGES.wrongBackupCode, {
    fieldErrors: { code: TWO_FACTOR_MESSAGES.wrongBackupCode },
  }),
  INVALID_TWO_FACTOR_COOKIE: failure('unauthenticated', TWO_FACTOR_MESSAGES.expired),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: failure('unauthenticated', TWO_FACTOR_MESSAGES.tooManyTries),
  ACCOUNT_TEMPORARILY_LOCKED: failure('too_many_requests', TWO_FACTOR_MESSAGES.locked, { retryAfterSeconds: 15 * 60 }),
  INVALID_PASSWORD: failure('unauthenticated', TWO_FACTOR_MESSAGES.wrongPassword, {
    fieldErrors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
  }),
  TOTP_ALREADY_ENABLED: failure('conflict', TWO_FACTOR_MESSAGES.alreadyOn),
  TOTP_NOT_ENABLED: failure('conflict', TWO_FACTOR_MESSAGES.notOn),
  BACKUP_CODES_NOT_ENABLED: failure('conflict', TWO_FACTOR_MESSAGES.notOn),
};

/** better-auth throws its refusals; one of ours comes back, anything else is thrown on. */
async function refusalOf<T>(call: () => Promise<T>): Promise<T | Failure> {
  try {
    return await call();
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    const refusal = code ? REFUSALS[code] : undefined;
    if (refusal) return refusal;
    throw error;
  }
}

function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

/** True the first time `code` is used by `userId` within its validity. */
async function firstUse(deps: AccountDeps, userId: string, code: string): Promise<boolean> {
  return (await consumeRateLimit(deps.db, `2fa:used:${userId}:${code}`, USED_CODE_RULE)).allowed;
}

/** Codes and passwords asked of one signed-in account (setup, turning off, a fresh code, deleting the account). */
export async function withinAccountLimit(deps: AccountDeps, userId: string): Promise<Failure | undefined> {
  const decision = await consumeRateLimit(deps.db, `2fa:account:${userId}`, deps.config.rateLimits.twoFactorPerAccount);
  return decision.allowed ? undefined : tooManyAttempts(decision);
}

/**
 * The second step of a sign-in (password or Google), with the challenge cookie of the first:
 * signed in (the headers set the session cookie) or refused.
 */
export async function signInWithSecondFactor(
  deps: AccountDeps,
  input: unknown,
  client: Client & { headers: Headers },
): Promise<Result<{ headers: Headers }>> {
  const parsed = TwoFactorSignInSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return failure('invalid', errors.code ?? TWO_FACTOR_MESSAGES.codeNeeded, { fieldErrors: errors });
  }
  const byClient = await consumeRateLimit(deps.db, `2fa:ip:${client.ip}`, deps.config.rateLimits.twoFactorPerIp);
  if (!byClient.allowed) return tooManyAttempts(byClient);

  const { method, code } = parsed.data;
  const request = { body: { code }, headers: client.headers, returnHeaders: true } as const;
  const answer = await refusalOf(() =>
    method === 'app' ? deps.auth.api.verifyTOTP(request) : deps.auth.api.verifyBackupCode(request),
  );
  if (isFailure(answer)) return answer;
  const { token, user } = answer.response as { token: string; user: { id: string } };
  // Backup codes are single use by themselves; an app code is marked used here.
  if (method === 'app' && !(await firstUse(deps, user.id, code))) {
    const adapter = (await deps.auth.$context).internalAdapter;
    await adapter.deleteSession(token);
    return failure('unauthenticated', TWO_FACTOR_MESSAGES.reused, {
      fieldErrors: { code: TWO_FACTOR_MESSAGES.reused },
    });
  }
  return { ok: true, headers: answer.headers };
}

/** What the setup page shows while a setup waits for its first code. */
interface PendingSetup {
  /** The otpauth:// URI the QR code carries. */
  totpURI: string;
  /** The same secret, for typing into an app by hand. */
  secret: string;
  backupCodes: string[];
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** Whether the account has a password to confirm with (one made through Google has none). */
  hasPassword: boolean;
  /** A setup waiting for its first code, if one was started. */
  pending: PendingSetup | null;
}

export async function twoFactorStatus(deps: AccountDeps, userId: string): Promise<TwoFactorStatus> {
  const [account] = await deps.db
    .select({ enabled: users.twoFactorEnabled, password: accounts.id })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.id, userId));
  const enabled = account?.enabled ?? false;
  return {
    enabled,
    hasPassword: Boolean(account?.password),
    pending: enabled ? null : await pendingSetup(deps, userId),
  };
}

async function pendingSetup(deps: AccountDeps, userId: string): Promise<PendingSetup | null> {
  const { totpURI } = await deps.auth.api.pendingTotpSetup({ body: { userId } });
  if (!totpURI) return null;
  const { backupCodes } = await deps.auth.api.viewBackupCodes({ body: { userId } });
  return { totpURI, secret: new URL(totpURI).searchParams.get('secret') ?? '', backupCodes };
}

/**
 * Step one of a setup: a new secret and backup codes, waiting for a code from the app. An account
 * with a password confirms it first; one made through Google has none.
 */
export async function startSetup(deps: AccountDeps, account: Account, input: { password?: unknown }): Promise<Result> {
  const limited = await withinAccountLimit(deps, account.id);
  if (limited) return limited;
  const password = typeof input.password === 'string' && input.password !== '' ? input.password : undefined;
  if (password && password.length > 128) {
    return failure('unauthenticated', TWO_FACTOR_MESSAGES.wrongPassword, {
      fieldErrors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
    });
  }
  const answer = await refusalOf(() =>
    deps.auth.api.enableTwoFactor({ body: { method: 'totp', password }, headers: account.headers }),
  );
  return isFailure(answer) ? answer : { ok: true };
}

/** Step two: the first code from the app turns two-factor sign-in on (the headers renew the session cookie). */
export async function confirmSetup(
  deps: AccountDeps,
  account: Account,
  input: { code?: unknown },
): Promise<Result<{ headers: Headers }>> {
  const checked = await checkAppCode(deps, account, input.code, async (code) => {
    const answer = await deps.auth.api.verifyTOTP({ body: { code }, headers: account.headers, returnHeaders: true });
    return answer.headers;
  });
  return isFailure(checked) ? checked : { ok: true, headers: checked };
}

/** Turns two-factor sign-in off, with a current code (and the password, for an account that has one). Not for admins. */
export async function turnOff(
  deps: AccountDeps,
  account: Account,
  input: { code?: unknown; password?: unknown },
): Promise<Result<{ headers: Headers }>> {
  if (account.role === 'admin') return failure('forbidden', TWO_FACTOR_MESSAGES.adminCannotTurnOff);
  const password =
    typeof input.password === 'string' && input.password !== '' ? input.password.slice(0, 129) : undefined;
  const checked = await requireFreshCode(deps, account, input);
  if (!checked.ok) return checked;
  const answer = await refusalOf(() =>
    deps.auth.api.disableTwoFactor({ body: { password }, headers: account.headers, returnHeaders: true }),
  );
  return isFailure(answer) ? answer : { ok: true, headers: answer.headers };
}

/** A current code from the account's app, for what needs more than a session (refunds, switching 2FA off). */
export async function requireFreshCode(
  deps: AccountDeps,
  account: Account,
  input: { code?: unknown },
): Promise<Result> {
  const checked = await checkAppCode(deps, account, input.code, async (code) => {
    await deps.auth.api.verifyTOTP({ body: { code }, headers: account.headers });
  });
  return isFailure(checked) ? checked : { ok: true };
}

/**
 * Validates, counts and checks an app code for a signed-in account. The code is marked used before
 * it is checked, so two requests with one code cannot both pass.
 */
async function checkAppCode<T>(
  deps: AccountDeps,
  account: Account,
  input: unknown,
  verify: (code: string) => Promise<T>,
): Promise<T | Failure> {
  const parsed = AuthenticatorCode.safeParse(typeof input === 'string' ? input : '');
  if (!parsed.success) {
    return failure('invalid', TWO_FACTOR_MESSAGES.codeNeeded, {
      fieldErrors: { code: TWO_FACTOR_MESSAGES.codeNeeded },
    });
  }
  const limited = await withinAccountLimit(deps, account.id);
  if (limited) return limited;
  if (!(await firstUse(deps, account.id, parsed.data))) {
    return failure('unauthenticated', TWO_FACTOR_MESSAGES.reused, {
      fieldErrors: { code: TWO_FACTOR_MESSAGES.reused },
    });
  }
  return refusalOf(() => verify(parsed.data));
}
