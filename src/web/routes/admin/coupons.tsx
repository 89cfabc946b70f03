import { Form, href, Link } from 'react-router';

import { AdminPage } from '../../components/admin/admin-page.tsx';
import { Alerts } from '../../components/admin/alert.tsx';
import { AdminTable } from '../../components/admin/admin-table.tsx';
import { adminCouponPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/coupons';

export { loader, action } from './coupons.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Coupons', 'Manage the coupons.');
}

const STATUS_STYLE: Record<string, string> = {
  Active: 'bg-green-100 text-green-900',
  Inactive: 'bg-black/10 text-ink',
  Expired: 'bg-red-100 text-red-900',
  'Not started': 'bg-amber-100 text-amber-900',
};

/** Every coupon, newest first, with how often it has been used and a switch to turn it off or on. */
export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons } = loaderData;
  return (
    <AdminPage
      id="admin-coupons-title"
      title="Coupons"
      action={
        <Link
          to={href('/admin/coupons/new')}
          className="rounded-md bg-ink px-5 py-3 font-bold text-white hover:bg-black"
        >
          New coupon
        </Link>
      }
    >
      <Alerts messages={actionData?.alerts ?? loaderData.alerts} />
      <p className="mt-4 text-sm text-muted">
        {coupons.length} {coupons.length === 1 ? 'coupon' : 'coupons'}. Dates are in India time. A coupon is never
        deleted, since orders refer to it; deactivate it instead.
      </p>
      <AdminTable
        label="Coupons table"
        minWidth="min-w-[72rem]"
        columns={[
          'Code',
          'Discount',
          'Minimum order',
          'Valid',
          'Usage limit',
          'Payment',
          'Times used',
          'Status',
          'Actions',
        ]}
        empty={coupons.length === 0 ? 'No coupons yet.' : undefined}
      >
        {coupons.map((coupon) => (
          <tr key={coupon.code}>
            <th scope="row" className="px-3 py-2 font-mono font-semibold">
              {coupon.code}
            </th>
            <td className="px-3 py-2">{coupon.discount}</td>
            <td className="px-3 py-2 whitespace-nowrap">{coupon.minimumOrder}</td>
            <td className="px-3 py-2">{coupon.dates}</td>
            <td className="px-3 py-2">{coupon.limits}</td>
            <td className="px-3 py-2">{coupon.payment}</td>
            <td className="px-3 py-2" data-testid="times-used">
              {coupon.timesUsed}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[coupon.status] ?? ''}`}>
                {coupon.status}
              </span>
            </td>
            <td className="px-3 py-2">
              <div className="flex items-center gap-3">
                <Link to={adminCouponPath(coupon.code)} className="font-semibold underline underline-offset-2">
                  Edit<span className="sr-only"> {coupon.code}</span>
                </Link>
                {/* The list's own address, without any ?created= of a previous save. */}
                <Form method="post" action={href('/admin/coupons')}>
                  <input type="hidden" name="code" value={coupon.code} />
                  <button
                    type="submit"
                    name="intent"
                    value={coupon.active ? 'deactivate' : 'activate'}
                    className="rounded-md border border-ink px-3 py-1 font-semibold text-ink hover:bg-black/5"
                  >
                    {coupon.active ? 'Deactivate' : 'Activate'}
                    <span className="sr-only"> {coupon.code}</span>
                  </button>
                </Form>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  );
}
