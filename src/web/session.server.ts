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
}

// The root and the page's loaders ask for the same request's user: look it up once.
const byRequest = new WeakMap<Request, Promise<SessionUser | null>>();

export function getSessionUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SessionUser | null> {
  let user = byRequest.get(request);
  if (!user) {
    user = readSessionUser(context, request);
    byRequest.set(request, user);
  }
  return user;
}

async function readSessionUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SessionUser | null> {
  const { auth } = getApp(context);
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, name, email, role } = session.user;
  return { id, name, email, role: role === 'admin' ? 'admin' : 'customer' };
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
