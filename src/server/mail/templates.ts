// The store's mails, each with a text part and an HTML part in the black-and-white branding. Each
// HTML part is a small React component inside MailLayout (see layout.ts for why `h`, not JSX).
import { createElement as h } from 'react';

import type { OrderStatus, PaymentMethod } from '../../common/catalog.ts';
import { formatPaise } from '../../common/money.ts';
import { orderStatus } from '../../common/orders.ts';
import { cashToPayLine, COD_FEE_LABEL, PREPAID_SAVING_LABEL } from '../../common/payment-methods.ts';
import { creditAddedLine } from '../../common/refunds.ts';
import {
  BUTTON_STYLE,
  ItemsTable,
  itemLine,
  Lines,
  MailLayout,
  Paragraph,
  renderHtml,
  textLayout,
  webUrl,
  type MailContent,
  type MailItem,
} from './layout.ts';

const CODE_STYLE = {
  padding: '16px',
  border: '2px solid #111111',
  textAlign: 'center',
  fontFamily: "'Courier New',monospace",
  fontSize: '32px',
  fontWeight: 'bold',
  letterSpacing: '8px',
} as const;

/** The sign-up code: the address being verified, the code, how long it lasts, and the way out. */
function SignupOtp({
  storeName,
  title,
  code,
  email,
  url,
}: {
  storeName: string;
  title: string;
  code: string;
  email: string;
  url: string;
}) {
  return h(
    MailLayout,
    { storeName, title },
    h(Paragraph, null, 'Use this code to verify ', h('strong', null, email), ` for your ${storeName} account:`),
    h(Paragraph, { style: CODE_STYLE }, code),
    h(Paragraph, null, 'The code is valid for 15 minutes.'),
    h(
      Paragraph,
      null,
      'If you did not try to sign up at ',
      h('a', { href: url, style: { color: '#111111' } }, url),
      ', you can ignore this mail.',
    ),
  );
}

export function signupOtpMail(input: {
  storeName: string;
  code: string;
  email: string;
  publicUrl: string;
}): MailContent {
  const { storeName, code, email, publicUrl } = input;
  const title = 'Verify your email';
  const url = webUrl(publicUrl);
  const text = textLayout(storeName, title, [
    `Use this code to verify ${email} for your ${storeName} account:`,
    `    ${code}`,
    'The code is valid for 15 minutes.',
    `If you did not try to sign up at ${url}, you can ignore this mail.`,
  ]);
  const html = renderHtml(h(SignupOtp, { storeName, title, code, email, url }));
  return { subject: `${storeName}: verify your email`, text, html };
}

/** The reset link, as a button and as an address, with its limits and the way out. */
function PasswordReset({
  storeName,
  title,
  email,
  url,
}: {
  storeName: string;
  title: string;
  email: string;
  url: string;
}) {
  return h(
    MailLayout,
    { storeName, title },
    h(
      Paragraph,
      null,
      `Someone asked to reset the password of the ${storeName} account for `,
      h('strong', null, email),
      '.',
    ),
    h(Paragraph, null, h('a', { href: url, style: BUTTON_STYLE }, 'Choose a new password')),
    h(
      Paragraph,
      null,
      'Or open this address: ',
      h('a', { href: url, style: { color: '#111111', wordBreak: 'break-all' } }, url),
    ),
    h(Paragraph, null, 'The link is valid for 1 hour and works only once.'),
    h(Paragraph, null, 'If you did not ask for this, you can ignore this mail: your password stays the same.'),
  );
}

export function passwordResetMail(input: { storeName: string; url: string; email: string }): MailContent {
  const { storeName, email } = input;
  const title = 'Reset your password';
  const url = webUrl(input.url);
  const text = textLayout(storeName, title, [
    `Someone asked to reset the password of the ${storeName} account for ${email}.`,
    `Choose a new password here: ${url}`,
    'The link is valid for 1 hour and works only once.',
    'If you did not ask for this, you can ignore this mail: your password stays the same.',
  ]);
  const html = renderHtml(h(PasswordReset, { storeName, title, email, url }));
  return { subject: `${storeName}: reset your password`, text, html };
}

interface ConfirmationOrder {
  /** The order number a shopper quotes and tracks the order by (common/orders.ts orderNumber). */
  number: string;
  /** Razorpay's payment id; null for cash on delivery. */
  paymentId: string | null;
  paymentMethod: PaymentMethod;
  items: readonly MailItem[];
  subtotalPaise: number;
  /** The coupon's discount and the saving for paying online together. */
  discountPaise: number;
  /** The saving for paying online, part of the discount. */
  prepaidDiscountPaise: number;
  codFeePaise: number;
  totalPaise: number;
  /** The part of the total store credit paid (ADR 0050); the rest was paid online or is paid in cash. */
  creditPaise: number;
  address: string;
  /** Cash on delivery: the address of the page that confirms the order (ADR 0047). */
  confirmUrl?: string | undefined;
}

