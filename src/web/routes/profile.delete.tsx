// Deleting one's own account (ADR 0029): what goes and what stays, the confirmation (a ticked
// box and the password, or the account's email for one made through Google, and a fresh code with
// two-factor sign-in on), then, signed out, the confirmation that it is done. A plain form: it
// works before the scripts load, and the server decides (auth/delete-account.ts).
import { Form, href, Link, useNavigation } from 'react-router';

import { ACCOUNT_DELETION_MESSAGES } from '../../common/account-deletion.ts';
import { BackLinkBelow } from '../components/back-link.tsx';
import { FormMessage, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { AuthenticatorCodeField, CurrentPasswordField } from '../components/identity-fields.tsx';
import { TextLink } from '../components/text-link.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/profile.delete';

export { action, loader } from './profile.delete.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Delete my account',
    description: 'Delete your Trap the Trend account and its personal data.',
    noIndex: true,
  });
}

const DANGER_BUTTON =
  'w-full rounded-md bg-brand-dark px-5 py-3 font-bold text-white hover:bg-ink disabled:cursor-not-allowed disabled:opacity-60';

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.deleted) {
    return (
      <div className="mx-auto max-w-lg px-4 py-12">
        <h1 className="text-3xl font-black uppercase">Account deleted</h1>
        <p className="mt-6 leading-relaxed" role="status">
          {ACCOUNT_DELETION_MESSAGES.deleted}
        </p>
        <p className="mt-4 leading-relaxed">
          Your orders and invoices are kept as tax records, as our{' '}
          <TextLink to={href('/privacy')}>Privacy Policy</TextLink> explains. You are welcome back any time with a new
          account.
        </p>
        <Link to={href('/')} className={`${PRIMARY_BUTTON} mt-8 block text-center`}>
          Back to home
        </Link>
      </div>
    );
  }
  return <DeleteAccountForm {...loaderData} answer={actionData} />;
}

function DeleteAccountForm({
  email,
  hasPassword,
  twoFactorEnabled,
  blocked,
  answer,
}: {
  email: string;
  hasPassword: boolean;
  twoFactorEnabled: boolean;
  blocked: string | null;
  answer: Route.ComponentProps['actionData'];
}) {
  const busy = useNavigation().state !== 'idle';
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-black uppercase">Delete my account</h1>
      <div className="mt-6 space-y-4 leading-relaxed">
        <p>Deleting your account cannot be undone. We erase:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>your profile, saved addresses, cart and likes;</li>
          <li>your reviews, and the photos of your reviews and returns;</li>
          <li>your name and email on the account, and every way to sign in to it.</li>
        </ul>
        <p>
          Your orders, invoices, credit notes, refunds and return requests are kept for 8 years, with the delivery
          address of each order, because the tax law requires it (see the{' '}
          <TextLink to={href('/privacy')}>Privacy Policy</TextLink>). You will not be able to see them, return items or
          download invoices any more: download your invoices and{' '}
          <a href={href('/profile/data')} download className="font-semibold underline">
            your data
          </a>{' '}
          first if you want to keep them.
        </p>
      </div>
      {blocked ? (
        <p role="alert" className="mt-6 rounded-md border border-brand-dark/40 bg-brand-dark/5 p-3 font-semibold">
          {blocked}
        </p>
      ) : (
        <Form method="post" noValidate className="mt-8 space-y-4 rounded-lg border border-black/10 bg-white p-6">
          {hasPassword ? (
            <CurrentPasswordField error={errors.password} />
          ) : (
            <TextField
              label={`Type your email (${email}) to confirm`}
              name="email"
              type="email"
              autoComplete="off"
              required
              error={errors.email}
            />
          )}
          {twoFactorEnabled ? (
            <AuthenticatorCodeField label="Current code from your authenticator app" error={errors.code} />
          ) : null}
          <div className="flex items-start gap-3">
            <input
              id="delete-confirm"
              type="checkbox"
              name="confirm"
              value="yes"
              required
              className="mt-1 size-4"
              aria-invalid={errors.confirm ? true : undefined}
            />
            <label htmlFor="delete-confirm">
              I understand that my account and its personal data will be deleted for good.
            </label>
          </div>
          <FormMessage message={answer && !answer.ok ? { text: answer.message, tone: 'error' } : undefined} />
          <button type="submit" className={DANGER_BUTTON} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </button>
        </Form>
      )}
      <BackLinkBelow to={href('/profile')} className="mt-8">
        Back to Profile
      </BackLinkBelow>
    </div>
  );
}
