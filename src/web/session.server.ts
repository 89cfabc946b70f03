// The signed-in user, for loaders and actions: read from better-auth's session cookie and the
// sessions table on every request (nothing about identity is taken from the browser's word).
import type { RouterContextProvider } from 'react-router';

import type { AccountDeps } from '../server/auth/signup.ts';
import { getApp } from './app-context.server.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: 'customer' | 'admin';
  /** Whether the account signs in with a second factor (admins must: admin.server.ts). */
  twoFactorEnabled: boolean;
}

interface SessionLookup {
  user: SessionUser | null;
  /** Set-Cookie lines of the lookup: a session refreshed for another stretch, or a dead one cleared. */
  cookies: Headers;
}

// The root and the page's loaders ask for the same request's user: look it up once.
const byRequest = new WeakMap<Request, Promise<SessionLookup>>();

function lookUp(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionLookup> {
  let lookup = byRequest.get(request);
  if (!lookup) {
    lookup = readSession(context, request);
    byRequest.set(request, lookup);
  }
  return lookup;
}

export async function getSessionUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SessionUser | null> {
  return (await lookUp(context, request)).user;
}

/** The cookies the session lookup set; the root loader sends them, so a refreshed session's cookie lasts too. */
export async function sessionCookies(context: Readonly<RouterContextProvider>, request: Request): Promise<Headers> {
  return (await lookUp(context, request)).cookies;
}

async function readSession(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionLookup> {
  const { auth } = getApp(context);
  const { response, headers } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const cookies = cookieHeaders(headers);
  if (!response) return { user: null, cookies };
  const { id, name, email, role, twoFactorEnabled } = response.user;
  return {
    user: {
      id,
      name,
      email,
      role: role === 'admin' ? 'admin' : 'customer',
      twoFactorEnabled: twoFactorEnabled === true,
    },
    cookies,
  };
}

/** What the account services need, from the request's context. */
export function accountDeps(context: Readonly<RouterContextProvider>): AccountDeps {
  const { db, auth, mailer, config, logger } = getApp(context);
  return { db, auth, mailer, config, logger };
}

/** Response headers that carry only the cookies of `headers` (better-auth's Set-Cookie lines). */
export function cookieHeaders(headers: Headers): Headers {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append('Set-Cookie', cookie);
  return out;
}
