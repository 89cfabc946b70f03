// The server half of the route module categories.tsx (ADR 0017): what runs only on the server.
import { CATEGORIES } from '../../../common/catalog.ts';
import { categoryChart } from '../../../server/catalog/size-chart.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/categories';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { db } = getApp(context);
  const charts = await Promise.all(CATEGORIES.map((category) => categoryChart(db, category.slug)));
  return {
    categories: CATEGORIES.map((category, index) => ({
      slug: category.slug,
      name: category.name,
      sizesCharted: charts[index]!.length,
    })),
  };
}
