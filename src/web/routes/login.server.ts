// The login page's server half: whether someone is signed in already, and its two forms (sign in,
// ask for a reset link), which the account services decide.
import { data, href, redirect } from 'react-router';

import { signInWithPassword } from '../../server/auth/login.ts';
import { requestPasswordReset } from '../../server/auth/password-reset.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { accountDeps, cookieHeaders, getSessionUser } from '../session.server.ts';
import type { Route } from './+types/login';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { signedIn: (await getSessionUser(context, request)) !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = accountDeps(context);
  const { clientIp } = getApp(context);
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === 'reset') {
    const result = await requestPasswordReset(deps, { email: form.email }, { ip: clientIp });
    return result.ok ? { intent: 'reset' as const, ...result } : failureData(result, { intent: 'reset' as const });
  }
  const result = await signInWithPassword(
    deps,
    { email: form.email, password: form.password },
    { ip: clientIp, headers: request.headers },
  );
  // The password was right and the account has a second factor: its step comes next.
  if (result.ok && result.secondFactor) {
    throw redirect(href('/login/two-factor'), { headers: cookieHeaders(result.headers) });
  }
  if (result.ok) {
    return data(
      { intent: 'login' as const, ok: true as const, message: result.message },
      { headers: cookieHeaders(result.headers) },
    );
  }
  return failureData(result, { intent: 'login' as const });
}
