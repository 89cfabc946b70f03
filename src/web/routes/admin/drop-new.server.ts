// The server half of the route module drop-new.tsx (ADR 0017): what runs only on the server.
import { data, href, redirect } from 'react-router';
import { dropFormValues, EMPTY_DROP_FORM } from '../../../server/admin/drop-input.ts';
import { createDrop } from '../../../server/admin/drops.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/drop-new';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { values: EMPTY_DROP_FORM };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = Object.fromEntries(await readForm(request));
  const result = await createDrop(getApp(context).db, admin, form);
  if (result.ok) throw redirect(`${href('/admin/drops')}?created=${encodeURIComponent(result.drop.name)}`);
  // The form comes back with what was typed, and what to correct.
  return data(
    { values: dropFormValues(form), errors: result.fieldErrors ?? {}, message: result.message },
    { status: statusOf(result) },
  );
}
