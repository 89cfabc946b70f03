// The email sent when the courier could not deliver a parcel (courier/ndr.ts, docs/decisions/0053),
// built like the order mails (templates.ts): what the courier said, and where the shopper tells us
// what to do next.
import { createElement as h } from 'react';

import { MailLayout, Paragraph, renderHtml, textLayout, webUrl, type MailContent } from './layout.ts';

export interface DeliveryFailedMailInput {
  storeName: string;
  orderNumber: string;
  /** The courier's words for why it could not deliver. */
  reason: string;
  /** The page of the order where the shopper answers. */
  answerUrl: string;
}

export function deliveryFailedMail(input: DeliveryFailedMailInput): MailContent {
  const { storeName, orderNumber, reason } = input;
  const title = 'We could not deliver your order';
  const news = `The courier could not deliver your order #${orderNumber}. The courier says: ${reason}`;
  const ask =
    'Tell us what to do within a few days, or the courier may send it back to us: another attempt on a day you choose, or a corrected phone number or address.';
  const answerUrl = webUrl(input.answerUrl);
  const text = textLayout(storeName, title, [news, ask, `Answer here: ${answerUrl}`]);
  const html = renderHtml(
    h(
      MailLayout,
      { storeName, title },
      h(Paragraph, null, news),
      h(Paragraph, null, ask),
      h(Paragraph, null, h('a', { href: answerUrl, style: { color: '#b93a0d' } }, 'Tell us what to do')),
    ),
  );
  return { subject: `${storeName}: we could not deliver your order #${orderNumber}`, text, html };
}
