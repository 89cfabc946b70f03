// The mails of a contact message or a bulk order request (ADR 0028): the store's copy, with the
// whole enquiry (staff answer it by replying: its Reply-To is the sender), and the sender's
// confirmation with the reference number (and a copy of the enquiry only to a proven address). Built like the order mails (templates.ts): a text part
// and an HTML part in MailLayout.
import { createElement as h } from 'react';

import { MailLayout, Paragraph, renderHtml, textLayout, webUrl, type MailContent } from './layout.ts';

export interface EnquiryMailInput {
  storeName: string;
  kind: 'contact' | 'bulk';
  reference: string;
  name: string;
  /** The enquiry's fields as label and value, in the form's order (enquiries/emails.ts). */
  fields: ReadonlyArray<readonly [string, string]>;
}

const WHAT = { contact: 'message', bulk: 'bulk order request' } as const;

/** One field: its label in bold, its value with the sender's line breaks. */
function FieldParagraph([label, value]: readonly [string, string]) {
  const lines = value.split('\n').flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: index }), line]));
  return h(Paragraph, { key: label }, h('strong', null, `${label}: `), ...lines);
}

/** The store's copy: everything the sender wrote, and where staff keep track of it. */
export function enquiryStoreMail(input: EnquiryMailInput & { inboxUrl: string }): MailContent {
  const { storeName, kind, reference, name, fields } = input;
  const title = `${kind === 'bulk' ? 'Bulk order request' : 'Contact message'} ${reference}`;
  const inboxUrl = webUrl(input.inboxUrl);
  const intro = `${name} sent a ${WHAT[kind]}. Reply to this email to answer them.`;
  const track = 'Mark it replied or closed, and keep notes, in the admin inbox:';
  const text = textLayout(storeName, title, [
    intro,
    fields.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `${track} ${inboxUrl}`,
  ]);
  const html = renderHtml(
    h(
      MailLayout,
      { storeName, title },
      h(Paragraph, null, intro),
      ...fields.map(FieldParagraph),
      h(Paragraph, null, `${track} `, h('a', { href: inboxUrl, style: { color: '#111111' } }, inboxUrl)),
    ),
  );
  return { subject: `${storeName}: ${title} from ${name}`, text, html };
}

/** What the sender's confirmation may hold: the sender's own words only for a proven address. */
export interface EnquiryConfirmationInput extends Pick<EnquiryMailInput, 'storeName' | 'kind' | 'reference'> {
  /**
   * The sender's name and what they sent, repeated only when the address is a signed-in shopper's
   * verified one (enquiries/emails.ts). Anyone can type any address into the form: a copy of their
   * words sent to it from the store's domain would be their mail with the store's name on it.
   */
  copy: Pick<EnquiryMailInput, 'name' | 'fields'> | null;
}

/** The sender's confirmation: the reference to quote, and a copy of what they sent when it is theirs. */
export function enquiryConfirmationMail(input: EnquiryConfirmationInput): MailContent {
  const { storeName, kind, reference, copy } = input;
  const title = `We received your ${WHAT[kind]}`;
  const lines = [
    `${copy ? `Hi ${copy.name}` : 'Hello'}, thank you for writing to ${storeName}. Your reference number is ${reference}.`,
    kind === 'bulk'
      ? 'Our team will get back to you with a quote within two working days. Quote the reference number in any reply.'
      : 'We will reply within two working days. Quote the reference number in any reply.',
    copy
      ? 'What you sent us:'
      : 'If you did not write to us, someone else gave your address: you can ignore this email.',
  ];
  const fields = copy?.fields ?? [];
  const text = textLayout(storeName, title, [
    ...lines,
    ...(copy ? [fields.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
  ]);
  const html = renderHtml(
    h(
      MailLayout,
      { storeName, title },
      ...lines.map((line) => h(Paragraph, { key: line }, line)),
      ...fields.map(FieldParagraph),
    ),
  );
  return { subject: `${storeName}: your reference ${reference}`, text, html };
}
