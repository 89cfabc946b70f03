import { Form, href, useNavigation } from 'react-router';

import { ORDER_STATUSES } from '../../../common/catalog.ts';
import { formatPaise } from '../../../common/money.ts';
import { orderStatus } from '../../../common/orders.ts';
import { AdminFilters, AdminListCount } from '../../components/admin/admin-list.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminPager } from '../../components/admin/admin-pager.tsx';
import { Alert } from '../../components/admin/alert.tsx';
import { AdminLinkCell, AdminPersonCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { PRIMARY_BUTTON, SelectField } from '../../components/form-field.tsx';
import { adminOrderPath } from '../../paths.ts';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { pageMeta } from '../../seo.ts';
import type { Route } from './+types/orders';

export { action, loader } from './orders.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Admin: Orders', description: 'Manage the orders.', noIndex: true });
}

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatus(status) })),
];

const CASH_OPTIONS = [
  { value: '', label: 'All orders' },
  { value: 'overdue', label: 'Cash not received' },
];

const READY_TO_SHIP_FORM = 'ready-to-ship';

/**
 * With a courier provider: the orders ticked in the table (their boxes belong to this form, which
 * works without JavaScript) are booked, and the answer offers the PDF of their labels and manifest.
 */
function ReadyToShip({ answer }: { answer: Route.ComponentProps['actionData'] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <>
      {answer?.alerts.map((alert, index) => (
        <Alert key={`${index}-${alert.text}`} tone={alert.tone}>
          {alert.text}
          {index === 0 && answer.pdfPath ? (
            <>
              {' '}
              <a href={answer.pdfPath} className="underline">
                Download labels and manifest
              </a>
            </>
          ) : null}
        </Alert>
      ))}
      <Form method="post" id={READY_TO_SHIP_FORM} className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          Ready to ship
        </button>
        <p className="text-sm text-muted">
          Tick the orders packed for the courier: their parcels are booked, with one PDF of their labels and the pickup
          manifest.
        </p>
      </Form>
    </>
  );
}

/**
 * Every order, newest first, of one status or all, 50 to a page; cash on delivery orders are
 * marked, and the cash filter lists the delivered ones whose cash is overdue. With a courier
 * provider, the orders that may ship are ticked and made ready to ship together.
 */
export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, total, page, pages, status, cash, cashOverdueDays, courier } = loaderData;
  const columns = ['Date (India time)', 'Order', 'Customer', 'Items', 'Total', 'Status'];
  return (
    <AdminPage id="admin-orders-title" title="Orders">
      <AdminFilters grid="sm:grid-cols-[14rem_14rem_auto] sm:justify-start">
        <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={status} key={status} />
        <SelectField
          label="Cash on delivery"
          name="cash"
          options={CASH_OPTIONS}
          defaultValue={cash}
          key={`cash-${cash}`}
        />
      </AdminFilters>
      {cash ? (
        <p className="mt-2 text-sm">{`Cash on delivery orders delivered more than ${cashOverdueDays} days ago whose cash has not been recorded as received.`}</p>
      ) : null}
      {courier ? <ReadyToShip answer={actionData} /> : null}
      <AdminListCount total={total} one="order" many="orders" page={page} pages={pages} />
      <AdminTable
        label="Orders table"
        minWidth="min-w-[56rem]"
        columns={courier ? ['Ship', ...columns] : columns}
        empty={
          orders.length === 0
            ? cash
              ? 'No cash on delivery orders are waiting for their cash.'
              : `No orders ${status ? `are ${status}` : 'yet'}.`
            : undefined
        }
      >
        {orders.map((order) => (
          <tr key={order.id}>
            {courier ? (
              <td className="px-3 py-2">
                {order.shippable ? (
                  <input
                    type="checkbox"
                    name="orderId"
                    value={order.id}
                    form={READY_TO_SHIP_FORM}
                    aria-label={`Ship order #${order.shortId}`}
                    className="size-4"
                  />
                ) : null}
              </td>
            ) : null}
            <td className="px-3 py-2 whitespace-nowrap">{order.date}</td>
            <AdminLinkCell to={adminOrderPath(order.id)} detail={order.cod ? 'COD' : (order.paymentId ?? '')}>
              {`Order #${order.shortId}`}
            </AdminLinkCell>
            <AdminPersonCell name={order.customerName} detail={order.customerEmail} />
            <td className="px-3 py-2">{order.itemCount}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatPaise(order.totalPaise)}</td>
            <td className="px-3 py-2">
              <OrderStatusBadge status={order.status} inTable />
              {order.parcel ? <span className="block text-xs text-muted">{`Courier: ${order.parcel}`}</span> : null}
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager
        label="Pages of orders"
        path={href('/admin/orders')}
        filters={{ status, cash }}
        page={page}
        pages={pages}
      />
    </AdminPage>
  );
}
