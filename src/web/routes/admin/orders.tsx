import { Form, href, Link, useNavigation } from 'react-router';

import { ORDER_STATUSES, PAYMENT_METHODS } from '../../../common/catalog.ts';
import { formatPaise } from '../../../common/money.ts';
import {
  ORDER_ACTION_LABELS,
  ORDER_ACTIONS,
  ORDER_DAYS,
  ORDER_SEARCH_MAX,
  PAYMENT_METHOD_LABELS,
  type OrderFilters,
} from '../../../common/order-filters.ts';
import { orderStatus } from '../../../common/orders.ts';
import { AdminFilters, AdminListCount } from '../../components/admin/admin-list.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminPager } from '../../components/admin/admin-pager.tsx';
import { Alert } from '../../components/admin/alert.tsx';
import { AdminLinkCell, AdminPersonCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../../components/buttons.ts';
import { adminOrderPath, withQuery } from '../../paths.ts';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/orders';

export { action, loader } from './orders.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Orders', 'Manage the orders.');
}

const ALL = { value: '', label: 'All' };

/** The list's choices, in the order the form shows them. */
const SELECT_FILTERS = [
  {
    name: 'status',
    label: 'Status',
    options: [ALL, ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatus(status) }))],
  },
  {
    name: 'payment',
    label: 'Payment method',
    options: [ALL, ...PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))],
  },
  {
    name: 'action',
    label: 'Needs action',
    options: [
      { value: '', label: 'Any order' },
      ...ORDER_ACTIONS.map((action) => ({ value: action, label: ORDER_ACTION_LABELS[action] })),
    ],
  },
  {
    name: 'cash',
    label: 'Cash on delivery',
    options: [
      { value: '', label: 'All orders' },
      { value: 'overdue', label: 'Cash not received' },
    ],
  },
] as const satisfies ReadonlyArray<{ name: keyof OrderFilters; label: string; options: unknown }>;

const DAY_FILTERS = [
  { name: 'from', label: 'Placed from (India time)' },
  { name: 'to', label: 'Placed to (India time)' },
] as const satisfies ReadonlyArray<{ name: keyof OrderFilters; label: string }>;

const READY_TO_SHIP_FORM = 'ready-to-ship';

/** Why the list is empty: the one filter that left nothing, or the search and filters together. */
function emptyList(applied: Record<string, string>): string {
  const names = Object.keys(applied);
  if (names.length === 0) return 'No orders yet.';
  if (names.length === 1 && applied.cash) return 'No cash on delivery orders are waiting for their cash.';
  if (names.length === 1 && applied.status) return `No orders are ${orderStatus(applied.status).toLowerCase()}.`;
  return 'No orders match the search and filters.';
}

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
 * Every order, newest first, 50 to a page, found by one search box (order number, email, phone or
 * AWB) and filtered by status, payment method, the days placed (India time), what needs action and
 * overdue cash, every filter in the address; the matching orders export as CSV. Cash on delivery
 * orders are marked. With a courier provider, the orders that may ship are ticked and made ready
 * to ship together.
 */
export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, total, page, pages, filters, applied, problems, exportMax, cashOverdueDays, courier } = loaderData;
  const columns = ['Date (India time)', 'Order', 'Customer', 'Items', 'Total', 'Status'];
  const filtered = Object.keys(applied).length > 0;
  return (
    <AdminPage id="admin-orders-title" title="Orders">
      <AdminFilters grid="sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <TextField
            label="Order number, email, phone or AWB"
            name="search"
            type="search"
            defaultValue={filters.search}
            maxLength={ORDER_SEARCH_MAX}
            autoComplete="off"
          />
        </div>
        {SELECT_FILTERS.map(({ name, label, options }) => (
          <SelectField key={name} label={label} name={name} options={options} defaultValue={filters[name]} />
        ))}
        {DAY_FILTERS.map(({ name, label }) => (
          <TextField
            key={name}
            label={label}
            name={name}
            type="date"
            min={ORDER_DAYS.first}
            max={ORDER_DAYS.last}
            defaultValue={filters[name]}
          />
        ))}
      </AdminFilters>
      {problems.length > 0 ? (
        <Alert tone="error">
          <ul className="space-y-1">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p className="mt-2 font-normal">The list below is not filtered: it shows every order.</p>
        </Alert>
      ) : null}
      {applied.cash ? (
        <p className="mt-2 text-sm">{`Cash on delivery orders delivered more than ${cashOverdueDays} days ago whose cash has not been recorded as received.`}</p>
      ) : null}
      {courier ? <ReadyToShip answer={actionData} /> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-x-6">
        <AdminListCount
          total={total}
          one={filtered ? 'order matches' : 'order'}
          many={filtered ? 'orders match' : 'orders'}
          page={page}
          pages={pages}
        >
          {filtered ? (
            <>
              {' · '}
              <Link to={href('/admin/orders')} className="underline">
                Clear the search and filters
              </Link>
            </>
          ) : null}
        </AdminListCount>
        {total === 0 ? null : total > exportMax ? (
          <p className="mt-4 text-sm">{`More than ${exportMax.toLocaleString('en-IN')} orders match: narrow the dates or filters to export them.`}</p>
        ) : (
          <p className="mt-4 text-sm">
            <a href={withQuery(href('/admin/orders/export.csv'), applied)} download className="font-semibold underline">
              Export CSV
            </a>
            {` (${total === 1 ? 'the matching order' : `all ${total} matching orders`}, one row per item)`}
          </p>
        )}
      </div>
      <AdminTable
        label="Orders table"
        minWidth="min-w-[56rem]"
        columns={courier ? ['Ship', ...columns] : columns}
        empty={orders.length === 0 ? emptyList(applied) : undefined}
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
      <AdminPager label="Pages of orders" path={href('/admin/orders')} filters={applied} page={page} pages={pages} />
    </AdminPage>
  );
}
