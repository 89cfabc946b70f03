// The reset page's server half: the new password, set with the link's token.
import { resetPassword } from '../../server/auth/password-reset.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { accountDeps } from '../session.server.ts';
import type { Route } from './+types/reset-password';

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const token = new URL(request.url).searchParams.get('token');
  const result = await resetPassword(accountDeps(context), {
    token,
    password: form.password,
    confirmPassword: form.confirmPassword,
  });
  return result.ok ? result : failureData(result);
}
