// The server half of the route module profile.data.ts (ADR 0017): the signed-in user's data, and
// nobody else's (the id is the session's), as an attachment; a visitor is sent to log in, as on
// every page of the profile.
import { href, redirect } from 'react-router';

import { accountDataFileName, exportAccountData } from '../../server/auth/account-data.ts';
import { getApp } from '../app-context.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/profile.data';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const now = new Date();
  const data = await exportAccountData(getApp(context).db, user.id, now);
  if (!data) throw redirect(href('/login'));
  const body = `${JSON.stringify(data, null, 2)}\n`;
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${accountDataFileName(now)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
