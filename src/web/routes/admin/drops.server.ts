// The server half of the route module drops.tsx (ADR 0017): what runs only on the server.
import { dropRow, listAdminDrops } from '../../../server/admin/drops.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import type { Route } from './+types/drops';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const rows = (await listAdminDrops(getApp(context).db)).map(dropRow);
  // The new and edit pages come back here with what they saved, named in the address; a name no
  // drop has (an old or altered address) says nothing.
  const alerts: AlertMessage[] = [];
  for (const [param, verb] of [
    ['created', 'created'],
    ['saved', 'saved'],
  ] as const) {
    const name = params.get(param);
    if (name && rows.some((row) => row.name === name))
      alerts.push({ tone: 'success', text: `Drop “${name}” ${verb}.` });
  }
  const deleted = params.get('deleted');
  if (deleted) alerts.push({ tone: 'success', text: `Drop “${deleted}” deleted. Its products are on sale now.` });
  return { drops: rows, alerts };
}
