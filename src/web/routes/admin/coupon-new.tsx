import { data, redirect, useNavigation } from 'react-router';

import { couponFormValues, EMPTY_COUPON_FORM } from '../../../server/admin/coupon-input.ts';
import { createCoupon } from '../../../server/admin/coupons.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { CouponForm } from '../../components/admin/coupon-form.tsx';
import { pageMeta } from '../../seo.ts';
import type { Route } from './+types/coupon-new';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Admin: New coupon', description: 'Create a coupon.', noIndex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { values: EMPTY_COUPON_FORM };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = Object.fromEntries(await request.formData());
  const result = await createCoupon(getApp(context).db, admin, form);
  if (result.ok) throw redirect(`/admin/coupons?created=${encodeURIComponent(result.coupon.code)}`);
  // The form comes back with what was typed, and what to correct.
  return data(
    { values: couponFormValues(form), errors: result.errors, message: result.message },
    { status: result.status },
  );
}

export default function AdminCouponNew({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="admin-coupon-new-title" className="mt-6">
      <h1 id="admin-coupon-new-title" className="text-2xl font-black uppercase">
        New coupon
      </h1>
      <CouponForm
        mode="new"
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors}
        message={actionData?.message}
        submitting={navigation.state === 'submitting'}
      />
    </section>
  );
}
