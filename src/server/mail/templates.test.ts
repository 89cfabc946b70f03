// The mails say what the customer needs (code, validity, the address asked for) in both parts,
// and no value put into them can break out of the HTML.
import { describe, expect, it } from 'vitest';

import { escapeHtml, layout, orderStatusMail, passwordResetMail, signupOtpMail } from './templates.ts';

const HOSTILE = `<script>alert("x")</script>&'`;

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('layout', () => {
  it('is a complete page with the store name and an escaped title', () => {
    const html = layout(HOSTILE, HOSTILE, '<p>body</p>');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en-IN">/);
    expect(html).toContain('<p>body</p>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
  });
});

describe('signupOtpMail', () => {
  const mail = signupOtpMail({
    storeName: 'Trap the Trend',
    code: '482913',
    email: 'riya@example.in',
    publicUrl: 'https://shop.example.in',
  });

  it('keeps the code out of the subject', () => {
    expect(mail.subject).toBe('Trap the Trend: verify your email');
  });

  it('gives the code, its validity and the address in both parts', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('482913');
      expect(part).toContain('15 minutes');
      expect(part).toContain('riya@example.in');
      expect(part).toContain('Trap the Trend');
    }
  });

  it('escapes hostile values in the HTML part only', () => {
    const hostile = signupOtpMail({
      storeName: HOSTILE,
      code: HOSTILE,
      email: `"><img src=x onerror=alert(1)>@example.in`,
      publicUrl: 'https://shop.example.in/?a=1&b="2"',
    });
    expect(hostile.html).not.toMatch(/<script|<img/);
    expect(hostile.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@example.in');
    expect(hostile.html).toContain('href="https://shop.example.in/?a=1&amp;b=&quot;2&quot;"');
    expect(hostile.text).toContain(HOSTILE);
  });

  it('refuses a link that is not a web address', () => {
    expect(() =>
      signupOtpMail({ storeName: 'S', code: '1', email: 'a@b.in', publicUrl: 'javascript:alert(1)' }),
    ).toThrow(/not a web address/);
  });
});

describe('passwordResetMail', () => {
  const url = 'https://shop.example.in/reset-password/tok123?callbackURL=%2Faccount&x=1';
  const mail = passwordResetMail({ storeName: 'Trap the Trend', url, email: 'riya@example.in' });

  it('gives the link, its limits and the way out in both parts', () => {
    expect(mail.subject).toBe('Trap the Trend: reset your password');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('1 hour');
      expect(part).toContain('only once');
      expect(part).toContain('did not ask for this');
      expect(part).toContain('riya@example.in');
    }
  });

  it('escapes hostile values and refuses script links', () => {
    const hostile = passwordResetMail({ storeName: HOSTILE, url: 'https://x.in/"><script>', email: HOSTILE });
    expect(hostile.html).not.toContain('<script>');
    expect(() => passwordResetMail({ storeName: 'S', url: 'javascript:alert(1)', email: 'a@b.in' })).toThrow();
  });
});

describe('orderStatusMail', () => {
  const order = {
    paymentId: 'pay_Abc123',
    items: [
      { name: 'Astro Tee', size: 'M', quantity: 2, pricePaise: 79_900 },
      { name: 'Court Polo', size: 'L', quantity: 1, pricePaise: 119_900 },
    ],
    totalPaise: 279_700,
  };

  it('names the new status in the subject and gives the order in both parts', () => {
    const mail = orderStatusMail({ storeName: 'Trap the Trend', status: 'processing', order });
    expect(mail.subject).toBe('Trap the Trend: your order is now Processing');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Your order is now Processing');
      expect(part).toContain('pay_Abc123');
      expect(part).toContain('Astro Tee');
      expect(part).toContain('Qty: 2');
      expect(part).toContain('₹1,598.00');
      expect(part).toContain('₹2,797.00');
      expect(part).not.toContain('refunded');
    }
  });

  it('says how much was refunded when the order failed', () => {
    const mail = orderStatusMail({ storeName: 'Trap the Trend', status: 'failed', order, refundedPaise: 279_700 });
    expect(mail.subject).toBe('Trap the Trend: your order is now Failed');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Your payment of ₹2,797.00 has been refunded');
    }
  });

  it('escapes hostile values in the HTML part', () => {
    const mail = orderStatusMail({
      storeName: HOSTILE,
      status: 'completed',
      order: { ...order, paymentId: HOSTILE, items: [{ name: HOSTILE, size: HOSTILE, quantity: 1, pricePaise: 100 }] },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain(HOSTILE);
  });
});
