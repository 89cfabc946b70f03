// The reminder sent about 7 days before store credit expires (ADR 0048), built like the order mails
// (templates.ts): a text part and an HTML part in MailLayout.
import { createElement as h } from 'react';

import { formatPaise } from '../../common/money.ts';
import { MailLayout, Paragraph, renderHtml, textLayout, webUrl, type MailContent } from './layout.ts';

export interface CreditExpiryMailInput {
  storeName: string;
  /** What will expire, unless it is spent first. */
  amountPaise: number;
  /** The day it expires, as the shopper reads it ('5 December 2026'). */
  expiresOn: string;
  /** The profile page, where the balance and its history are. */
  profileUrl: string;
}

export function storeCreditExpiryMail(input: CreditExpiryMailInput): MailContent {
  const { storeName, expiresOn } = input;
  const headline = `${formatPaise(input.amountPaise)} of your store credit expires on ${expiresOn}`;
  const spend = 'Use it at checkout before then. Your balance and its history are on your profile:';
  const profileUrl = webUrl(input.profileUrl);
  const text = textLayout(storeName, 'Your store credit expires soon', [`${headline}.`, `${spend} ${profileUrl}`]);
  const html = renderHtml(
    h(
      MailLayout,
      { storeName, title: 'Your store credit expires soon' },
      h(Paragraph, null, h('strong', null, `${headline}.`)),
      h(Paragraph, null, `${spend} `, h('a', { href: profileUrl, style: { color: '#111111' } }, profileUrl)),
    ),
  );
  return { subject: `${storeName}: ${headline}`, text, html };
}
