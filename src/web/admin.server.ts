// The admin area's gate (docs/product.md §2 "Admin products" shows no role check; the server adds
// one): every /admin loader and action calls this, and anyone but an admin gets the ordinary 404
// page, so nothing reveals that the area exists. An admin without two-factor sign-in is sent to set
// it up first (ADR 0020).
import { data, href, redirect, type RouterContextProvider } from 'react-router';

import { getSessionUser, type SessionUser } from './session.server.ts';

export async function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user?.role !== 'admin') throw data('Not Found', { status: 404 });
  if (!user.twoFactorEnabled) throw redirect(href('/profile/two-factor'));
  return user;
}
