// The server half of the route module customer.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { CUSTOMER_NOTE_MAX } from '../../../common/customer-notes.ts';
import { formatPaise } from '../../../common/money.ts';
import { PAYMENT_METHOD_LABELS } from '../../../common/order-filters.ts';
import { formatOrderDate, orderNumber, orderStatus } from '../../../common/orders.ts';
import { payoutLabel } from '../../../common/refunds.ts';
import { RETURN_STATUS_LABELS } from '../../../common/returns.ts';
import { formatCreditDate } from '../../../common/store-credit.ts';
import { addCustomerNote } from '../../../server/admin/customer-notes.ts';
import { getAdminCustomer } from '../../../server/admin/customers.ts';
import { shortOrderId } from '../../../server/admin/orders.ts';
import { requireFreshCode } from '../../../server/auth/two-factor.ts';
import type { ReturnRequest } from '../../../server/db/schema.ts';
import type { Refund } from '../../../server/payments/refunds.ts';
import { grantCredit, revokeCredit } from '../../../server/store-credit/staff.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import { accountDeps } from '../../session.server.ts';
import { creditPageOf } from '../../store-credit.server.ts';
import type { Route } from './+types/customer';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const app = getApp(context);
  const customer = await getAdminCustomer(app.db, params.id, creditPageOf(request));
  if (!customer) throw data('Customer not found', { status: 404 });
  return {
    customer: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      emailVerified: customer.emailVerified,
      joined: formatOrderDate(customer.createdAt),
      deletedOn: customer.deletedAt ? formatOrderDate(customer.deletedAt) : null,
    },
    orders: customer.orders.map((order) => ({
      id: order.id,
      shortId: shortOrderId(order.id),
      date: formatOrderDate(order.createdAt),
      status: orderStatus(order.status),
      totalPaise: order.totalPaise,
      payment: PAYMENT_METHOD_LABELS[order.paymentMethod],
    })),
    returns: customer.returns.map(({ request, summary }) => ({
      id: request.id,
      date: formatOrderDate(request.createdAt),
      orderId: request.orderId,
      orderNumber: orderNumber(request.orderId),
      summary,
      status: RETURN_STATUS_LABELS[request.status],
    })),
    refunds: customer.refunds.map(({ refund, request }) => ({
      id: refund.id,
      date: formatOrderDate(refund.createdAt),
      orderId: refund.orderId,
      orderNumber: refund.orderId ? orderNumber(refund.orderId) : null,
      /** What it gives back: the whole order, a return, or a payment made when the stock had gone. */
      what: request
        ? (customer.returns.find((found) => found.request.id === request.id)?.summary ?? 'A return')
        : refund.orderId
          ? 'The whole order'
          : 'A payment made when the stock had gone',
      amountPaise: refund.amountPaise,
      to: refundTo(refund, request),
      state: refundState(refund),
    })),
    deliveryFailures: customer.deliveryFailures.map((failure) => ({
      id: failure.id,
      date: formatOrderDate(failure.reportedAt),
      orderId: failure.orderId,
      orderNumber: failure.orderNumber,
      awb: failure.awb,
      reason: failure.reason,
      answer: failure.answer ?? 'No answer',
      state: failure.sentAt
        ? `Sent to the courier on ${formatOrderDate(failure.sentAt)}`
        : failure.open
          ? failure.answer
            ? 'Waiting to be sent to the courier'
            : "Waiting for the shopper's answer"
          : 'Closed: the parcel moved on',
    })),
    notes: {
      total: customer.notes.total,
      entries: customer.notes.notes.map((note) => ({
        id: note.id,
        body: note.body,
        by: note.authorEmail,
        date: formatOrderDate(note.createdAt),
      })),
    },
    credit: {
      balancePaise: customer.creditPaise,
      total: customer.credit.total,
      page: customer.credit.page,
      pages: customer.credit.pages,
      entries: customer.credit.entries.map((entry) => ({
        id: entry.id,
        date: formatCreditDate(entry.createdAt),
        kind: entry.kindLabel,
        reason: entry.reason,
        by: entry.by,
        amountPaise: entry.amountPaise,
      })),
    },
    /** Above this, a grant or take-back needs a fresh authenticator code. */
    codeAbovePaise: app.config.storeCredit.codeAbovePaise,
  };
}

