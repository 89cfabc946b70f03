// One customer: their account, the notes staff leave, their orders (each opening on the admin's
// order page), returns and exchanges, refunds, failed deliveries, and their store credit with its
// ledger, where staff grant or take credit back with a reason and, above
// STORE_CREDIT_CODE_ABOVE_RUPEES, a code from their authenticator app (ADR 0048).
import { Form, href, Link, useNavigation } from 'react-router';

import { CUSTOMER_NOTE_MAX } from '../../../common/customer-notes.ts';
import { formatPaise } from '../../../common/money.ts';
import { STORE_CREDIT_REASON_MAX } from '../../../common/store-credit.ts';
import { AdminPanel } from '../../components/admin/admin-page.tsx';
import { AdminLinkCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { AdminFact, AdminFacts, AdminRecordPage } from '../../components/admin/admin-record-page.tsx';
import { TextAreaField, TextField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/buttons.ts';
import { StoreCreditHistory } from '../../components/store-credit-history.tsx';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { adminCustomerPath, adminOrderPath, adminReturnPath, withQuery } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/customer';
import { HeadedSection } from '../../components/headed-section.tsx';

export { action, loader } from './customer.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Customer', 'One customer.');
}

/** Every answer brings the balance and ledger as they now are, refusals too. */
export { revalidateAfterPost as shouldRevalidate } from '../../revalidate.ts';

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, orders, returns, refunds, deliveryFailures, notes, credit, codeAbovePaise } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const fieldErrors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? { amount: '', reason: '', note: '' };
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

        <HeadedSection id="customer-notes-title" title="Notes">
          <p className="mt-1 text-sm text-muted">For the team only: the customer never sees them.</p>
          {customer.deletedOn ? (
            <p className="mt-2 text-sm text-muted">This account was deleted: notes can no longer be added.</p>
          ) : (
            <Form method="post" className="mt-3 space-y-3" key={actionData?.noteId ?? 'note-form'}>
              <TextAreaField
                label="New note"
                name="note"
                rows={3}
                maxLength={CUSTOMER_NOTE_MAX}
                required
                defaultValue={values.note}
                error={fieldErrors.note}
              />
              <button type="submit" name="intent" value="note" className={SECONDARY_BUTTON} disabled={busy}>
                Add note
              </button>
            </Form>
          )}
          {notes.entries.length === 0 ? (
            <p className="mt-3 text-sm text-muted">No notes yet.</p>
          ) : (
            <ol className="mt-3 space-y-3" aria-label="Notes, newest first">
              {notes.entries.map((note) => (
                <li key={note.id} className="rounded-lg border border-black/10 bg-white p-3 text-sm">
                  <p className="break-words whitespace-pre-line">{note.body}</p>
                  <p className="mt-1 text-xs text-muted">{`${note.by}, ${note.date} (India time)`}</p>
                </li>
              ))}
            </ol>
          )}
          {notes.total > notes.entries.length ? (
            <p className="mt-2 text-sm text-muted">{`The ${notes.entries.length} newest of ${notes.total} notes are shown.`}</p>
          ) : null}
        </HeadedSection>

        <HeadedSection id="customer-orders-title" title="Orders">
          <AdminTable
            label="Orders of the customer"
            minWidth="min-w-[36rem]"
            columns={['Order', 'Date (India time)', 'Total', 'Status']}
            empty={orders.length === 0 ? 'No orders yet.' : undefined}
          >
            {orders.map((order) => (
              <tr key={order.id}>
                <AdminLinkCell to={adminOrderPath(order.id)} detail={order.payment}>
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
        </HeadedSection>

        <HeadedSection id="customer-returns-title" title="Returns and exchanges">
          <AdminTable
            label="Returns and exchanges of the customer"
            minWidth="min-w-[40rem]"
            columns={['Request', 'Date (India time)', 'Order', 'Status']}
            empty={returns.length === 0 ? 'No returns or exchanges.' : undefined}
          >
            {returns.map((request) => (
              <tr key={request.id}>
                <AdminLinkCell to={adminReturnPath(request.id)} detail="">
                  {request.summary}
                </AdminLinkCell>
                <td className="px-3 py-2 whitespace-nowrap">{request.date}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <Link to={adminOrderPath(request.orderId)} className="underline">{`#${request.orderNumber}`}</Link>
                </td>
                <td className="px-3 py-2">{request.status}</td>
              </tr>
            ))}
          </AdminTable>
        </HeadedSection>

        <HeadedSection id="customer-refunds-title" title="Refunds">
          <AdminTable
            label="Refunds to the customer"
            minWidth="min-w-[48rem]"
            columns={['Date (India time)', 'For', 'Amount', 'To', 'Status']}
            empty={refunds.length === 0 ? 'No refunds.' : undefined}
          >
            {refunds.map((refund) => (
              <tr key={refund.id}>
                <td className="px-3 py-2 whitespace-nowrap">{refund.date}</td>
                <td className="px-3 py-2">
                  {refund.what}
                  {refund.orderId && refund.orderNumber ? (
                    <Link to={adminOrderPath(refund.orderId)} className="block text-xs underline">
                      {`Order #${refund.orderNumber}`}
                    </Link>
                  ) : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatPaise(refund.amountPaise)}</td>
                <td className="px-3 py-2">{refund.to}</td>
                <td className="px-3 py-2">{refund.state}</td>
              </tr>
            ))}
          </AdminTable>
        </HeadedSection>

        <HeadedSection id="customer-deliveries-title" title="Failed deliveries">
          <AdminTable
            label="Failed deliveries to the customer"
            minWidth="min-w-[52rem]"
            columns={['Reported (India time)', 'Order', 'Courier said', 'Customer asked', 'Status']}
            empty={deliveryFailures.length === 0 ? 'No failed deliveries.' : undefined}
          >
            {deliveryFailures.map((failure) => (
              <tr key={failure.id}>
                <td className="px-3 py-2 whitespace-nowrap">{failure.date}</td>
                <AdminLinkCell to={adminOrderPath(failure.orderId)} detail={failure.awb ? `AWB ${failure.awb}` : ''}>
                  {`#${failure.orderNumber}`}
                </AdminLinkCell>
                <td className="px-3 py-2">{failure.reason}</td>
                <td className="px-3 py-2">{failure.answer}</td>
                <td className="px-3 py-2">{failure.state}</td>
              </tr>
            ))}
          </AdminTable>
        </HeadedSection>

        <HeadedSection id="customer-credit-title" title="Store credit">
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
        </HeadedSection>
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