const THANKS = 'Thank you for your purchase. Your payment was successful and your order has been placed.';
const COD_THANKS =
  'Thank you for your order. It is placed for cash on delivery and waits for your confirmation: please confirm it, and we will start preparing it.';
const CREDIT_THANKS =
  'Thank you for your purchase. Your store credit paid for your order, and your order has been placed.';

function thanksFor(method: PaymentMethod): string {
  return method === 'cod' ? COD_THANKS : method === 'store_credit' ? CREDIT_THANKS : THANKS;
}

/** The order confirmation's HTML: the items, the amounts, the address and the payment id. */
function OrderConfirmation(props: {
  storeName: string;
  title: string;
  order: ConfirmationOrder;
  amounts: string[];
  confirmUrl: string | undefined;
}) {
  const { storeName, title, order, amounts, confirmUrl } = props;
  return h(
    MailLayout,
    { storeName, title },
    h(Paragraph, null, thanksFor(order.paymentMethod)),
    confirmUrl ? h(Paragraph, null, h('a', { href: confirmUrl, style: BUTTON_STYLE }, 'Confirm your order')) : null,
    h(ItemsTable, { items: order.items }),
    h(Lines, { lines: amounts }),
    h(Paragraph, null, `Delivering to: ${order.address}`),
    h(Paragraph, null, 'Order number: ', h('strong', null, `#${order.number}`)),
    order.paymentId ? h(Paragraph, null, 'Payment id: ', h('strong', null, order.paymentId)) : null,
    confirmUrl
      ? h(
          Paragraph,
          null,
          'Or open this address to confirm it: ',
          h('a', { href: confirmUrl, style: { color: '#111111', wordBreak: 'break-all' } }, confirmUrl),
        )
      : null,
  );
}

/**
 * The order confirmation (docs/product.md §2 "Order confirmation"): items, sizes, quantities,
 * amounts, address, payment id. A cash on delivery order's has no payment id: it has the amount to
 * pay when it arrives and the link that confirms it (ADR 0047). Store credit used is its own line,
 * after the total, followed by what was paid online or is to be paid in cash (ADR 0050).
 */
export function orderConfirmationMail(input: { storeName: string; order: ConfirmationOrder }): MailContent {
  const { storeName, order } = input;
  const cod = order.paymentMethod === 'cod';
  const confirmUrl = order.confirmUrl === undefined ? undefined : webUrl(order.confirmUrl);
  const title = cod ? 'Please confirm your order' : 'Order Confirmed!';
  const couponDiscount = order.discountPaise - order.prepaidDiscountPaise;
  const toPayPaise = order.totalPaise - order.creditPaise;
  const amounts = [
    `Subtotal: ${formatPaise(order.subtotalPaise)}`,
    ...(couponDiscount > 0 ? [`Discount: -${formatPaise(couponDiscount)}`] : []),
    ...(order.prepaidDiscountPaise > 0 ? [`${PREPAID_SAVING_LABEL}: -${formatPaise(order.prepaidDiscountPaise)}`] : []),
    ...(order.codFeePaise > 0 ? [`${COD_FEE_LABEL}: ${formatPaise(order.codFeePaise)}`] : []),
    `Delivery fee: ${formatPaise(0)} (free delivery)`,
    `Total Amount: ${formatPaise(order.totalPaise)}`,
    ...(order.creditPaise > 0 ? [`Paid with store credit: ${formatPaise(order.creditPaise)}`] : []),
    ...(cod
      ? [cashToPayLine(toPayPaise)]
      : order.paymentMethod === 'online' && order.creditPaise > 0
        ? [`Paid online: ${formatPaise(toPayPaise)}`]
        : []),
  ];
  const text = textLayout(storeName, title, [
    thanksFor(order.paymentMethod),
    ...(confirmUrl ? [`Confirm your order: ${confirmUrl}`] : []),
    ...order.items.map(itemLine),
    ...amounts,
    `Delivering to: ${order.address}`,
    `Order number: #${order.number}`,
    ...(order.paymentId ? [`Payment id: ${order.paymentId}`] : []),
  ]);
  const html = renderHtml(h(OrderConfirmation, { storeName, title, order, amounts, confirmUrl }));
  const subject = cod ? `${storeName}: please confirm your order` : `${storeName}: your order is confirmed`;
  return { subject, text, html };
}

interface StatusMailOrder {
  /** The order number a shopper quotes and tracks the order by. */
  number: string;
  /** Razorpay's payment id; null for cash on delivery. */
  paymentId: string | null;
  items: readonly MailItem[];
  totalPaise: number;
}

