import { useNavigation } from 'react-router';

import { AdminPage } from '../../components/admin/admin-page.tsx';
import { CouponForm } from '../../components/admin/coupon-form.tsx';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/coupon-edit';

export { loader, action } from './coupon-edit.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Edit coupon', 'Edit a coupon.');
}

export default function AdminCouponEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { values } = loaderData;
  return (
    <AdminPage id="admin-coupon-edit-title" title={<>Edit coupon {values.code}</>}>
      <p className="mt-2 text-sm text-muted">
        {loaderData.status} · used {loaderData.timesUsed} {loaderData.timesUsed === 1 ? 'time' : 'times'}
      </p>
      <CouponForm
        mode="edit"
        values={actionData ? { ...actionData.values, code: values.code } : values}
        errors={actionData?.errors}
        message={actionData?.message}
        submitting={navigation.state === 'submitting'}
      />
    </AdminPage>
  );
}
