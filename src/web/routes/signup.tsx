import { useEffect, useState } from 'react';
import { href, Link, useFetcher } from 'react-router';

import { SIGNUP_MESSAGES } from '../../common/auth-messages.ts';
import { FIX_ERRORS_MESSAGE } from '../../common/form-messages.ts';
import type { Signup } from '../../common/validation.ts';
import { useAfterSignIn } from '../auth/after-sign-in.ts';
import { PHONE_INPUT } from '../components/field-props.ts';
import { FormMessage, SelectField, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/buttons.ts';
import { GoogleWayIn } from '../components/google-button.tsx';
import { useCheckedLazyForm, useFormAnswer } from '../hooks/use-checked-lazy-form.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/signup';
import type { action } from './signup.server.ts';

export { action } from './signup.server.ts';

/** docs/product.md §9: the signup redirect. */
export const SIGNUP_REDIRECT_MS = 1500;

// Gender is not required (docs/product.md §5): the form starts at what leaving it out gives.
const GENDER_OPTIONS = [
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Sign up',
    description: 'Create your Trap the Trend account to like products, keep a cart and check out.',
    noIndex: true,
  });
}

type Pending = { requestId: string; email: string; resendAt: string };

export default function SignupPage({ actionData }: Route.ComponentProps) {
  // Without JavaScript the first step's answer arrives as the page's action data.
  const [pending, setPending] = useState<Pending | undefined>(() =>
    actionData?.intent === 'send' && actionData.ok
      ? { requestId: actionData.requestId, email: actionData.email, resendAt: actionData.resendAt }
      : undefined,
  );
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-black uppercase">Create your account</h1>
      {pending ? <OtpStep pending={pending} onResent={setPending} /> : <DetailsStep onSent={setPending} />}
    </div>
  );
}

function DetailsStep({ onSent }: { onSent: (pending: Pending) => void }) {
  const fetcher = useFetcher<typeof action>();
  const { field, setError, blocked, onSubmit } = useCheckedLazyForm<Signup>(fetcher, {
    schema: () => import('../../common/validation.ts').then((m) => m.SignupSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', gender: 'prefer-not-to-say' },
  });
  const answer = useFormAnswer(fetcher);
  const result = answer?.intent === 'send' ? answer : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok) onSent({ requestId: result.requestId, email: result.email, resendAt: result.resendAt });
    else
      for (const [field, message] of Object.entries(result.fieldErrors ?? {}))
        setError(field as keyof Signup, { message });
  }, [result, onSent, setError]);

  const busy = fetcher.state !== 'idle';
  const message = blocked
    ? { text: FIX_ERRORS_MESSAGE, tone: 'error' as const }
    : result && !result.ok
      ? { text: result.message, tone: 'error' as const }
      : undefined;

  return (
    <div className="mt-8 space-y-6">
      <fetcher.Form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="send" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" {...PHONE_INPUT} {...field('phone')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
        <SelectField label="Gender" options={GENDER_OPTIONS} {...field('gender')} />
        <FormMessage message={message} />
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          {busy ? 'Sending OTP...' : 'Create Account'}
        </button>
      </fetcher.Form>
      <p className="text-sm">
        Already have an account?{' '}
        <Link to={href('/login')} className="font-semibold underline">
          Log in
        </Link>
      </p>
      <GoogleWayIn mode="signup" consentLead="By creating an account" />
    </div>
  );
}

function OtpStep({ pending, onResent }: { pending: Pending; onResent: (pending: Pending) => void }) {
  const verify = useFetcher<typeof action>();
  const resend = useFetcher<typeof action>();
  const afterSignIn = useAfterSignIn();
  const secondsLeft = useSecondsUntil(pending.resendAt);
  const verified = verify.data?.intent === 'verify' ? verify.data : undefined;
  const resent = resend.data?.intent === 'send' ? resend.data : undefined;
  const [latest, setLatest] = useState<'verify' | 'resend'>();

  useEffect(() => {
    if (resent?.ok) onResent({ requestId: resent.requestId, email: resent.email, resendAt: resent.resendAt });
  }, [resent, onResent]);
  useEffect(() => (verified?.ok ? afterSignIn(SIGNUP_REDIRECT_MS) : undefined), [verified, afterSignIn]);

  const shown = latest === 'resend' ? resent : verified;
  const message = shown
    ? { text: shown.message, tone: shown.ok ? ('success' as const) : ('error' as const) }
    : { text: SIGNUP_MESSAGES.sent, tone: 'success' as const };

  return (
    <div className="mt-8 space-y-4">
      <p>
        We sent a 6-digit code to <strong>{pending.email}</strong>. It is valid for 15 minutes.
      </p>
      <verify.Form method="post" className="space-y-4" onSubmit={() => setLatest('verify')}>
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="requestId" value={pending.requestId} />
        <TextField
          label="OTP"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          pattern="[0-9]{6}"
        />
        <FormMessage message={message} />
        <button type="submit" className={PRIMARY_BUTTON} disabled={verify.state !== 'idle' || verified?.ok}>
          {verify.state !== 'idle' ? 'Verifying...' : 'Verify OTP'}
        </button>
      </verify.Form>
      <resend.Form method="post" onSubmit={() => setLatest('resend')}>
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="requestId" value={pending.requestId} />
        <button
          type="submit"
          className={SECONDARY_BUTTON}
          disabled={secondsLeft > 0 || resend.state !== 'idle' || verified?.ok}
        >
          {secondsLeft > 0 ? `Resend OTP (${secondsLeft}s)` : 'Resend OTP'}
        </button>
      </resend.Form>
    </div>
  );
}

/** Whole seconds until `iso`, ticking down once a second. */
function useSecondsUntil(iso: string): number {
  const until = new Date(iso).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((until - now) / 1000));
}
