// "Continue with Google" (docs/product.md §8): says 'Redirecting to Google...' while the sign-in
// starts, and the failure message when it cannot. Works without JavaScript as a plain form post.
import { useState } from 'react';
import { href, useFetcher, useLocation, useSearchParams } from 'react-router';

import { GOOGLE_MESSAGES } from '../../common/google-messages.ts';
import type { action } from '../routes/auth.google.ts';
import { SECONDARY_BUTTON } from './buttons.ts';
import { LegalConsent } from './legal-consent.tsx';

export function GoogleButton({ mode, returnTo }: { mode: 'signin' | 'signup'; returnTo?: string }) {
  const fetcher = useFetcher<typeof action>();
  const location = useLocation();
  const [params] = useSearchParams();
  const here = location.pathname;
  const [submitted, setSubmitted] = useState(false);
  // After a successful start the browser leaves for the provider: stay busy until it does.
  const busy = fetcher.state !== 'idle' || (submitted && !fetcher.data?.error);
  // Back from the provider with an error (its errorCallbackURL).
  const returnedError =
    params.get('authError') === `google-${mode}`
      ? mode === 'signup'
        ? GOOGLE_MESSAGES.signUpFailed
        : GOOGLE_MESSAGES.signInFailed
      : undefined;
  const error = fetcher.data?.error ?? returnedError;

  return (
    <fetcher.Form method="post" action={href('/auth/google')} className="space-y-2" onSubmit={() => setSubmitted(true)}>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="returnTo" value={returnTo ?? here} />
      <input type="hidden" name="from" value={here} />
      <button type="submit" className={`${SECONDARY_BUTTON} flex items-center justify-center gap-3`} disabled={busy}>
        <GoogleMark />
        {mode === 'signup' ? 'Sign up with Google' : 'Continue with Google'}
      </button>
      <div role="status" aria-live="polite" className="text-center text-sm">
        {busy ? (
          <p>{GOOGLE_MESSAGES.redirecting}</p>
        ) : error ? (
          <p className="font-semibold text-brand-dark">{error}</p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.7 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 2.9-2.2 5.4-4.8 7.1l7.7 6c4.5-4.2 6.9-10.3 6.9-17.6z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * Under the log in and sign up forms: the other way in, with Google (back to the log in page,
 * which carries on as after any sign-in), and what going on agrees to.
 */
export function GoogleWayIn({ mode, consentLead }: { mode: 'signin' | 'signup'; consentLead: string }) {
  return (
    <>
      <Divider />
      <GoogleButton mode={mode} returnTo={href('/login')} />
      <LegalConsent lead={consentLead} />
    </>
  );
}

/** The "or" between a form and the Google button. */
function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs text-muted uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-black/15" />
      or
      <span className="h-px flex-1 bg-black/15" />
    </div>
  );
}
