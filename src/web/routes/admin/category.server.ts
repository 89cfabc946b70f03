// The server half of the route module category.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { CATEGORIES } from '../../../common/catalog.ts';
import { bySize } from '../../../common/size-chart.ts';
import { saveSizeChart, SIZE_CHART_MESSAGES } from '../../../server/admin/size-charts.ts';
import { categoryChart } from '../../../server/catalog/size-chart.ts';
import { requireAdmin } from '../../admin.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/category';

function categoryOf(slug: string) {
  const category = CATEGORIES.find((candidate) => candidate.slug === slug);
  if (!category) throw data('Category not found', { status: 404 });
  return category;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const category = categoryOf(params.slug);
  return { category, chart: bySize(await categoryChart(getApp(context).db, category.slug)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const category = categoryOf(params.slug);
  const form = Object.fromEntries(await readForm(request));
  const saved = await saveSizeChart(getApp(context).db, admin, { category: category.slug }, form);
  const alerts = (tone: AlertMessage['tone'], text: string) => ({ alerts: [{ tone, text }] });
  if (!saved.ok) return data(alerts('error', saved.message), { status: statusOf(saved) });
  return alerts('success', SIZE_CHART_MESSAGES.saved);
}
