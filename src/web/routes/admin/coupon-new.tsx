import { useNavigation } from 'react-router';

import { AdminPage } from '../../components/admin/admin-page.tsx';
import { CouponForm } from '../../components/admin/coupon-form.tsx';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/coupon-new';

export { loader, action } from './coupon-new.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'New coupon', 'Create a coupon.');
}

export default function AdminCouponNew({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AdminPage id="admin-coupon-new-title" title="New coupon">
      <CouponForm
        mode="new"
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors}
        message={actionData?.message}
        submitting={navigation.state === 'submitting'}
      />
    </AdminPage>
  );
}
