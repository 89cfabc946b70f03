// The signup page's server half: its three forms (send the code, resend it, check it), which the
// account services decide.
import { data } from 'react-router';

import { resendSignupCode, startSignup, verifySignupCode } from '../../server/auth/signup.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { accountDeps, cookieHeaders } from '../session.server.ts';
import type { Route } from './+types/signup';

export async function action({ request, context }: Route.ActionArgs) {
  const deps = accountDeps(context);
  const client = { ip: getApp(context).clientIp };
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === 'verify') {
    const result = await verifySignupCode(deps, { requestId: form.requestId, otp: form.otp }, client);
    if (!result.ok) return failureData(result, { intent: 'verify' as const });
    return data(
      { intent: 'verify' as const, ok: true as const, message: result.message },
      { headers: cookieHeaders(result.headers) },
    );
  }
  const result =
    form.intent === 'resend'
      ? await resendSignupCode(deps, String(form.requestId ?? ''), client)
      : await startSignup(deps, form, client);
  return result.ok ? { intent: 'send' as const, ...result } : failureData(result, { intent: 'send' as const });
}
