// The store's mails, each with a text part and an HTML part in the black-and-white branding.
// Mail clients drop <style> elements, so the HTML is styled inline; every value put into it is escaped.
import type { OrderStatus } from '../../common/catalog.ts';
import { formatPaise } from '../../common/money.ts';
import { orderStatus } from '../../common/orders.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A link target must be a web address: anything else (javascript:, data:) is a bug upstream. */
function webUrl(value: string): string {
  const protocol = new URL(value).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`not a web address: ${value}`);
  return value;
}

/** The branded page around a mail's body; `bodyHtml` must already be escaped. */
export function layout(storeName: string, title: string, bodyHtml: string): string {
  const store = escapeHtml(storeName);
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f2f2f2;color:#111111;font-family:Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f2f2;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:2px solid #111111;">
<tr><td style="background:#111111;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold;letter-spacing:3px;text-transform:uppercase;">${store}</td></tr>
<tr><td style="padding:28px 24px;font-size:16px;line-height:1.5;color:#111111;">
<h1 style="margin:0 0 16px;font-size:22px;">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="border-top:1px solid #111111;padding:16px 24px;font-size:13px;color:#555555;">Sent automatically by ${store}.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The text part: the same words as the HTML part, under the store's name. */
function textLayout(storeName: string, title: string, paragraphs: string[]): string {
  const header = storeName.toUpperCase();
  const body = paragraphs.flatMap((p) => [p, '']);
  return [
    header,
    '='.repeat(header.length),
    '',
    title,
    '',
    ...body,
    '--',
    `Sent automatically by ${storeName}.`,
    '',
  ].join('\n');
}

function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;">${html}</p>`;
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
  const html = [
    paragraph(
      `Use this code to verify <strong>${escapeHtml(email)}</strong> for your ${escapeHtml(storeName)} account:`,
    ),
    `<p style="margin:0 0 16px;padding:16px;border:2px solid #111111;text-align:center;font-family:'Courier New',monospace;font-size:32px;font-weight:bold;letter-spacing:8px;">${escapeHtml(code)}</p>`,
    paragraph('The code is valid for 15 minutes.'),
    paragraph(
      `If you did not try to sign up at <a href="${escapeHtml(url)}" style="color:#111111;">${escapeHtml(url)}</a>, you can ignore this mail.`,
    ),
  ].join('\n');
  const text = textLayout(storeName, title, [
    `Use this code to verify ${email} for your ${storeName} account:`,
    `    ${code}`,
    'The code is valid for 15 minutes.',
    `If you did not try to sign up at ${url}, you can ignore this mail.`,
  ]);
  return { subject: `${storeName}: verify your email`, text, html: layout(storeName, title, html) };
}

export function passwordResetMail(input: { storeName: string; url: string; email: string }): MailContent {
  const { storeName, email } = input;
  const title = 'Reset your password';
  const url = webUrl(input.url);
  const html = [
    paragraph(
      `Someone asked to reset the password of the ${escapeHtml(storeName)} account for <strong>${escapeHtml(email)}</strong>.`,
    ),
    `<p style="margin:0 0 16px;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;background:#111111;color:#ffffff;font-weight:bold;text-decoration:none;text-transform:uppercase;letter-spacing:1px;">Choose a new password</a></p>`,
    paragraph(
      `Or open this address: <a href="${escapeHtml(url)}" style="color:#111111;word-break:break-all;">${escapeHtml(url)}</a>`,
    ),
    paragraph('The link is valid for 1 hour and works only once.'),
    paragraph('If you did not ask for this, you can ignore this mail: your password stays the same.'),
  ].join('\n');
  const text = textLayout(storeName, title, [
    `Someone asked to reset the password of the ${storeName} account for ${email}.`,
    `Choose a new password here: ${url}`,
    'The link is valid for 1 hour and works only once.',
    'If you did not ask for this, you can ignore this mail: your password stays the same.',
  ]);
  return { subject: `${storeName}: reset your password`, text, html: layout(storeName, title, html) };
}

export interface ConfirmationOrder {
  paymentId: string;
  items: ReadonlyArray<{ name: string; size: string; quantity: number; pricePaise: number }>;
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
  address: string;
}

