// 'Notify me' mails (docs/drops.md), built like the order mails (templates.ts): the link that
// confirms a visitor's address, and the news itself (a drop live, a size back) with its
// unsubscribe link in the body; the sender adds the List-Unsubscribe headers (notify/sending.ts).
import { createElement as h } from 'react';

import { BUTTON_STYLE, MailLayout, Paragraph, renderHtml, textLayout, webUrl, type MailContent } from './layout.ts';

const LINK_STYLE = { color: '#111111', wordBreak: 'break-all' } as const;

export interface NotifyConfirmMailInput {
  storeName: string;
  email: string;
  /** When the news would come, after 'when' (common/notify.ts `notifyWhen`). */
  when: string;
  confirmUrl: string;
}

export function notifyConfirmMail(input: NotifyConfirmMailInput): MailContent {
  const { storeName, email, when } = input;
  const title = 'Confirm your email';
  const url = webUrl(input.confirmUrl);
  const asked = `Someone asked ${storeName} to email ${email} when ${when}.`;
  const ignore = 'If it was not you, ignore this mail: we will not email you about it.';
  const text = textLayout(storeName, title, [asked, `Confirm that it was you here: ${url}`, ignore]);
  const html = renderHtml(
    h(
      MailLayout,
      { storeName, title },
      h(Paragraph, null, asked),
      h(Paragraph, null, h('a', { href: url, style: BUTTON_STYLE }, 'Confirm my email')),
      h(Paragraph, null, 'Or open this address: ', h('a', { href: url, style: LINK_STYLE }, url)),
      h(Paragraph, null, ignore),
    ),
  );
  return { subject: `${storeName}: confirm your email to be notified`, text, html };
}

export interface NotifyNewsMailInput {
  storeName: string;
  /** The headline: '“Winter Heat” is live', 'Midnight Hoodie is back in size M'. */
  headline: string;
  /** The products to shop, each with its page. */
  products: ReadonlyArray<{ name: string; url: string }>;
  /** What the email is about, after 'about' (common/notify.ts `notifyAbout`). */
  about: string;
  unsubscribeUrl: string;
}

/** The news someone waited for: what is on sale now, a link to each product, and the way out. */
export function notifyNewsMail(input: NotifyNewsMailInput): MailContent {
  const { storeName, headline, about } = input;
  const products = input.products.map((product) => ({ name: product.name, url: webUrl(product.url) }));
  const unsubscribeUrl = webUrl(input.unsubscribeUrl);
  const intro = `${headline} at ${storeName}, as you asked us to tell you. Sizes go fast:`;
  const why = `You get this email because you asked to hear about ${about}. To have your address forgotten for it, unsubscribe:`;
  const text = textLayout(storeName, headline, [
    intro,
    ...products.map((product) => `${product.name}: ${product.url}`),
    `${why} ${unsubscribeUrl}`,
  ]);
  const [first] = products;
  const html = renderHtml(
    h(
      MailLayout,
      { storeName, title: headline },
      h(Paragraph, null, intro),
      products.length === 1 && first
        ? h(Paragraph, null, h('a', { href: first.url, style: BUTTON_STYLE }, `Shop ${first.name}`))
        : h(
            'ul',
            { style: { margin: '0 0 16px', paddingLeft: '20px' } },
            products.map((product) =>
              h('li', { key: product.url }, h('a', { href: product.url, style: LINK_STYLE }, product.name)),
            ),
          ),
      h(
        Paragraph,
        { style: { fontSize: '14px', color: '#555555' } },
        `${why} `,
        h('a', { href: unsubscribeUrl, style: LINK_STYLE }, unsubscribeUrl),
      ),
    ),
  );
  return { subject: `${storeName}: ${headline}`, text, html };
}
