// Starts "Continue with Google": better-auth draws the state and PKCE verifier (kept in a cookie)
// and gives the provider's URL; the browser goes there and comes back to `returnTo`, or, on a
// failure, to the page the button is on, which then says so.
import { data, redirect } from 'react-router';

import { GOOGLE_MESSAGES } from '../../common/google-messages.ts';
import { GOOGLE_PROVIDER_ID } from '../../server/auth/auth.ts';
import { getApp } from '../app-context.server.ts';
import { readForm } from '../form-body.server.ts';
import { safeLocalPath } from '../safe-path.ts';
import { cookieHeaders } from '../session.server.ts';
import type { Route } from './+types/auth.google';

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, config, logger } = getApp(context);
  const form = await readForm(request);
  const mode = form.get('mode') === 'signup' ? 'signup' : 'signin';
  const returnTo = safeLocalPath(form.get('returnTo'));
  const from = safeLocalPath(form.get('from'));
  const failure = mode === 'signup' ? GOOGLE_MESSAGES.signUpFailed : GOOGLE_MESSAGES.signInFailed;
  if (!config.google.clientId) return data({ error: GOOGLE_MESSAGES.notConfigured }, { status: 503 });
  try {
    const { response, headers } = await auth.api.signInSocial({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: returnTo,
        errorCallbackURL: withParam(from, 'authError', `google-${mode}`),
        disableRedirect: true,
      },
      returnHeaders: true,
    });
    if (!response.url) throw new Error('no authorization URL');
    return redirect(response.url, { headers: cookieHeaders(headers) });
  } catch (error) {
    logger.error({ err: error }, 'google sign-in could not start');
    return data({ error: failure }, { status: 502 });
  }
}

function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://store.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}