/** The order confirmation (SPEC §2 "Order confirmation"): items, sizes, quantities, amounts, address, payment id. */
export function orderConfirmationMail(input: { storeName: string; order: ConfirmationOrder }): MailContent {
  const { storeName, order } = input;
  const title = 'Order Confirmed!';
  const lines = order.items.map(
    (item) =>
      `${item.name} | Size: ${item.size} | Qty: ${item.quantity} | ${formatPaise(item.pricePaise * item.quantity)}`,
  );
  const amounts = [
    `Subtotal: ${formatPaise(order.subtotalPaise)}`,
    ...(order.discountPaise > 0 ? [`Discount: -${formatPaise(order.discountPaise)}`] : []),
    `Delivery fee: ${formatPaise(0)} (free delivery)`,
    `Total Amount: ${formatPaise(order.totalPaise)}`,
  ];
  const html = [
    paragraph('Thank you for your purchase. Your payment was successful and your order has been placed.'),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${order.items
      .map(
        (item) =>
          `<tr><td style="padding:6px 0;border-bottom:1px solid #dddddd;">${escapeHtml(item.name)}<br><span style="color:#555555;font-size:14px;">Size: ${escapeHtml(item.size)} | Qty: ${item.quantity}</span></td><td align="right" style="padding:6px 0;border-bottom:1px solid #dddddd;">${escapeHtml(formatPaise(item.pricePaise * item.quantity))}</td></tr>`,
      )
      .join('')}</table>`,
    paragraph(amounts.map(escapeHtml).join('<br>')),
    paragraph(`Delivering to: ${escapeHtml(order.address)}`),
    paragraph(`Payment id: <strong>${escapeHtml(order.paymentId)}</strong>`),
  ].join('\n');
  const text = textLayout(storeName, title, [
    'Thank you for your purchase. Your payment was successful and your order has been placed.',
    ...lines,
    ...amounts,
    `Delivering to: ${order.address}`,
    `Payment id: ${order.paymentId}`,
  ]);
  return { subject: `${storeName}: your order is confirmed`, text, html: layout(storeName, title, html) };
}

export interface StatusMailOrder {
  paymentId: string;
  items: ReadonlyArray<{ name: string; size: string; quantity: number; pricePaise: number }>;
  totalPaise: number;
}

const STATUS_NEWS: Record<OrderStatus, string> = {
  pending: 'Your order has been received and is waiting to be prepared.',
  processing: 'Good news: we are now preparing your order.',
  completed: 'Your order is complete. Thank you for shopping with us!',
  failed: 'We are sorry: we could not fulfil your order.',
};

/** A change of an order's status by the store (issue 8): the news, the order, and any refund. */
export function orderStatusMail(input: {
  storeName: string;
  status: OrderStatus;
  order: StatusMailOrder;
  /** The amount given back, when the order failed and its payment was refunded. */
  refundedPaise?: number | undefined;
}): MailContent {
  const { storeName, status, order, refundedPaise } = input;
  const label = orderStatus(status);
  const title = `Your order is now ${label}`;
  const news = [
    STATUS_NEWS[status],
    ...(refundedPaise === undefined
      ? []
      : [
          `Your payment of ${formatPaise(refundedPaise)} has been refunded to the account you paid from. Banks usually take 5 to 7 working days to show it.`,
        ]),
  ];
  const lines = order.items.map(
    (item) =>
      `${item.name} | Size: ${item.size} | Qty: ${item.quantity} | ${formatPaise(item.pricePaise * item.quantity)}`,
  );
  const total = `Total Amount: ${formatPaise(order.totalPaise)}`;
  const html = [
    ...news.map((sentence) => paragraph(escapeHtml(sentence))),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${order.items
      .map(
        (item) =>
          `<tr><td style="padding:6px 0;border-bottom:1px solid #dddddd;">${escapeHtml(item.name)}<br><span style="color:#555555;font-size:14px;">Size: ${escapeHtml(item.size)} | Qty: ${item.quantity}</span></td><td align="right" style="padding:6px 0;border-bottom:1px solid #dddddd;">${escapeHtml(formatPaise(item.pricePaise * item.quantity))}</td></tr>`,
      )
      .join('')}</table>`,
    paragraph(`<strong>${escapeHtml(total)}</strong>`),
    paragraph(`Payment id: <strong>${escapeHtml(order.paymentId)}</strong>`),
  ].join('\n');
  const text = textLayout(storeName, title, [...news, ...lines, total, `Payment id: ${order.paymentId}`]);
  return { subject: `${storeName}: your order is now ${label}`, text, html: layout(storeName, title, html) };
}
