// The two-factor page's server half (ADR 0020): where the account stands, and its three forms
// (start a setup, confirm it with the app's first code, turn it off).
import { data, href, redirect } from 'react-router';
import { renderSVG } from 'uqr';

import { TWO_FACTOR_MESSAGES } from '../../common/auth-messages.ts';
import { confirmSetup, startSetup, turnOff, twoFactorStatus } from '../../server/auth/two-factor.ts';
import { failureData } from '../failures.server.ts';
import { withQuery } from '../paths.ts';
import { readForm } from '../form-body.server.ts';
import { accountDeps, cookieHeaders, getSessionUser } from '../session.server.ts';
import type { Route } from './+types/profile.two-factor';

/**
 * Turning it on or off replaces the session (better-auth's plugin), so the page is loaded again
 * with the new cookie, saying what changed.
 */
function renewed(done: 'on' | 'off', headers: Headers) {
  return redirect(withQuery(href('/profile/two-factor'), { done }), { headers: cookieHeaders(headers) });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const { enabled, hasPassword, pending } = await twoFactorStatus(accountDeps(context), user.id);
  const done = new URL(request.url).searchParams.get('done');
  const notices = {
    on: enabled ? TWO_FACTOR_MESSAGES.enabled : null,
    off: enabled ? null : TWO_FACTOR_MESSAGES.disabled,
  };
  return {
    // What the last form changed, when it is still so.
    notice: done === 'on' || done === 'off' ? notices[done] : null,
    role: user.role,
    enabled,
    hasPassword,
    pending: pending && {
      secret: pending.secret,
      backupCodes: pending.backupCodes,
      // The QR code an app scans, drawn here: no script or service sees the secret.
      qrCode: `data:image/svg+xml;base64,${Buffer.from(renderSVG(pending.totpURI, { border: 2 })).toString('base64')}`,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const deps = accountDeps(context);
  const account = { id: user.id, role: user.role, headers: request.headers };
  const form = Object.fromEntries(await readForm(request));
  switch (form.intent) {
    case 'start': {
      const result = await startSetup(deps, account, { password: form.password });
      return result.ok ? { ok: true as const, message: TWO_FACTOR_MESSAGES.setupStarted } : failureData(result);
    }
    case 'confirm': {
      const result = await confirmSetup(deps, account, { code: form.code });
      if (!result.ok) return failureData(result);
      throw renewed('on', result.headers);
    }
    case 'off': {
      const result = await turnOff(deps, account, { code: form.code, password: form.password });
      if (!result.ok) return failureData(result);
      throw renewed('off', result.headers);
    }
    default:
      throw data('Bad Request', { status: 400 });
  }
}
