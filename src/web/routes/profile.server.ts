// The profile page's server half: the signed-in user's profile, and saving its form.
import { href, redirect } from 'react-router';

import { getProfile, updateProfile } from '../../server/profiles/service.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { getSessionUser } from '../session.server.ts';
import { creditPageOf, storeCreditView } from '../store-credit.server.ts';
import type { Route } from './+types/profile';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const { db } = getApp(context);
  // Streamed: the page shows 'Loading profile...' until the row arrives.
  return {
    profile: getProfile(db, user.id).then((profile) => profile ?? null),
    twoFactorEnabled: user.twoFactorEnabled,
    storeCredit: await storeCreditView(db, user.id, creditPageOf(request)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const form = Object.fromEntries(await readForm(request));
  const result = await updateProfile(getApp(context).db, user.id, form);
  return result.ok ? result : failureData(result);
}
