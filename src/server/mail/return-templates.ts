// The email a shopper gets at each step of a return or exchange request (ADR 0025): what
// happened, what comes next, staff's message, the refund, and the replacement parcel's tracking
// link. Built like the order mails (templates.ts): a text part and an HTML part in MailLayout.
import { createElement as h } from 'react';

import { formatPaise } from '../../common/money.ts';
import { creditAddedLine } from '../../common/refunds.ts';
import { formatCreditDate } from '../../common/store-credit.ts';
import { RETURN_STATUS_LABELS, type ReturnKind, type ReturnStatus } from '../../common/returns.ts';
import { Lines, MailLayout, Paragraph, renderHtml, textLayout, webUrl, type MailContent } from './layout.ts';

export interface ReturnMailInput {
  storeName: string;
  status: ReturnStatus;
  kind: ReturnKind;
  /** "Exchange of 1 × Astro Tee (M → L)". */
  summary: string;
  orderNumber: string;
  staffMessage: string | null;
  refundedPaise?: number | undefined;
  /** Where the refund went (ADR 0051); absent: the original payment. */
  refundedTo?: RefundedTo | undefined;
  /** The exchange's replacement parcel, once it has left. */
  parcel?: { courier: string; awb: string; trackingUrl: string } | undefined;
}

/** Where a return's refund went: the payment, store credit with its bonus, or paid out by staff. */
export type RefundedTo =
  | { to: 'original' }
  | { to: 'store_credit'; bonusPaise: number }
  | { to: 'payout'; label: string; reference: string; paidOutOn: string };

/** The sentence that says where the money went. */
function refundLine(refundPaise: number, refundedTo: RefundedTo | undefined): string {
  if (refundedTo?.to === 'store_credit') return creditAddedLine(refundPaise, refundedTo.bonusPaise);
  if (refundedTo?.to === 'payout') {
    const day = formatCreditDate(new Date(`${refundedTo.paidOutOn}T12:00:00+05:30`));
    return `${formatPaise(refundPaise)} was paid to ${refundedTo.label} on ${day} (reference ${refundedTo.reference}).`;
  }
  return `${formatPaise(refundPaise)} has been refunded to the account you paid from. Banks usually take 5 to 7 working days to show it.`;
}

/** What each step means for the shopper, and what comes next. */
function news({ status, kind, summary, refundedPaise, refundedTo }: ReturnMailInput): string[] {
  const what = kind === 'exchange' ? 'exchange' : 'return';
  switch (status) {
    case 'requested':
      return [
        `We have received your request: ${summary}.`,
        kind === 'exchange'
          ? 'The new size is set aside for you while we review the request, so it cannot sell out meanwhile.'
          : 'We will review it and email you with the next step.',
      ];
    case 'approved':
      return [
        `Your ${what} request was approved: ${summary}.`,
        'Our courier will pick the item up from your delivery address. Please keep it unused, with its tags, ready for the pickup.',
      ];
    case 'rejected':
      return [
        `We are sorry: your ${what} request was not approved (${summary}).`,
        ...(kind === 'exchange' ? ['The size we set aside for you is back on sale.'] : []),
      ];
    case 'expired':
      return [
        `Your ${what} request lapsed before it could be completed (${summary}).`,
        ...(kind === 'exchange' ? ['The size we set aside for you is back on sale.'] : []),
        'If you still need help, reply to this email.',
      ];
    case 'picked_up':
      return [
        `We have picked up the item: ${summary}.`,
        kind === 'exchange' ? 'Your new size will be shipped shortly.' : 'Your refund follows once we have checked it.',
      ];
    case 'refunded':
      return [
        `Your return is complete: ${summary}.`,
        `${refundLine(refundedPaise ?? 0, refundedTo)} The credit note is attached, and on Your Orders.`,
      ];
    case 'replacement_shipped':
      return [`Your new size is on its way: ${summary}.`];
    case 'exchanged':
      return [`Your new size has been delivered: ${summary}. We hope it fits perfectly!`];
  }
}

function ReturnUpdate(props: { storeName: string; title: string; lines: string[]; input: ReturnMailInput }) {
  const { storeName, title, lines, input } = props;
  const { parcel, staffMessage, orderNumber } = input;
  return h(
    MailLayout,
    { storeName, title },
    h(Lines, { lines }),
    staffMessage ? h(Paragraph, null, 'Message from our team: ', h('em', null, staffMessage)) : null,
    parcel
      ? h(
          Paragraph,
          null,
          `${parcel.courier}, AWB ${parcel.awb}: `,
          h('a', { href: webUrl(parcel.trackingUrl), style: { color: '#b93a0d' } }, 'Track your parcel'),
        )
      : null,
    h(Paragraph, null, 'Order number: ', h('strong', null, `#${orderNumber}`)),
  );
}

export function returnUpdateMail(input: ReturnMailInput): MailContent {
  const what = input.kind === 'exchange' ? 'exchange' : 'return';
  const label = RETURN_STATUS_LABELS[input.status];
  const title = `Your ${what}: ${label}`;
  const lines = news(input);
  const text = textLayout(input.storeName, title, [
    ...lines,
    ...(input.staffMessage ? [`Message from our team: ${input.staffMessage}`] : []),
    ...(input.parcel
      ? [`${input.parcel.courier}, AWB ${input.parcel.awb}. Track your parcel: ${input.parcel.trackingUrl}`]
      : []),
    `Order number: #${input.orderNumber}`,
  ]);
  const html = renderHtml(h(ReturnUpdate, { storeName: input.storeName, title, lines, input }));
  return {
    subject: `${input.storeName}: your ${what} request (#${input.orderNumber}) is ${label.toLowerCase()}`,
    text,
    html,
  };
}
