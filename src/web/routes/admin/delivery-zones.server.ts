// The server half of the route module delivery-zones.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import {
  saveZoneTable,
  ZONE_MESSAGES,
  zoneFormRow,
  zoneFormRows,
  zoneTable,
  type ZoneFormRow,
} from '../../../server/shipping/zone-table.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/delivery-zones';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const app = getApp(context);
  const { zones, saved } = await zoneTable(app.db);
  return { rows: zones.map(zoneFormRow), saved, provider: app.shipping.provider?.name ?? null };
}

interface ZoneActionData {
  alerts: AlertMessage[];
  /** The rows as typed, when the save was refused; after a save the loader's are shown. */
  rows?: ZoneFormRow[];
  errors?: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = Object.fromEntries(await readForm(request));
  const saved = await saveZoneTable(getApp(context).db, admin, form);
  if (saved.ok) return data<ZoneActionData>({ alerts: [{ tone: 'success', text: ZONE_MESSAGES.saved }] });
  // The form comes back with what was typed, and what to correct.
  return data<ZoneActionData>(
    { alerts: [{ tone: 'error', text: saved.message }], rows: zoneFormRows(form), errors: saved.fieldErrors ?? {} },
    { status: statusOf(saved) },
  );
}
