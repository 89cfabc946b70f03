// Signup in two steps (docs/product.md §4), decided on the server: the details are checked and an
// emailed 6-digit code is drawn; only the right code, within 15 minutes and 5 tries, creates the
// account. Until then only a pending request exists, holding the password hash and the code's HMAC.
import { createHmac, randomInt, randomUUID } from 'node:crypto';

import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';

import { isUuid } from '../../common/ids.ts';
import { SIGNUP_MESSAGES } from '../../common/auth-messages.ts';
import { fieldErrors, OTP_ERROR_MESSAGE, OtpSchema, SignupSchema } from '../../common/validation.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signupRequests, users } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sameText } from '../payments/signatures.ts';
import { signupOtpMail } from '../mail/templates.ts';
import type { Auth } from './auth.ts';
import { withUncommonPassword } from './common-passwords.ts';
import { accountAttemptRefused, consumeRateLimits, tooManyAttempts } from '../shared/rate-limit.ts';

const OTP_TTL_MS = 15 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
const OTP_RESEND_WAIT_MS = 30_000;

export interface AccountDeps {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  config: Config;
  logger: Logger;
}

export interface Client {
  /** What per-client limits count by: the address, or its IPv6 /64 (shared/client-address.ts rateLimitKey). */
  ip: string;
}

export type CodeSent = Result<{ requestId: string; email: string; resendAt: string; message: string }>;

/** Step one: validate, refuse a registered email, draw and mail a code. */
export async function startSignup(
  deps: AccountDeps,
  input: unknown,
  client: Client,
  now = new Date(),
): Promise<CodeSent> {
  const parsed = await withUncommonPassword(SignupSchema, deps, (value) => value.email).safeParseAsync(input);
  if (!parsed.success) {
    return failure('invalid', SIGNUP_MESSAGES.invalid, { fieldErrors: fieldErrors(parsed.error) });
  }
  const details = parsed.data;
  const email = details.email.toLowerCase();
  const refused = await codeMailRefused(deps, email, client, now);
  if (refused) return refused;
  if (await emailRegistered(deps.db, email)) return failure('conflict', SIGNUP_MESSAGES.emailTaken);

  const id = randomUUID();
  const code = drawCode();
  const row = {
    id,
    email,
    firstName: details.firstName,
    lastName: details.lastName,
    phone: details.phone,
    gender: details.gender,
    passwordHash: await hashPassword(details.password),
    codeHash: await hashCode(deps.auth, id, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
  };
  // Anyone may type any email, so a new step one leaves other pending requests for it, and their
  // codes, as they are: only the inbox's owner can finish one (ADR 0062).
  await deps.db.insert(signupRequests).values(row);
  if (!(await mailCode(deps, email, code))) {
    await deps.db.delete(signupRequests).where(eq(signupRequests.id, id));
    return failure('unavailable', SIGNUP_MESSAGES.mailFailed);
  }
  return { ok: true, requestId: id, email, resendAt: resendAt(now).toISOString(), message: SIGNUP_MESSAGES.sent };
}

/** Draws a new code for a pending request; the previous code stops working. */
export async function resendSignupCode(
  deps: AccountDeps,
  requestId: string,
  client: Client,
  now = new Date(),
): Promise<CodeSent> {
  const pending = await findPending(deps.db, requestId);
  if (!pending) return failure('invalid', SIGNUP_MESSAGES.invalid);
  const waitMs = pending.sentAt.getTime() + OTP_RESEND_WAIT_MS - now.getTime();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    return failure('too_many_requests', `Please wait ${seconds} seconds before requesting a new OTP.`, {
      retryAfterSeconds: seconds,
    });
  }
  const refused = await codeMailRefused(deps, pending.email, client, now);
  if (refused) return refused;

  const code = drawCode();
  await deps.db
    .update(signupRequests)
    .set({
      codeHash: await hashCode(deps.auth, pending.id, code),
      attempts: 0,
      sentAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    })
    .where(eq(signupRequests.id, pending.id));
  if (!(await mailCode(deps, pending.email, code))) return failure('unavailable', SIGNUP_MESSAGES.mailFailed);
  return {
    ok: true,
    requestId: pending.id,
    email: pending.email,
    resendAt: resendAt(now).toISOString(),
    message: SIGNUP_MESSAGES.sent,
  };
}

export type SignupCompleted = Result<{ message: string; headers: Headers }>;

