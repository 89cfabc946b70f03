// The 'Notify me' mails: the confirmation link and the news, each with its link in both parts, a
// product's name printed as text (never markup), and only web addresses as links.
import { describe, expect, it } from 'vitest';

import { notifyConfirmMail, notifyNewsMail } from './notify-templates.ts';

const NEWS = {
  storeName: 'Trap the Trend',
  headline: 'Midnight <b>Hoodie</b> is back in size M',
  products: [{ name: 'Midnight <b>Hoodie</b>', url: 'https://shop.example.in/product/12' }],
  about: 'Midnight <b>Hoodie</b> in size M',
  unsubscribeUrl: 'https://shop.example.in/notify/unsubscribe?token=abc',
};

describe('notify mails', () => {
  it('ask a visitor to confirm their address with a link, and say how to ignore it', () => {
    const mail = notifyConfirmMail({
      storeName: 'Trap the Trend',
      email: 'riya@example.test',
      when: 'Midnight Hoodie is back in stock in size M',
      confirmUrl: 'https://shop.example.in/notify/confirm?token=abc',
    });
    expect(mail.subject).toBe('Trap the Trend: confirm your email to be notified');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Someone asked Trap the Trend to email riya@example.test when Midnight Hoodie is back');
      expect(part).toContain('https://shop.example.in/notify/confirm?token=abc');
      expect(part).toContain('If it was not you, ignore this mail: we will not email you about it.');
    }
    expect(mail.html).toContain('>Confirm my email</a>');
  });

  it('give the news with the product to shop and the way out, printing names as text', () => {
    const mail = notifyNewsMail(NEWS);
    expect(mail.subject).toBe('Trap the Trend: Midnight <b>Hoodie</b> is back in size M');
    expect(mail.text).toContain('Midnight <b>Hoodie</b>: https://shop.example.in/product/12');
    expect(mail.text).toContain('unsubscribe: https://shop.example.in/notify/unsubscribe?token=abc');
    expect(mail.html).toContain('href="https://shop.example.in/product/12"');
    expect(mail.html).toContain('href="https://shop.example.in/notify/unsubscribe?token=abc"');
    expect(mail.html).not.toContain('<b>');
  });

  it('list each product of a drop, and refuse a link that is not a web address', () => {
    const mail = notifyNewsMail({
      ...NEWS,
      products: [
        { name: 'Winter Heat Jacket', url: 'https://shop.example.in/product/1' },
        { name: 'Winter Heat Tee', url: 'https://shop.example.in/product/2' },
      ],
    });
    expect(mail.html).toMatch(/<li><a href="https:\/\/shop.example.in\/product\/1"[^>]*>Winter Heat Jacket<\/a><\/li>/);
    expect(() => notifyNewsMail({ ...NEWS, unsubscribeUrl: 'javascript:alert(1)' })).toThrow('not a web address');
  });
});
