import { data, redirect, useNavigation } from 'react-router';

import { couponFormValues, couponToFormValues } from '../../../server/admin/coupon-input.ts';
import { couponStatus, getAdminCoupon, updateCoupon } from '../../../server/admin/coupons.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { CouponForm } from '../../components/admin/coupon-form.tsx';
import { pageMeta } from '../../seo.ts';
import type { Route } from './+types/coupon-edit';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Admin: Edit coupon', description: 'Edit a coupon.', noIndex: true });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const coupon = await getAdminCoupon(getApp(context).db, params.code);
  if (!coupon) throw data('Coupon not found', { status: 404 });
  return {
    values: couponToFormValues(coupon),
    timesUsed: coupon.timesUsed,
    status: couponStatus(coupon),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = Object.fromEntries(await request.formData());
  const result = await updateCoupon(getApp(context).db, admin, params.code, form);
  if (result.ok) throw redirect(`/admin/coupons?updated=${encodeURIComponent(result.coupon.code)}`);
  if (result.status === 404) throw data('Coupon not found', { status: 404 });
  return data(
    { values: couponFormValues(form), errors: result.errors, message: result.message },
    { status: result.status },
  );
}

export default function AdminCouponEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { values } = loaderData;
  return (
    <section aria-labelledby="admin-coupon-edit-title" className="mt-6">
      <h1 id="admin-coupon-edit-title" className="text-2xl font-black uppercase">
        Edit coupon {values.code}
      </h1>
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
    </section>
  );
}
