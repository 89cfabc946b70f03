// Account services over a test database, with a mailer that keeps what it is given: the tests
// read the emailed codes and links from it (the real SMTP exchange is covered end to end).
import { createHmac } from 'node:crypto';
import path from 'node:path';

import { addAddress } from '../../src/server/addresses/service.ts';
import { createAuth, type Auth } from '../../src/server/auth/auth.ts';
import { RATE_RULES } from '../../src/server/shared/rate-limit.ts';
import type { AccountDeps } from '../../src/server/auth/signup.ts';
import { addToCart } from '../../src/server/cart/service.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import type { users } from '../../src/server/db/schema.ts';
import { setLike } from '../../src/server/likes/service.ts';
import { createLogger } from '../../src/server/logger.ts';
import type { MailMessage, Mailer } from '../../src/server/mail/mailer.ts';
import { createUser } from './factories.ts';

export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
  /** Makes the next sends fail, as an SMTP server refusing them would. */
  failing: boolean;
}

export function recordingMailer(): RecordingMailer {
  const mailer: RecordingMailer = {
    kind: 'smtp',
    sent: [],
    failing: false,
    async send(message) {
      if (mailer.failing) throw new Error('550 mailbox unavailable');
      mailer.sent.push(message);
    },
    async close() {},
  };
  return mailer;
}

export function accountServices(
  db: Database,
  env: Record<string, string> = {},
): AccountDeps & { mailer: RecordingMailer } {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.resolve(import.meta.dirname, '../../.tmp/test-data'),
    AUTH_SECRET: 'integration-test-secret-0123456789abcdefghijklmnop',
    ...env,
  });
  const logger = createLogger('silent');
  const mailer = recordingMailer();
  const auth = createAuth({ config, db, mailer, logger });
  return { db, auth, mailer, config, logger };
}

/** The 6-digit code in the last mail. */
export function lastCode(mailer: RecordingMailer): string {
  const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the last mail');
  return code;
}

/** The session cookie (name=value) among Set-Cookie headers; `__Secure-` prefixed when cookies are secure. */
export function sessionCookie(headers: Headers): string {
  // The last one counts, as in a browser (a renewed session may follow the one it replaces).
  const line = headers.getSetCookie().findLast((cookie) => /^(__Secure-)?ttt\.session_token=/.test(cookie));
  if (!line) throw new Error('no session cookie was set');
  return line.split(';')[0]!;
}

/** A signed session cookie (name=value) for `userId`, as better-auth would set it after a sign-in. */
export async function sessionCookieFor(auth: Auth, userId: string): Promise<string> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  const signature = createHmac('sha256', context.secret).update(session.token).digest('base64');
  return `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
}

/** A signed-in user: their id and session cookie (name=value). */
export interface SignedInUser {
  id: string;
  cookie: string;
}

/** A new user (a shopper unless `overrides` say), signed in. */
export async function signedInUser(
  auth: Auth,
  db: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<SignedInUser> {
  const { id } = await createUser(db, overrides);
  return { id, cookie: await sessionCookieFor(auth, id) };
}

/** Session cookies of a new customer and a new admin: the two visitors every admin screen is tried with. */
export async function customerAndAdminCookies(
  auth: Auth,
  db: Database,
  admin: Partial<typeof users.$inferInsert> = {},
): Promise<Record<'customer' | 'admin', string>> {
  return {
    customer: (await signedInUser(auth, db)).cookie,
    admin: (await signedInUser(auth, db, { role: 'admin', ...admin })).cookie,
  };
}

/**
 * Gives a shopper what an account holds besides orders, written by the store's own services: saved
 * addresses, a cart line and a liked product. A refusal fails the test with its message.
 */
export async function fillAccount(
  db: Database,
  userId: string,
  account: {
    addresses: Array<Parameters<typeof addAddress>[2]>;
    cartLine: Parameters<typeof addToCart>[2];
    likedProductId: number;
  },
): Promise<void> {
  for (const address of account.addresses) {
    const added = await addAddress(db, userId, address);
    if (!added.ok) throw new Error(`address refused: ${added.message}`);
  }
  const carted = await addToCart(db, userId, account.cartLine);
  if (!carted.ok) throw new Error(`cart line refused: ${carted.message}`);
  const liked = await setLike(
    db,
    userId,
    { productId: account.likedProductId, liked: true },
    RATE_RULES.likePerShopper,
  );
  if (!liked.ok) throw new Error(`like refused: ${liked.message}`);
}
