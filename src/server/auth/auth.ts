// better-auth over our Drizzle schema (ADR 0010): sessions in the database, password hashing,
// reset tokens and the OpenID Connect flow. Its HTTP surface is only the OpenID callback; every
// form posts to a React Router action that calls `auth.api` in-process, with our own rate limits.
import { AsyncLocalStorage } from 'node:async_hooks';

import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { z } from 'zod';

import { GENDERS } from '../../common/catalog.ts';
import { resolveAuthSecret, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accounts, profiles, sessions, twoFactors, users, verifications } from '../db/schema.ts';
import { redactText, type Logger } from '../logger.ts';
import { passwordResetMail } from '../mail/templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import { CHALLENGE_SECONDS, storeTwoFactor, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from './two-factor-plugin.ts';

export const GOOGLE_PROVIDER_ID = 'google';
/** better-auth's cookies are named ttt.session_token and so on (document caching tells sessions by it). */
export const SESSION_COOKIE_PREFIX = 'ttt';
/** Reset links are single use and valid for one hour. */
const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** How long a session lasts unused; each day of use renews it. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** An admin's session ends 12 hours after sign-in, however busy: a stolen admin cookie is worth less. */
export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60_000;

/**
 * better-auth logs and swallows a failure of the reset mail; the caller of a reset request reads
 * it from here to tell the user (password-reset.ts).
 */
export const resetMailOutcome = new AsyncLocalStorage<{ failed: boolean }>();

export interface AuthDependencies {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: Logger;
}

export function createAuth({ config, db, mailer, logger }: AuthDependencies) {
  const google = config.google;
  return betterAuth({
    appName: config.store.name,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: [new URL(config.publicUrl).origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: 24 * 60 * 60 },
    // Reset-link tokens and OpenID states are kept as SHA-256 hashes: a copy of the database (a
    // backup, a leak) holds no working link.
    verification: { storeIdentifier: 'hashed' },
    // The spec asks Google for offline access, so a refresh token comes back; the store never uses
    // it, and keeps it (and the access token) encrypted with AUTH_SECRET.
    account: { encryptOAuthTokens: true },
    emailAndPassword: {
      enabled: true,
      // Accounts are created only by a verified emailed code (signup.ts).
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        try {
          await mailer.send({
            to: user.email,
            ...passwordResetMail({ storeName: config.store.name, url, email: user.email }),
          });
        } catch (error) {
          const outcome = resetMailOutcome.getStore();
          if (outcome) outcome.failed = true;
          throw error;
        }
      },
    },
    // Our rate limits live in PostgreSQL and cover the actions (rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: !config.demo || config.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, session.userId));
            if (user?.role !== 'admin') return;
            return { data: { ...session, expiresAt: earlier(session.expiresAt, Date.now() + ADMIN_SESSION_TTL_MS) } };
          },
        },
        update: {
          // better-auth extends a session it reads once a day; an admin's never past its 12 hours.
          before: async (session, context) => {
            const current = context?.context.session;
            if (!session.expiresAt || (current?.user as { role?: string } | undefined)?.role !== 'admin') return;
            const cap = current!.session.createdAt.getTime() + ADMIN_SESSION_TTL_MS;
            return { data: { ...session, expiresAt: earlier(session.expiresAt, cap) } };
          },
        },
      },
      user: {
        create: {
          // Every account gets its profile (docs/product.md §3), named from the account's name; the
          // signup form then fills in its own fields.
          after: async (user) => {
            const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
            await db
              .insert(profiles)
              .values({ id: user.id, firstName, lastName: rest.join(' '), email: user.email })
              .onConflictDoNothing();
          },
        },
      },
    },
    logger: {
      // Its messages may name the email or token they are about (ADR 0062: no personal data in logs).
      log: (level, message, ...args) => {
        const log = level === 'error' ? logger.error.bind(logger) : logger.warn.bind(logger);
        const details = args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
        if (level === 'error' || level === 'warn') log({ details }, `auth: ${message}`);
      },
    },
    plugins: [
      storeAccounts(db),
      // Authenticator codes and backup codes (ADR 0020). Our forms call it in-process, with our
      // own rate limits on top of its per-challenge and per-account ones.
      twoFactor({
        issuer: config.store.name,
        totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
        backupCodeOptions: { amount: 10, storeBackupCodes: 'encrypted' },
        twoFactorCookieMaxAge: CHALLENGE_SECONDS,
        // A Google-only account has no password to confirm with; it confirms with a code instead (two-factor.ts).
        allowPasswordless: true,
      }),
      storeTwoFactor(config.store.name),
      // After the two-factor plugin's hook, which withholds the session of a sign-in that still owes a code.
      adminSessionCookie(),
      ...(google.clientId && google.clientSecret
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${google.issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // As the spec asks of the Google sign-in: offline access and the consent prompt.
                  accessType: 'offline',
                  prompt: 'consent',
                  mapProfileToUser: (profile) => {
                    const given = typeof profile.given_name === 'string' ? profile.given_name : '';
                    const family = typeof profile.family_name === 'string' ? profile.family_name : '';
                    const name = `${given} ${family}`.trim() || profile.name || profile.email?.split('@')[0] || '';
                    return { name };
                  },
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

function earlier(date: Date, epochMs: number): Date {
  return date.getTime() <= epochMs ? date : new Date(epochMs);
}

/**
 * better-auth gives every session cookie the customers' 30 days (`session.expiresIn`), while an
 * admin's session ends after 12 hours at most (the session hooks above): the admin's cookie is
 * rewritten to end with its session, wherever one is set (a sign-in, a second factor, the daily
 * refresh), so the browser is told what the server does and keeps no cookie past it.
 */
function adminSessionCookie() {
  return {
    id: 'admin-session-cookie',
    hooks: {
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            const headers = ctx.context.responseHeaders;
            if ((made?.user as { role?: string } | undefined)?.role !== 'admin' || !headers) return;
            const seconds = Math.max(0, Math.floor((made!.session.expiresAt.getTime() - Date.now()) / 1000));
            const name = `${ctx.context.authCookies.sessionToken.name}=`;
            const cookies = headers.getSetCookie();
            headers.delete('set-cookie');
            for (const cookie of cookies) {
              const ours = cookie.startsWith(name) && !/; Max-Age=0(;|$)/.test(cookie);
              headers.append('set-cookie', ours ? cookie.replace(/; Max-Age=\d+/, `; Max-Age=${seconds}`) : cookie);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

const CompleteSignupBody = z.object({
  email: z.email(),
  name: z.string().min(1),
  passwordHash: z.string().min(1),
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    gender: z.enum(GENDERS),
  }),
});

/**
 * Server-only endpoints (never on the HTTP router): turn a verified signup into a user with a
 * password and a profile, and sign that user in with better-auth's own session cookie.
 */
function storeAccounts(db: Database) {
  return {
    id: 'store-accounts',
    endpoints: {
      completeSignup: createAuthEndpoint.serverOnly({ method: 'POST', body: CompleteSignupBody }, async (ctx) => {
        const { email, name, passwordHash, profile } = ctx.body;
        const adapter = ctx.context.internalAdapter;
        const user = await adapter.createUser({ email, name, emailVerified: true }, { method: 'email-otp' });
        await adapter.linkAccount({
          userId: user.id,
          providerId: 'credential',
          accountId: user.id,
          password: passwordHash,
        });
        await db
          .insert(profiles)
          .values({ id: user.id, email, ...profile })
          .onConflictDoUpdate({ target: profiles.id, set: { ...profile, updatedAt: new Date() } });
        const session = await adapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id });
      }),
    },
  } as const;
}
