// The server half of the route module notify.confirm.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { NOTIFY_MESSAGES } from '../../common/notify.ts';
import { confirmNotifyRequest, findNotifyRequest } from '../../server/notify/requests.ts';
import { getApp } from '../app-context.server.ts';
import { readForm } from '../form-body.server.ts';
import type { Route } from './+types/notify.confirm';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/**
 * GET /notify/confirm?token=…: the request the link names, and a button; nothing changes. Mail
 * scanners open the links of a mail, so opening one must not confirm an address somebody else
 * typed: the person who has the mailbox presses the button.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const found = await findNotifyRequest(getApp(context).db, token);
  if (!found) return data({ request: null, token, message: NOTIFY_MESSAGES.linkNotValid }, { status: 404 });
  return { request: found, token, message: null };
}

/** POST: confirms the request of the link's token (in the button's form). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = form.get('token');
  const confirmed = await confirmNotifyRequest(getApp(context).db, typeof field === 'string' ? field : '');
  if (!confirmed) return data({ ok: false as const, message: NOTIFY_MESSAGES.linkNotValid }, { status: 404 });
  const { state, request: found } = confirmed;
  return { ok: true as const, state, email: found.email, target: found.target };
}
