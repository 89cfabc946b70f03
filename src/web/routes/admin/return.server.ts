// The server half of the route module return.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { formatAddress } from '../../../common/address.ts';
import { formatPaise } from '../../../common/money.ts';
import { formatOrderDate, orderNumber, orderStatus } from '../../../common/orders.ts';
import { RETURN_REASONS, RETURN_STATUS_LABELS } from '../../../common/returns.ts';
import { requireFreshCode } from '../../../server/auth/two-factor.ts';
import { indiaDate } from '../../../server/orders/shipping.ts';
import {
  getReturnRequest,
  moveReturnRequest,
  payoutInstructions,
  recordReturnPayout,
} from '../../../server/orders/returns.ts';
import { refundBonusPaise } from '../../../server/store-credit/ledger.ts';
import { formatCreditDate } from '../../../common/store-credit.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import { parcelFields } from '../../parcel-fields.server.ts';
import { returnDeps } from '../../returns.server.ts';
import { accountDeps } from '../../session.server.ts';
import type { Route } from './+types/return';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const found = await getReturnRequest(getApp(context).db, params.id);
  if (!found) throw data('Return request not found', { status: 404 });
  const { request: ask, order, parcel, refund } = found;
  return {
    request: {
      id: ask.id,
      kind: ask.kind,
      summary: found.summary,
      status: RETURN_STATUS_LABELS[ask.status],
      reason: RETURN_REASONS.find((reason) => reason.value === ask.reason)?.label ?? ask.reason,
      note: ask.note,
      photos: ask.photos,
      staffMessage: ask.staffMessage,
      askedOn: formatOrderDate(ask.createdAt),
      lapsesOn: ask.status === 'requested' || ask.status === 'approved' ? formatOrderDate(ask.expiresAt) : null,
      pickedUpOn: ask.pickedUpAt ? formatOrderDate(ask.pickedUpAt) : null,
      restocked: ask.restocked,
      /** Where the shopper asked the refund to go: staff see a payout's account whole, to pay it. */
      refundTo: ask.refundDestination,
      payoutTo: payoutInstructions(ask),
      creditBonusPercent: ask.creditBonusPercent,
      refund: refund
        ? {
            amountPaise: refund.amountPaise,
            destination: refund.destination,
            razorpayRefundId: refund.razorpayRefundId,
            attempts: refund.attempts,
            lastError: refund.lastError,
            bonusPaise:
              refund.destination === 'store_credit'
                ? refundBonusPaise(refund.amountPaise, ask.creditBonusPercent ?? 0)
                : 0,
            payout: refund.payoutReference
              ? {
                  reference: refund.payoutReference,
                  paidOn: formatCreditDate(new Date(`${refund.paidOutOn}T12:00:00+05:30`)),
                }
              : null,
          }
        : null,
      parcel: parcel
        ? {
            courier: parcel.courier,
            awb: parcel.awb,
            trackingUrl: parcel.trackingUrl,
            shippedOn: formatOrderDate(parcel.shippedAt),
            deliveredOn: parcel.deliveredAt ? formatOrderDate(parcel.deliveredAt) : null,
          }
        : null,
    },
    order: {
      id: order.id,
      number: orderNumber(order.id),
      status: orderStatus(order.status),
      customerName: found.customerName,
      customerEmail: found.customerEmail,
      address: formatAddress(order.addressJson),
      pricePaise: found.item?.pricePaise ?? null,
    },
    moves: found.moves,
    refundDuePaise: found.refundDuePaise,
    /** The bonus refunding it as store credit would add, at the percentage offered when it was asked for. */
    refundBonusDuePaise:
      found.refundDuePaise !== null && ask.refundDestination === 'store_credit'
        ? refundBonusPaise(found.refundDuePaise, ask.creditBonusPercent ?? 0)
        : 0,
    payoutDue: found.payoutDue,
    today: indiaDate(new Date()),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const to = form.get('to');
  const alerts = (tone: AlertMessage['tone'], text: string) => ({ alerts: [{ tone, text }] });
  const actor = { id: admin.id, email: admin.email };
  // Staff paid a return's refund out to the shopper's UPI ID or bank account: the reference and the day.
  if (form.get('intent') === 'payout') {
    const paid = await recordReturnPayout(returnDeps(context), actor, params.id, {
      reference: form.get('reference') ?? undefined,
      paidOutOn: form.get('paidOutOn') ?? undefined,
    });
    if (!paid.ok) {
      if (paid.kind === 'not_found') throw data('Return request not found', { status: 404 });
      return data(alerts('error', paid.message), { status: statusOf(paid) });
    }
    return alerts(
      'success',
      `The payout of ${formatPaise(paid.refundedPaise ?? 0)} is recorded and the request is refunded. The customer will be emailed.`,
    );
  }
  // Money leaves the store: a ticked confirmation and a fresh code from the authenticator app (ADR 0020).
  if (to === 'refunded') {
    if (form.get('confirmRefund') !== 'yes') {
      return data(alerts('error', 'Tick the box to confirm the refund.'), { status: 400 });
    }
    const account = { id: admin.id, role: admin.role, headers: request.headers };
    const checked = await requireFreshCode(accountDeps(context), account, { code: form.get('code') ?? undefined });
    if (!checked.ok) return data(alerts('error', checked.message), { status: statusOf(checked) });
  }
  const result = await moveReturnRequest(returnDeps(context), actor, params.id, to, {
    message: form.get('message') ?? undefined,
    restock: form.get('restock') ?? undefined,
    ...parcelFields(form),
  });
  if (!result.ok) {
    if (result.kind === 'not_found') throw data('Return request not found', { status: 404 });
    return data(alerts('error', result.message), { status: statusOf(result) });
  }
  if (result.payoutDue) {
    return alerts(
      'success',
      `The refund of ${formatPaise(result.payoutDue.amountPaise)} is to be paid to ${result.payoutDue.to}. Record the payout here once it is made.`,
    );
  }
  const refunded = !result.refundedPaise
    ? ''
    : result.refundedTo?.to === 'store_credit'
      ? ` ${formatPaise(result.refundedPaise)} was added to the customer's store credit.`
      : ` ${formatPaise(result.refundedPaise)} was refunded.`;
  return alerts(
    'success',
    `The request is now ${RETURN_STATUS_LABELS[result.request.status].toLowerCase()}.${refunded} The customer will be emailed.`,
  );
}
