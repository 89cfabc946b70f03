// The server half of the route module customer.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { formatPaise } from '../../../common/money.ts';
import { formatOrderDate, orderStatus } from '../../../common/orders.ts';
import { formatCreditDate } from '../../../common/store-credit.ts';
import { getAdminCustomer } from '../../../server/admin/customers.ts';
import { shortOrderId } from '../../../server/admin/orders.ts';
import { requireFreshCode } from '../../../server/auth/two-factor.ts';
import { moveCreditByStaff } from '../../../server/store-credit/staff.ts';
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
      paymentMethod: order.paymentMethod,
    })),
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

type Field = 'amount' | 'reason' | 'code';

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
        values: { amount: text('amount').slice(0, 40), reason: text('reason').slice(0, 400) },
        entryId: undefined as string | undefined,
      },
      { status },
    );
  if (intent !== 'grant' && intent !== 'revoke') return refused('Choose to grant or to take back credit.', 400);

  const app = getApp(context);
  const account = { id: admin.id, role: admin.role, headers: request.headers };
  // Checked only when the amount is above the limit (store-credit/staff.ts): money the store owes.
  const freshCode = () => requireFreshCode(accountDeps(context), account, { code: form.get('code') ?? undefined });
  const result = await moveCreditByStaff(
    { db: app.db, settings: app.config.storeCredit },
    { id: admin.id, email: admin.email },
    intent,
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
    values: { amount: '', reason: '' },
    /** A new entry: the form starts empty again. */
    entryId: result.entry.id as string | undefined,
  };
}