/** Where a refund went, for staff: a payout names the UPI ID or the account's last digits. */
function refundTo(refund: Refund, request: ReturnRequest | null): string {
  if (refund.destination === 'original') return 'Original payment';
  if (refund.destination === 'store_credit') return 'Store credit';
  return payoutLabel({ upiId: request?.payoutUpiId ?? null, accountNumber: request?.payoutAccountNumber ?? null });
}

/** Whether the money has gone back, or what it waits for. */
function refundState(refund: Refund): string {
  if (refund.destination === 'store_credit') return 'Added to store credit';
  if (refund.destination === 'payout') {
    return refund.paidOutOn
      ? `Paid out on ${formatCreditDate(new Date(`${refund.paidOutOn}T12:00:00+05:30`))} (reference ${refund.payoutReference})`
      : 'To be paid out: not recorded as paid yet';
  }
  if (refund.razorpayRefundId) return `Refunded (Razorpay refund ${refund.razorpayRefundId})`;
  return refund.needsAttention
    ? 'Needs attention: Razorpay has not confirmed it and the store no longer asks'
    : 'Waiting for Razorpay to confirm';
}

type Field = 'amount' | 'reason' | 'code' | 'note';

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const intent = form.get('intent');
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  // What was typed comes back with a refusal, so the form keeps it (the code never does).
  const refused = (message: string, status: number, fieldErrors: Partial<Record<Field, string>> = {}) =>
    data(
      {
        alerts: [{ tone: 'error', text: message }] as AlertMessage[],
        fieldErrors,
        values: {
          amount: text('amount').slice(0, 40),
          reason: text('reason').slice(0, 400),
          note: text('note').slice(0, 2 * CUSTOMER_NOTE_MAX),
        },
        entryId: undefined as string | undefined,
        noteId: undefined as string | undefined,
      },
      { status },
    );
  const app = getApp(context);
  if (intent === 'note') {
    const added = await addCustomerNote(app.db, { id: admin.id, email: admin.email }, params.id, form.get('note'));
    if (!added.ok) {
      if (added.kind === 'not_found') throw data('Customer not found', { status: 404 });
      return refused(added.message, statusOf(added), added.fieldErrors);
    }
    return {
      alerts: [{ tone: 'success', text: 'Note added.' }] as AlertMessage[],
      fieldErrors: {} as Partial<Record<Field, string>>,
      values: { amount: '', reason: '', note: '' },
      entryId: undefined as string | undefined,
      /** A new note: its form starts empty again. */
      noteId: added.note.id as string | undefined,
    };
  }
  if (intent !== 'grant' && intent !== 'revoke') return refused('Choose to grant or to take back credit.', 400);

  const account = { id: admin.id, role: admin.role, headers: request.headers };
  // Checked only when the amount is above the limit (store-credit/staff.ts): money the store owes.
  const freshCode = () => requireFreshCode(accountDeps(context), account, { code: form.get('code') ?? undefined });
  const move = intent === 'grant' ? grantCredit : revokeCredit;
  const result = await move(
    { db: app.db, settings: app.config.storeCredit },
    { id: admin.id, email: admin.email },
    params.id,
    { amount: form.get('amount'), reason: form.get('reason') },
    freshCode,
  );
  if (!result.ok) {
    if (result.kind === 'not_found') throw data('Customer not found', { status: 404 });
    return refused(result.message, statusOf(result), result.fieldErrors);
  }
  const amount = formatPaise(Math.abs(result.entry.amountPaise));
  const done = intent === 'grant' ? `Granted ${amount} of store credit.` : `Took back ${amount} of store credit.`;
  return {
    alerts: [
      { tone: 'success', text: `${done} The balance is now ${formatPaise(result.balancePaise)}.` },
    ] as AlertMessage[],
    fieldErrors: {} as Partial<Record<Field, string>>,
    values: { amount: '', reason: '', note: '' },
    /** A new entry: the form starts empty again. */
    entryId: result.entry.id as string | undefined,
    noteId: undefined as string | undefined,
  };
}
