// Signup in two steps (SPEC §4), decided on the server: the details are checked and an emailed
// 6-digit code is drawn; only the right code, within 15 minutes and 5 tries, creates the account.
// Until then nothing but a pending request exists, holding the password hash and the code's HMAC.
import { createHmac, randomInt, randomUUID } from 'node:crypto';

import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';

import { isUuid } from '../../common/ids.ts';
import { SIGNUP_MESSAGES } from '../../common/auth-messages.ts';
import { fieldErrors, OTP_ERROR_MESSAGE, OtpSchema, SignupSchema } from '../../common/validation.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signupRequests, users } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sameText } from '../payments/signatures.ts';
import { signupOtpMail } from '../mail/templates.ts';
import type { Auth } from './auth.ts';
import { consumeRateLimits, RATE_RULES, tooManyAttemptsMessage } from './rate-limit.ts';

export const OTP_TTL_MS = 15 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_WAIT_MS = 30_000;

export interface AccountDeps {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  config: Config;
  logger: Logger;
}

export interface Client {
  ip: string;
}

export type Failure = { ok: false; status: number; message: string; fieldErrors?: Record<string, string> };
export type CodeSent = { ok: true; requestId: string; email: string; resendAt: string; message: string };

/** Step one: validate, refuse a registered email, draw and mail a code. */
export async function startSignup(
  deps: AccountDeps,
  input: unknown,
  client: Client,
  now = new Date(),
): Promise<CodeSent | Failure> {
  const parsed = SignupSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, message: SIGNUP_MESSAGES.invalid, fieldErrors: fieldErrors(parsed.error) };
  }
  const details = parsed.data;
  const email = details.email.toLowerCase();
  const limited = await consumeRateLimits(
    deps.db,
    [
      [`signup:ip:${client.ip}`, RATE_RULES.signupPerIp],
      [`otp-send:email:${email}`, RATE_RULES.otpSendPerEmail],
    ],
    now,
  );
  if (!limited.allowed) return { ok: false, status: 429, message: tooManyAttemptsMessage(limited) };
  if (await emailRegistered(deps.db, email)) return { ok: false, status: 422, message: SIGNUP_MESSAGES.emailTaken };

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
  // A new step one for the same email replaces any earlier pending request and its code.
  const { email: _email, ...replacement } = row;
  await deps.db
    .insert(signupRequests)
    .values(row)
    .onConflictDoUpdate({ target: signupRequests.email, set: replacement });
  if (!(await mailCode(deps, email, code))) {
    await deps.db.delete(signupRequests).where(eq(signupRequests.id, id));
    return { ok: false, status: 502, message: SIGNUP_MESSAGES.mailFailed };
  }
  return { ok: true, requestId: id, email, resendAt: resendAt(now).toISOString(), message: SIGNUP_MESSAGES.sent };
}

/** Draws a new code for a pending request; the previous code stops working. */
export async function resendSignupCode(
  deps: AccountDeps,
  requestId: string,
  client: Client,
  now = new Date(),
): Promise<CodeSent | Failure> {
  const pending = await findPending(deps.db, requestId);
  if (!pending) return { ok: false, status: 400, message: SIGNUP_MESSAGES.invalid };
  const waitMs = pending.sentAt.getTime() + OTP_RESEND_WAIT_MS - now.getTime();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    return { ok: false, status: 429, message: `Please wait ${seconds} seconds before requesting a new OTP.` };
  }
  const limited = await consumeRateLimits(
    deps.db,
    [
      [`signup:ip:${client.ip}`, RATE_RULES.signupPerIp],
      [`otp-send:email:${pending.email}`, RATE_RULES.otpSendPerEmail],
    ],
    now,
  );
  if (!limited.allowed) return { ok: false, status: 429, message: tooManyAttemptsMessage(limited) };

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
  if (!(await mailCode(deps, pending.email, code)))
    return { ok: false, status: 502, message: SIGNUP_MESSAGES.mailFailed };
  return {
    ok: true,
    requestId: pending.id,
    email: pending.email,
    resendAt: resendAt(now).toISOString(),
    message: SIGNUP_MESSAGES.sent,
  };
}

export type SignupCompleted = { ok: true; message: string; headers: Headers };

/**
 * Step two: the right code, in time and within the tries, creates the account and its profile and
 * signs the user in (the returned headers set the session cookie). A used code never works again.
 */
export async function verifySignupCode(
  deps: AccountDeps,
  input: { requestId: unknown; otp: unknown },
  client: Client,
  now = new Date(),
): Promise<SignupCompleted | Failure> {
  const invalid: Failure = { ok: false, status: 400, message: OTP_ERROR_MESSAGE };
  const limited = await consumeRateLimits(deps.db, [[`otp-verify:ip:${client.ip}`, RATE_RULES.otpVerifyPerIp]], now);
  if (!limited.allowed) return { ok: false, status: 429, message: tooManyAttemptsMessage(limited) };
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

  if (await emailRegistered(deps.db, verified.email))
    return { ok: false, status: 422, message: SIGNUP_MESSAGES.emailTaken };
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
    return { ok: true, message: SIGNUP_MESSAGES.created, headers };
  } catch (error) {
    deps.logger.error({ err: error }, 'signup: creating the account failed');
    return { ok: false, status: 500, message: SIGNUP_MESSAGES.failed };
  }
}

/** 100000 to 999999 from the operating system's CSPRNG. */
export function drawCode(): string {
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

export async function emailRegistered(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row !== undefined;
}

function resendAt(now: Date): Date {
  return new Date(now.getTime() + OTP_RESEND_WAIT_MS);
}
