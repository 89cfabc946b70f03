// The mails say what the customer needs (code, validity, the address asked for) in both parts,
// and no value put into them can break out of the HTML.
import { describe, expect, it } from 'vitest';

import { escapeHtml, layout, passwordResetMail, signupOtpMail } from './templates.ts';

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
