// Two-factor sign-in for an account (ADR 0020): set it up with an authenticator app (scan, keep the
// backup codes, confirm with a first code), or turn it off. Admins must have it before /admin
// opens, and cannot turn it off.
import type { ReactNode } from 'react';
import { href, Link, useActionData, useFetcher } from 'react-router';

import { TWO_FACTOR_MESSAGES } from '../../common/auth-messages.ts';
import { BackLinkBelow } from '../components/back-link.tsx';
import { FormMessage } from '../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/buttons.ts';
import { AuthenticatorCodeField, CurrentPasswordField } from '../components/identity-fields.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/profile.two-factor';
import type { action } from './profile.two-factor.server.ts';

export { action, loader } from './profile.two-factor.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Two-factor sign-in',
    description: 'Protect your account with a code from an authenticator app.',
    noIndex: true,
  });
}

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  const { notice, role, enabled, hasPassword, pending } = loaderData;
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript the forms post as a page: the answer comes as the page's action data.
  const pageAnswer = useActionData<typeof action>();
  const answer = fetcher.data ?? pageAnswer;
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== 'idle';
  const message = answer
    ? { text: answer.message, tone: answer.ok ? ('success' as const) : ('error' as const) }
    : undefined;

  const codeField = (label: string) => <AuthenticatorCodeField label={label} error={errors.code} />;
  const passwordField = hasPassword ? <CurrentPasswordField error={errors.password} /> : null;
  /** One of the page's forms: its fields, then the answer and the button that posts `intent`. */
  const intentForm = (
    intent: string,
    fields: ReactNode,
    button: { className: string; label: string; busy: string },
  ) => (
    <fetcher.Form method="post" noValidate className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {fields}
      <FormMessage message={message} />
      <button type="submit" className={button.className} disabled={busy}>
        {busy ? button.busy : button.label}
      </button>
    </fetcher.Form>
  );

  let body: ReactNode;
  if (enabled) {
    body = (
      <>
        <p>
          Two-factor sign-in is on. Each time you log in, you enter your password and then a code from your
          authenticator app (or one of your backup codes).
        </p>
        {role === 'admin' ? (
          <>
            <p className="text-sm text-muted">{TWO_FACTOR_MESSAGES.adminCannotTurnOff}</p>
            <FormMessage message={message} />
            <Link to={href('/admin/products')} className={`${PRIMARY_BUTTON} block text-center`}>
              Open the admin
            </Link>
          </>
        ) : (
          intentForm(
            'off',
            <>
              <h2 className="text-lg font-bold">Turn it off</h2>
              {codeField('Current code from your app')}
              {passwordField}
            </>,
            { className: SECONDARY_BUTTON, label: 'Turn off two-factor sign-in', busy: 'Turning off...' },
          )
        )}
      </>
    );
  } else if (pending) {
    body = (
      <>
        <ol className="list-decimal space-y-6 pl-5">
          <li>
            <p>Scan this QR code with an authenticator app, such as Google Authenticator or Microsoft Authenticator.</p>
            <img
              src={pending.qrCode}
              alt="QR code for your authenticator app"
              width={200}
              height={200}
              className="mt-3"
            />
            <p className="mt-3 text-sm">
              Cannot scan it? Enter this key in the app instead:{' '}
              <code className="font-mono break-all" data-testid="totp-secret">
                {pending.secret}
              </code>
            </p>
          </li>
          <li>
            <p>
              Keep these backup codes somewhere safe. If you lose your phone, each one signs you in once. They are shown
              only until you finish.
            </p>
            <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Backup codes">
              {pending.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </li>
          <li>
            {intentForm(
              'confirm',
              <>
                <p>Enter the 6-digit code the app shows for this store.</p>
                {codeField('Authentication code')}
              </>,
              { className: PRIMARY_BUTTON, label: 'Turn on two-factor sign-in', busy: 'Checking...' },
            )}
          </li>
        </ol>
      </>
    );
  } else {
    body = (
      <>
        <p>
          Protect your account with a second step at login: after your password, a code from an authenticator app on
          your phone. Someone who learns your password still cannot sign in.
        </p>
        {intentForm(
          'start',
          <>
            {hasPassword ? <p className="text-sm">Confirm your password to begin.</p> : null}
            {passwordField}
          </>,
          { className: PRIMARY_BUTTON, label: 'Set up two-factor sign-in', busy: 'Starting...' },
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-black uppercase">Two-factor sign-in</h1>
      {role === 'admin' && !enabled ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-brand-dark/40 bg-brand-dark/5 p-3 text-sm font-semibold"
        >
          {TWO_FACTOR_MESSAGES.adminMustEnrol}
        </p>
      ) : null}
      {notice ? (
        <div className="mt-4">
          <FormMessage message={{ text: notice, tone: 'success' }} />
        </div>
      ) : null}
      <div className="mt-6 space-y-6">{body}</div>
      <BackLinkBelow to={href('/profile')} className="mt-8">
        Back to Profile
      </BackLinkBelow>
    </div>
  );
}
