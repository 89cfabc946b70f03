import { useEffect, useState } from 'react';
import { href, Link, useFetcher } from 'react-router';

import { LOGIN_MESSAGES } from '../../common/auth-messages.ts';
import { FIX_ERRORS_MESSAGE } from '../../common/form-messages.ts';
import type { Login } from '../../common/validation.ts';
import { useAfterSignIn } from '../auth/after-sign-in.ts';
import { FormMessage, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { GoogleWayIn } from '../components/google-button.tsx';
import { useCheckedLazyForm, useFormAnswer } from '../hooks/use-checked-lazy-form.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/login';
import type { action } from './login.server.ts';

export { action, loader } from './login.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Log in', description: 'Log in to your Trap the Trend account.', noIndex: true });
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [panel, setPanel] = useState<'login' | 'reset'>(actionData?.intent === 'reset' ? 'reset' : 'login');
  const afterSignIn = useAfterSignIn();
  // Arrived signed in (back from Google): carry on as after any sign-in. Only the arrival counts;
  // a sign-in on this page is followed up by its form.
  const [arrivedSignedIn] = useState(loaderData.signedIn);
  useEffect(() => (arrivedSignedIn ? afterSignIn() : undefined), [arrivedSignedIn, afterSignIn]);

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-black uppercase">{panel === 'login' ? 'Log in' : 'Reset password'}</h1>
      {arrivedSignedIn ? (
        <div className="mt-8">
          <FormMessage message={{ text: LOGIN_MESSAGES.success, tone: 'success' }} />
        </div>
      ) : panel === 'login' ? (
        <LoginForm onForgotPassword={() => setPanel('reset')} />
      ) : (
        <ResetPanel onBack={() => setPanel('login')} />
      )}
    </div>
  );
}

function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const afterSignIn = useAfterSignIn();
  const { field, setError, blocked, onSubmit } = useCheckedLazyForm<Login>(fetcher, {
    schema: () => import('../../common/validation.ts').then((m) => m.LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const answer = useFormAnswer(fetcher);
  const result = answer?.intent === 'login' ? answer : undefined;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (!result) return;
    if (result.ok) return afterSignIn();
    for (const [field, message] of Object.entries(('fieldErrors' in result && result.fieldErrors) || {})) {
      setError(field as keyof Login, { message });
    }
  }, [result, afterSignIn, setError]);

  const message = blocked
    ? { text: FIX_ERRORS_MESSAGE, tone: 'error' as const }
    : result && { text: result.message, tone: result.ok ? ('success' as const) : ('error' as const) };
  // The wrong-password and no-account messages come with the way forward they suggest.
  const refusal = result && !result.ok ? result.message : undefined;

  return (
    <div className="mt-8 space-y-6">
      <fetcher.Form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="login" />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <FormMessage message={message ?? undefined} />
        {refusal === LOGIN_MESSAGES.wrongPassword ? (
          <button type="button" onClick={onForgotPassword} className="text-sm font-semibold underline">
            Reset Password
          </button>
        ) : null}
        {refusal === LOGIN_MESSAGES.noAccount ? (
          <Link to={href('/signup')} className="text-sm font-semibold underline">
            Create an account
          </Link>
        ) : null}
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          {busy ? 'Logging in...' : 'Continue'}
        </button>
      </fetcher.Form>
      <div className="flex items-center justify-between text-sm">
        <button type="button" onClick={onForgotPassword} className="font-semibold underline">
          Forgot password?
        </button>
        <p>
          New here?{' '}
          <Link to={href('/signup')} className="font-semibold underline">
            Sign up
          </Link>
        </p>
      </div>
      <GoogleWayIn mode="signin" consentLead="By continuing" />
    </div>
  );
}

function ResetPanel({ onBack }: { onBack: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const {
    register,
    formState: { errors },
    blocked,
    onSubmit,
  } = useCheckedLazyForm<{ email: string }>(fetcher, {
    schema: () => import('../../common/validation.ts').then((m) => m.ResetRequestSchema),
    defaultValues: { email: '' },
  });
  const answer = useFormAnswer(fetcher);
  const result = answer?.intent === 'reset' ? answer : undefined;
  const busy = fetcher.state !== 'idle';
  const message = blocked
    ? { text: errors.email?.message ?? FIX_ERRORS_MESSAGE, tone: 'error' as const }
    : result && { text: result.message, tone: result.ok ? ('success' as const) : ('error' as const) };

  return (
    <fetcher.Form method="post" noValidate className="mt-8 space-y-4" onSubmit={onSubmit}>
      <p className="text-sm text-muted">
        Enter your account&apos;s email and we will send you a link to set a new password.
      </p>
      <input type="hidden" name="intent" value="reset" />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <FormMessage message={message ?? undefined} />
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        {busy ? 'Sending...' : 'Send Reset Link'}
      </button>
      <button type="button" onClick={onBack} className="w-full text-sm font-semibold underline">
        Back to Login
      </button>
    </fetcher.Form>
  );
}
