// The server half of the route module coupon-new.tsx (ADR 0017): what runs only on the server.
import { data, href, redirect } from 'react-router';
import { couponFormValues, EMPTY_COUPON_FORM } from '../../../server/admin/coupon-input.ts';
import { createCoupon } from '../../../server/admin/coupons.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/coupon-new';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { values: EMPTY_COUPON_FORM };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = Object.fromEntries(await readForm(request));
  const result = await createCoupon(getApp(context).db, admin, form);
  if (result.ok) throw redirect(`${href('/admin/coupons')}?created=${encodeURIComponent(result.coupon.code)}`);
  // The form comes back with what was typed, and what to correct.
  return data(
    { values: couponFormValues(form), errors: result.fieldErrors ?? {}, message: result.message },
    { status: statusOf(result) },
  );
}
