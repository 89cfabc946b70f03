// The server half of the route module profile.delete.tsx (ADR 0017): what confirms a deletion for
// this account, and the deletion itself (auth/delete-account.ts decides everything). After it the
// sessions are gone, so the confirmation is shown to a signed-out visitor at ?deleted.
import { href, redirect } from 'react-router';

import { ACCOUNT_DELETION_MESSAGES } from '../../common/account-deletion.ts';
import { deleteAccount, passwordHashOf } from '../../server/auth/delete-account.ts';
import { unfinishedBusiness } from '../../server/orders/account-erasure.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { withQuery } from '../paths.ts';
import { accountDeps, getSessionUser } from '../session.server.ts';
import type { Route } from './+types/profile.delete';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) {
    if (new URL(request.url).searchParams.has('deleted')) return { deleted: true as const };
    throw redirect(href('/login'));
  }
  const deps = accountDeps(context);
  const unfinished = user.role === 'admin' ? undefined : await unfinishedBusiness(deps.db, user.id);
  const blockedBy = {
    admin: ACCOUNT_DELETION_MESSAGES.admin,
    orders: ACCOUNT_DELETION_MESSAGES.ordersInProgress,
    returns: ACCOUNT_DELETION_MESSAGES.returnsInProgress,
  };
  return {
    deleted: false as const,
    email: user.email,
    hasPassword: (await passwordHashOf(deps.db, user.id)) !== undefined,
    twoFactorEnabled: user.twoFactorEnabled,
    // Why the form is not offered; the action decides again when it is sent anyway.
    blocked: user.role === 'admin' ? blockedBy.admin : unfinished ? blockedBy[unfinished] : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const form = Object.fromEntries(await readForm(request));
  const result = await deleteAccount(
    accountDeps(context),
    { id: user.id, role: user.role, headers: request.headers },
    form,
  );
  if (!result.ok) return failureData(result);
  throw redirect(withQuery(href('/profile/delete'), { deleted: '1' }));
}
