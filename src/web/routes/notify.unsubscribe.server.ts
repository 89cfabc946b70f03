// The server half of the route module notify.unsubscribe.tsx (ADR 0017): what runs only on the server.
import { NOTIFY_MESSAGES } from '../../common/notify.ts';
import { findNotifyRequest, unsubscribeFromNotify } from '../../server/notify/requests.ts';
import { getApp } from '../app-context.server.ts';
import { readForm } from '../form-body.server.ts';
import type { Route } from './+types/notify.unsubscribe';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/**
 * GET /notify/unsubscribe?token=…: the request the link names, and a button; nothing changes. It
 * answers 200 whatever it finds: after the button's post the page is read again, and its answer's
 * status would override the action's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const found = await findNotifyRequest(getApp(context).db, token);
  return { request: found ?? null, token, message: found ? null : NOTIFY_MESSAGES.linkNotValid };
}

/**
 * POST: unsubscribes, whoever posts (the page's button, or a mail client's one click with the body
 * `List-Unsubscribe=One-Click`, which comes from no page, so app.ts exempts this path from the
 * origin check): the link's token is the proof, in the address or the button's form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = form.get('token');
  const token = typeof field === 'string' && field !== '' ? field : tokenOf(request);
  const deleted = await unsubscribeFromNotify(getApp(context).db, token);
  if (!deleted) return { ok: false as const, message: NOTIFY_MESSAGES.linkNotValid };
  return { ok: true as const, email: deleted.email, target: deleted.target };
}
