import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { href, useActionData, useFetcher, useNavigate } from 'react-router';

import { FIX_ERRORS_MESSAGE, NewPasswordSchema } from '../../common/validation.ts';
import { BackLinkBelow } from '../components/back-link.tsx';
import { formFields } from '../components/field-props.ts';
import { FormMessage, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { useCheckedSubmit } from '../hooks/use-checked-submit.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/reset-password';
import type { action } from './reset-password.server.ts';

export { action } from './reset-password.server.ts';

/** docs/product.md §9: back to the login page 2 s after a new password is set. */
export const RESET_REDIRECT_MS = 2000;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Set New Password',
    description: 'Choose a new password for your account.',
    noIndex: true,
  });
}

type NewPassword = { password: string; confirmPassword: string };

export default function ResetPasswordPage() {
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const field = formFields(register, errors);
  const { blocked, onSubmit } = useCheckedSubmit(handleSubmit, fetcher);
  const answer = useActionData<typeof action>();
  const result = fetcher.data ?? answer;

  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.fieldErrors ?? {}))
        setError(field as keyof NewPassword, { message });
      return;
    }
    const timer = setTimeout(() => void navigate(href('/login')), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, navigate, setError]);

  const message = blocked
    ? { text: FIX_ERRORS_MESSAGE, tone: 'error' as const }
    : result && { text: result.message, tone: result.ok ? ('success' as const) : ('error' as const) };

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-black uppercase">Set New Password</h1>
      <fetcher.Form method="post" noValidate className="mt-8 space-y-4" onSubmit={onSubmit}>
        <TextField label="New password" type="password" autoComplete="new-password" {...field('password')} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <FormMessage message={message ?? undefined} />
        <button type="submit" className={PRIMARY_BUTTON} disabled={fetcher.state !== 'idle' || result?.ok}>
          {fetcher.state !== 'idle' ? 'Updating...' : 'Update Password'}
        </button>
      </fetcher.Form>
      <BackLinkBelow to={href('/login')} className="mt-6">
        Back to Login
      </BackLinkBelow>
    </div>
  );
}
