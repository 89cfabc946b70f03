// The server half of the route module coupons.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';
import { couponRow, listAdminCoupons, setCouponActive } from '../../../server/admin/coupons.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/coupons';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const rows = (await listAdminCoupons(db)).map((coupon) => couponRow(coupon, now));
  // The new and edit pages come back here with what they saved, named in the address.
  const alerts: AlertMessage[] = [];
  for (const [param, verb] of [
    ['created', 'created'],
    ['updated', 'updated'],
  ] as const) {
    const code = params.get(param)?.trim().toUpperCase();
    if (code && rows.some((row) => row.code === code))
      alerts.push({ tone: 'success', text: `Coupon ${code} ${verb}.` });
  }
  return { coupons: rows, alerts };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const { db } = getApp(context);
  const form = await readForm(request);
  const intent = form.get('intent');
  const code = String(form.get('code') ?? '')
    .trim()
    .toUpperCase();
  if (intent !== 'deactivate' && intent !== 'activate') {
    return data({ alerts: [{ tone: 'error', text: 'Unknown request.' }] as AlertMessage[] }, { status: 400 });
  }
  const result = await setCouponActive(db, admin, code, intent === 'activate');
  if (!result.ok) {
    const text = result.kind === 'not_found' ? `No coupon has the code ${code || '(none given)'}.` : result.message;
    return data({ alerts: [{ tone: 'error', text }] as AlertMessage[] }, { status: statusOf(result) });
  }
  return {
    alerts: [
      { tone: 'success', text: `Coupon ${result.coupon.code} ${intent === 'activate' ? 'activated' : 'deactivated'}.` },
    ] as AlertMessage[],
  };
}
