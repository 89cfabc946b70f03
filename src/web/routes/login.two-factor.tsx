// The second step of a sign-in: a code from the authenticator app, or one of the backup codes
// (`?backup`). After it, the shopper carries on as after any sign-in.
import { useEffect } from 'react';
import { href, Link, useActionData, useFetcher } from 'react-router';

import { TWO_FACTOR_MESSAGES } from '../../common/auth-messages.ts';
import { useAfterSignIn } from '../auth/after-sign-in.ts';
import { FormMessage, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/login.two-factor';
import type { action } from './login.two-factor.server.ts';

export { action, loader } from './login.two-factor.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Two-factor sign-in',
    description: 'Enter the code from your authenticator app.',
    noIndex: true,
  });
}

export default function TwoFactorSignInPage({ loaderData: { method } }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript the form posts as a page: its answer comes as the page's action data.
  const pageAnswer = useActionData<typeof action>();
  const result = fetcher.data ?? pageAnswer;
  const afterSignIn = useAfterSignIn();
  const busy = fetcher.state !== 'idle';
  useEffect(() => (result?.ok ? afterSignIn() : undefined), [result, afterSignIn]);

  const fieldError = result && !result.ok ? result.fieldErrors?.code : undefined;
  const backup = method === 'backup';
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-black uppercase">Two-factor sign-in</h1>
      <p className="mt-4 text-sm">
        {backup
          ? 'Enter one of the backup codes you kept when you set up two-factor sign-in. Each code works once.'
          : TWO_FACTOR_MESSAGES.codeNeeded}
      </p>
      <fetcher.Form method="post" noValidate className="mt-6 space-y-4">
        <input type="hidden" name="method" value={method} />
        <TextField
          key={method}
          label={backup ? 'Backup code' : 'Authentication code'}
          name="code"
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          maxLength={backup ? 11 : 7}
          required
          error={fieldError}
        />
        <FormMessage message={result ? { text: result.message, tone: result.ok ? 'success' : 'error' } : undefined} />
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy || result?.ok}>
          {busy ? 'Checking...' : 'Verify'}
        </button>
      </fetcher.Form>
      <div className="mt-6 flex items-center justify-between text-sm">
        <Link
          to={backup ? href('/login/two-factor') : `${href('/login/two-factor')}?backup`}
          className="font-semibold underline"
        >
          {backup ? 'Use your authenticator app' : 'Use a backup code instead'}
        </Link>
        <Link to={href('/login')} className="font-semibold underline">
          Back to Login
        </Link>
      </div>
    </div>
  );
}
