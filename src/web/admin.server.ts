// The admin area's gate (SPEC §2 "Admin products" shows no role check; the server adds one): every
// /admin loader and action calls this, and anyone but an admin gets the ordinary 404 page, so
// nothing reveals that the area exists.
import { data, type RouterContextProvider } from 'react-router';

import { getSessionUser, type SessionUser } from './session.server.ts';

export async function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user?.role !== 'admin') throw data('Not Found', { status: 404 });
  return user;
}
