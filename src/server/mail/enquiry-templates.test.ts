// The enquiry mails: what the sender wrote is printed as text in both parts (escaped in the HTML,
// with its line breaks), and the store's copy links the inbox.
import { describe, expect, it } from 'vitest';

import { enquiryConfirmationMail, enquiryStoreMail } from './enquiry-templates.ts';

const INPUT = {
  storeName: 'Trap the Trend',
  kind: 'contact' as const,
  reference: 'C-7K3M9Q',
  name: 'Riya <b>Kapoor</b>',
  fields: [
    ['Name', 'Riya <b>Kapoor</b>'],
    ['Message', 'Line one\n<script>alert(1)</script>'],
  ] as const,
};

describe('enquiry mails', () => {
  it("print the sender's words as text, never as markup", () => {
    const mail = enquiryStoreMail({ ...INPUT, inboxUrl: 'https://shop.example.in/admin/inbox/1' });
    expect(mail.subject).toBe('Trap the Trend: Contact message C-7K3M9Q from Riya <b>Kapoor</b>');
    expect(mail.text).toContain('Message: Line one\n<script>alert(1)</script>');
    expect(mail.html).toContain('Line one<br/>&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('href="https://shop.example.in/admin/inbox/1"');
  });

  it('refuse an inbox link that is not a web address', () => {
    expect(() => enquiryStoreMail({ ...INPUT, inboxUrl: 'javascript:alert(1)' })).toThrow('not a web address');
  });

  it('confirm a bulk request with its reference and what to expect', () => {
    const mail = enquiryConfirmationMail({ ...INPUT, kind: 'bulk', reference: 'B-2XW8RT', copy: null });
    expect(mail.subject).toBe('Trap the Trend: your reference B-2XW8RT');
    expect(mail.text).toContain('Hello, thank you for writing to Trap the Trend. Your reference number is B-2XW8RT.');
    expect(mail.text).toContain('Our team will get back to you with a quote within two working days.');
    expect(mail.html).toContain('<title>We received your bulk order request</title>');
  });

  it("repeat the sender's name and words only when given their copy", () => {
    const neutral = enquiryConfirmationMail({ ...INPUT, copy: null });
    for (const part of [neutral.text, neutral.html]) {
      expect(part).toContain('C-7K3M9Q');
      expect(part).not.toContain('Kapoor');
      expect(part).not.toContain('Line one');
    }
    expect(neutral.text).toContain('If you did not write to us, someone else gave your address');
    const copied = enquiryConfirmationMail({ ...INPUT, copy: { name: 'Riya', fields: INPUT.fields } });
    expect(copied.text).toContain('Hi Riya, thank you for writing to Trap the Trend.');
    expect(copied.text).toContain('Message: Line one\n<script>alert(1)</script>');
    expect(copied.html).toContain('Line one<br/>&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
