// The server half of the route module notify.confirm.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { NOTIFY_MESSAGES } from '../../common/notify.ts';
import { confirmNotifyRequest } from '../../server/notify/requests.ts';
import { getApp } from '../app-context.server.ts';
import type { Route } from './+types/notify.confirm';

/**
 * GET /notify/confirm?token=…: confirms the request the token names. A GET may confirm: the link
 * went to the address itself, so whoever opens it (or its mail scanner) has the mailbox.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const confirmed = await confirmNotifyRequest(getApp(context).db, token);
  if (!confirmed) return data({ outcome: null, message: NOTIFY_MESSAGES.linkNotValid }, { status: 404 });
  const { state, request: found } = confirmed;
  return { outcome: { state, email: found.email, target: found.target }, message: null };
}
