// One customer: their account, their orders (each opening on the admin's order page), and their
// store credit with its ledger, where staff grant or take credit back with a reason and, above
// STORE_CREDIT_CODE_ABOVE_RUPEES, a code from their authenticator app (ADR 0048).
import { Form, href, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';

import { formatPaise } from '../../../common/money.ts';
import { STORE_CREDIT_REASON_MAX } from '../../../common/store-credit.ts';
import { AdminPanel } from '../../components/admin/admin-page.tsx';
import { AdminLinkCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { AdminFact, AdminFacts, AdminRecordPage } from '../../components/admin/admin-record-page.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TextAreaField, TextField } from '../../components/form-field.tsx';
import { StoreCreditHistory } from '../../components/store-credit-history.tsx';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { adminCustomerPath, adminOrderPath, withQuery } from '../../paths.ts';
import { pageMeta } from '../../seo.ts';
import type { Route } from './+types/customer';

export { action, loader } from './customer.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Admin: Customer', description: 'One customer.', noIndex: true });
}

/** Every answer brings the balance and ledger as they now are, refusals too. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? true : defaultShouldRevalidate;
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, orders, credit, codeAbovePaise } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const fieldErrors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? { amount: '', reason: '' };
  const codeLabel =
    codeAbovePaise === 0
      ? 'Code from your authenticator app'
      : `Code from your authenticator app (needed above ${formatPaise(codeAbovePaise)})`;
  return (
    <AdminRecordPage
      id="admin-customer-title"
      backTo={href('/admin/customers')}
      backLabel="All customers"
      title={customer.name}
      alerts={actionData?.alerts}
    >
      <div className="min-w-0 space-y-6">
        <AdminFacts>
          <AdminFact term="Email" className="break-all">
            {customer.email}
            {customer.emailVerified ? ' (verified)' : ''}
          </AdminFact>
          <AdminFact term="Phone">{customer.phone ?? 'Not provided'}</AdminFact>
          <AdminFact term="Joined">{customer.joined} (India time)</AdminFact>
          {customer.deletedOn ? (
            <AdminFact term="Deleted">{`The customer deleted the account on ${customer.deletedOn}.`}</AdminFact>
          ) : null}
        </AdminFacts>

        <section aria-labelledby="customer-orders-title">
          <h2 id="customer-orders-title" className="text-lg font-bold">
            Orders
          </h2>
          <AdminTable
            label="Orders of the customer"
            minWidth="min-w-[36rem]"
            columns={['Order', 'Date (India time)', 'Total', 'Status']}
            empty={orders.length === 0 ? 'No orders yet.' : undefined}
          >
            {orders.map((order) => (
              <tr key={order.id}>
                <AdminLinkCell
                  to={adminOrderPath(order.id)}
                  detail={
                    order.paymentMethod === 'cod'
                      ? 'Cash on delivery'
                      : order.paymentMethod === 'store_credit'
                        ? 'Paid with store credit'
                        : 'Paid online'
                  }
                >
                  {`Order #${order.shortId}`}
                </AdminLinkCell>
                <td className="px-3 py-2 whitespace-nowrap">{order.date}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatPaise(order.totalPaise)}</td>
                <td className="px-3 py-2">
                  <OrderStatusBadge status={order.status} inTable />
                </td>
              </tr>
            ))}
          </AdminTable>
        </section>

        <section aria-labelledby="customer-credit-title">
          <h2 id="customer-credit-title" className="text-lg font-bold">
            Store credit
          </h2>
          <p className="mt-1">
            Balance: <strong>{formatPaise(credit.balancePaise)}</strong>
          </p>
          {credit.total === 0 ? (
            <p className="mt-2 text-sm text-muted">No store credit yet.</p>
          ) : (
            <StoreCreditHistory
              staff
              entries={credit.entries}
              page={credit.page}
              pages={credit.pages}
              pageLink={(page) => withQuery(adminCustomerPath(customer.id), page > 1 ? { credit: String(page) } : {})}
            />
          )}
        </section>
      </div>

      <AdminPanel id="credit-move-title" title="Grant or take back credit">
        {customer.deletedOn ? (
          <p className="mt-2 text-sm text-muted">This account was deleted: its store credit can no longer change.</p>
        ) : (
          <Form method="post" className="mt-3 space-y-4" key={actionData?.entryId ?? 'credit-form'}>
            <TextField
              label="Amount in rupees"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              required
              defaultValue={values.amount}
              error={fieldErrors.amount}
            />
            <TextAreaField
              label="Reason (the customer sees it)"
              name="reason"
              rows={2}
              maxLength={STORE_CREDIT_REASON_MAX}
              required
              defaultValue={values.reason}
              error={fieldErrors.reason}
            />
            <TextField
              label={codeLabel}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              error={fieldErrors.code}
            />
            <div className="flex flex-col gap-3">
              <button type="submit" name="intent" value="grant" className={PRIMARY_BUTTON} disabled={busy}>
                Grant credit
              </button>
              <button type="submit" name="intent" value="revoke" className={SECONDARY_BUTTON} disabled={busy}>
                Take back credit
              </button>
            </div>
          </Form>
        )}
      </AdminPanel>
    </AdminRecordPage>
  );
}
