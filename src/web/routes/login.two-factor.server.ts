// The second step of a sign-in with two-factor sign-in on (ADR 0020): the password step (or the
// Google callback) left a challenge cookie; a code from the app or a backup code completes it.
import { data } from 'react-router';

import { LOGIN_MESSAGES } from '../../common/auth-messages.ts';
import { signInWithSecondFactor } from '../../server/auth/two-factor.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { accountDeps, cookieHeaders } from '../session.server.ts';
import type { Route } from './+types/login.two-factor';

export function loader({ request }: Route.LoaderArgs) {
  return { method: new URL(request.url).searchParams.has('backup') ? ('backup' as const) : ('app' as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const result = await signInWithSecondFactor(
    accountDeps(context),
    { method: form.method, code: form.code },
    { ip: getApp(context).clientIp, headers: request.headers },
  );
  if (!result.ok) return failureData(result);
  return data({ ok: true as const, message: LOGIN_MESSAGES.success }, { headers: cookieHeaders(result.headers) });
}
