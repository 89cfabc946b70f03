// The server half of the route module coupon-edit.tsx (ADR 0017): what runs only on the server.
import { data, href, redirect } from 'react-router';
import { couponFormValues, couponToFormValues } from '../../../server/admin/coupon-input.ts';
import { couponStatus, getAdminCoupon, updateCoupon } from '../../../server/admin/coupons.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/coupon-edit';

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
  const form = Object.fromEntries(await readForm(request));
  const result = await updateCoupon(getApp(context).db, admin, params.code, form);
  if (result.ok) throw redirect(`${href('/admin/coupons')}?updated=${encodeURIComponent(result.coupon.code)}`);
  if (result.kind === 'not_found') throw data('Coupon not found', { status: 404 });
  return data(
    { values: couponFormValues(form), errors: result.fieldErrors ?? {}, message: result.message },
    { status: statusOf(result) },
  );
}
