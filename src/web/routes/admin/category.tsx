// One category's size chart for staff (ADR 0030): every size's four measurements.
import { href } from 'react-router';

import { SIZES } from '../../../common/catalog.ts';
import { Alerts } from '../../components/admin/alert.tsx';
import { SizeChartForm } from '../../components/admin/size-chart-form.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { adminCategoryPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/category';

export { action, loader } from './category.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Category', 'A category’s size chart.');
}

export default function AdminCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { category, chart } = loaderData;
  return (
    <section aria-labelledby="admin-category-title" className="mt-6">
      <BackLink to={href('/admin/categories')}>All categories</BackLink>
      <h1 id="admin-category-title" className="mt-2 text-2xl font-black uppercase">
        {`${category.name}: size chart`}
      </h1>
      <p className="mt-1 text-sm text-muted">
        Garment measurements in centimetres (one decimal at most). A size left empty has no row; a product may have
        measurements of its own on its screen.
      </p>
      <Alerts messages={actionData?.alerts} />
      <SizeChartForm
        action={adminCategoryPath(category.slug)}
        sizes={SIZES}
        values={chart}
        caption={`Size chart of ${category.name}`}
      />
    </section>
  );
}
