// The server half of the route module drop-edit.tsx (ADR 0017): what runs only on the server.
import { data, href, redirect } from 'react-router';
import { parseSerialId } from '../../../common/ids.ts';
import { dropFormValues, dropToFormValues } from '../../../server/admin/drop-input.ts';
import { deleteDrop, dropStatus, getAdminDrop, updateDrop } from '../../../server/admin/drops.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/drop-edit';

function dropId(params: { id: string }): number {
  const id = parseSerialId(params.id);
  if (id === null) throw data('Drop not found', { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const found = await getAdminDrop(getApp(context).db, dropId(params));
  if (!found) throw data('Drop not found', { status: 404 });
  return {
    values: dropToFormValues(
      found.drop,
      found.products.map((product) => product.id),
    ),
    products: found.products,
    waiting: found.waiting,
    status: dropStatus(found.drop),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const id = dropId(params);
  const { db } = getApp(context);
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === 'delete') {
    const deleted = await deleteDrop(db, admin, id);
    if (!deleted.ok) throw data('Drop not found', { status: 404 });
    throw redirect(`${href('/admin/drops')}?deleted=${encodeURIComponent(deleted.name)}`);
  }
  const result = await updateDrop(db, admin, id, form);
  if (result.ok) throw redirect(`${href('/admin/drops')}?saved=${encodeURIComponent(result.drop.name)}`);
  if (result.kind === 'not_found') throw data('Drop not found', { status: 404 });
  return data(
    { values: dropFormValues(form), errors: result.fieldErrors ?? {}, message: result.message },
    { status: statusOf(result) },
  );
}