const STATUS_NEWS: Record<OrderStatus, string> = {
  awaiting_confirmation: 'Your cash on delivery order is waiting for you to confirm it.',
  pending: 'Your order has been received and is waiting to be prepared.',
  processing: 'Good news: we are now preparing your order.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order has been delivered. We hope you love it!',
  completed: 'Your order is complete. Thank you for shopping with us!',
  failed: 'We are sorry: we could not fulfil your order.',
  cancelled: 'Your order has been cancelled, as you asked.',
  returned: 'Every item of your order has been returned and refunded.',
  returned_to_origin:
    'Your cash on delivery parcel could not be delivered and has come back to us, so your order is closed.',
};

/** A prepaid parcel the courier brought back undelivered (courier/tracking.ts): its refund is told after. */
const UNDELIVERED_NEWS = 'Your parcel could not be delivered and has come back to us, so your order is closed.';

/** A cash on delivery order nobody confirmed in time, cancelled by the store (ADR 0047). */
const UNCONFIRMED_NEWS =
  'Your cash on delivery order was cancelled because it was not confirmed in time. Nothing was charged; you are welcome to order again.';

/** A parcel on its way: who carries it, its AWB number, and where to follow it. */
interface MailParcel {
  courier: string;
  awb: string;
  trackingUrl: string;
}

const parcelLine = (parcel: MailParcel) => `${parcel.courier}, AWB ${parcel.awb}`;

/** The status change's HTML: the news, the parcel's tracking link, the items, the total and the payment id. */
function OrderStatusChange(props: {
  storeName: string;
  title: string;
  news: string[];
  parcel: MailParcel | undefined;
  order: StatusMailOrder;
  total: string;
}) {
  const { storeName, title, news, parcel, order, total } = props;
  return h(
    MailLayout,
    { storeName, title },
    news.map((sentence) => h(Paragraph, { key: sentence }, sentence)),
    parcel
      ? h(
          Paragraph,
          null,
          `${parcelLine(parcel)}: `,
          h('a', { href: parcel.trackingUrl, style: { color: '#b93a0d' } }, 'Track your parcel'),
        )
      : null,
    h(ItemsTable, { items: order.items }),
    h(Paragraph, null, h('strong', null, total)),
    h(Paragraph, null, 'Order number: ', h('strong', null, `#${order.number}`)),
    order.paymentId ? h(Paragraph, null, 'Payment id: ', h('strong', null, order.paymentId)) : null,
  );
}

/** A change of an order's status by the store (ADR 0014): the news, the order, and any refund. */
export function orderStatusMail(input: {
  storeName: string;
  status: OrderStatus;
  order: StatusMailOrder;
  /** The amount given back, when the order failed and its payment was refunded. */
  refundedPaise?: number | undefined;
  /** The refund was given as store credit (ADR 0051), with this bonus; absent: to the payment. */
  credited?: { bonusPaise: number } | undefined;
  /** The parcel, when the order was shipped or delivered. */
  parcel?: MailParcel | undefined;
  /**
   * Why the store closed the order on its own: a cash on delivery order left unconfirmed, or a
   * prepaid parcel the courier brought back undelivered.
   */
  cause?: 'unconfirmed' | 'undelivered' | undefined;
  /** A cash on delivery order not yet delivered: the cash the courier will collect. */
  codDuePaise?: number | undefined;
  /** The store credit the order was paid with, given back when it closed. */
  creditReturnedPaise?: number | undefined;
}): MailContent {
  const { storeName, status, order, refundedPaise, credited, parcel, cause, codDuePaise, creditReturnedPaise } = input;
  const label = orderStatus(status);
  const title = `Your order is now ${label}`;
  const news = [
    cause === 'unconfirmed' ? UNCONFIRMED_NEWS : cause === 'undelivered' ? UNDELIVERED_NEWS : STATUS_NEWS[status],
    ...(codDuePaise === undefined ? [] : [`${cashToPayLine(codDuePaise)}.`]),
    ...(refundedPaise === undefined
      ? []
      : credited
        ? [creditAddedLine(refundedPaise, credited.bonusPaise)]
        : [
            `Your payment of ${formatPaise(refundedPaise)} has been refunded to the account you paid from. Banks usually take 5 to 7 working days to show it.`,
          ]),
    ...(creditReturnedPaise
      ? [`The ${formatPaise(creditReturnedPaise)} of store credit you paid with is back in your store credit.`]
      : []),
  ];
  const total = `Total Amount: ${formatPaise(order.totalPaise)}`;
  const text = textLayout(storeName, title, [
    ...news,
    ...(parcel ? [`${parcelLine(parcel)}. Track your parcel: ${parcel.trackingUrl}`] : []),
    ...order.items.map(itemLine),
    total,
    `Order number: #${order.number}`,
    ...(order.paymentId ? [`Payment id: ${order.paymentId}`] : []),
  ]);
  const html = renderHtml(h(OrderStatusChange, { storeName, title, news, parcel, order, total }));
  return { subject: `${storeName}: your order is now ${label}`, text, html };
}