/**
 * Step two: the right code, in time and within the tries, creates the account and its profile and
 * signs the user in (the returned headers set the session cookie). A used code never works again.
 */
export async function verifySignupCode(
  deps: AccountDeps,
  input: { requestId: unknown; otp: unknown },
  client: Client,
  now = new Date(),
): Promise<SignupCompleted> {
  const invalid = failure('invalid', OTP_ERROR_MESSAGE);
  const limited = await consumeRateLimits(
    deps.db,
    [[`otp-verify:ip:${client.ip}`, deps.config.rateLimits.otpVerifyPerIp]],
    now,
  );
  if (!limited.allowed) return tooManyAttempts(limited);
  const otp = OtpSchema.safeParse({ otp: input.otp });
  const requestId = typeof input.requestId === 'string' ? input.requestId : '';
  if (!isUuid(requestId)) return invalid;

  const { auth } = deps;
  const verified = await deps.db.transaction(async (tx) => {
    const [pending] = await tx.select().from(signupRequests).where(eq(signupRequests.id, requestId)).for('update');
    if (!pending || pending.attempts >= OTP_MAX_ATTEMPTS || pending.expiresAt <= now) return undefined;
    const matches = otp.success && sameText(await hashCode(auth, pending.id, otp.data.otp), pending.codeHash);
    if (!matches) {
      await tx
        .update(signupRequests)
        .set({ attempts: sql`${signupRequests.attempts} + 1` })
        .where(eq(signupRequests.id, pending.id));
      return undefined;
    }
    await tx.delete(signupRequests).where(eq(signupRequests.id, pending.id));
    return pending;
  });
  if (!verified) return invalid;

  if (await emailRegistered(deps.db, verified.email)) return failure('conflict', SIGNUP_MESSAGES.emailTaken);
  try {
    const { headers } = await auth.api.completeSignup({
      body: {
        email: verified.email,
        name: `${verified.firstName} ${verified.lastName}`,
        passwordHash: verified.passwordHash,
        profile: {
          firstName: verified.firstName,
          lastName: verified.lastName,
          phone: verified.phone,
          gender: verified.gender as 'male' | 'female' | 'prefer-not-to-say',
        },
      },
      returnHeaders: true,
    });
    // The email has its account: the other pending requests for it can never finish.
    await deps.db.delete(signupRequests).where(eq(signupRequests.email, verified.email));
    return { ok: true, message: SIGNUP_MESSAGES.created, headers };
  } catch (error) {
    deps.logger.error({ err: error }, 'signup: creating the account failed');
    return failure('internal', SIGNUP_MESSAGES.failed);
  }
}

/** Counts a code mail against the client and the email (ADR 0062); the refusal, if over a limit. */
function codeMailRefused(deps: AccountDeps, email: string, client: Client, now: Date) {
  const limits = deps.config.rateLimits;
  return accountAttemptRefused(
    deps.db,
    {
      clientScope: 'signup',
      accountScope: 'otp-send',
      email,
      clientKey: client.ip,
      perIp: limits.signupPerIp,
      rules: { perClient: limits.otpSendPerEmailAndIp, perEmail: limits.otpSendPerEmail },
    },
    now,
  );
}

/** 100000 to 999999 from the operating system's CSPRNG. */
function drawCode(): string {
  return String(randomInt(100_000, 1_000_000));
}

async function hashCode(auth: Auth, requestId: string, code: string): Promise<string> {
  const { secret } = await auth.$context;
  return createHmac('sha256', secret).update(`signup-otp:${requestId}:${code}`).digest('hex');
}

async function mailCode(deps: AccountDeps, email: string, code: string): Promise<boolean> {
  try {
    await deps.mailer.send({
      to: email,
      ...signupOtpMail({ storeName: deps.config.store.name, code, email, publicUrl: deps.config.publicUrl }),
    });
    return true;
  } catch (error) {
    deps.logger.error({ err: error }, 'signup: sending the code failed');
    return false;
  }
}

async function findPending(db: Database, requestId: string) {
  if (!isUuid(requestId)) return undefined;
  const [row] = await db.select().from(signupRequests).where(eq(signupRequests.id, requestId));
  return row;
}

async function emailRegistered(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row !== undefined;
}

function resendAt(now: Date): Date {
  return new Date(now.getTime() + OTP_RESEND_WAIT_MS);
}
