// The mails say what the customer needs (code, validity, the address asked for) in both parts,
// and no value put into them can break out of the HTML (React escapes it).
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';

import { MailLayout, renderHtml } from './layout.ts';
import { orderConfirmationMail, orderStatusMail, passwordResetMail, signupOtpMail } from './templates.ts';

const HOSTILE = `<script>alert("x")</script>&'`;
/** How HOSTILE reads once escaped in the HTML part. */
const HOSTILE_ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#x27;';

/** The HTML part's tags, to check that a hostile value added none. */
function tags(html: string): string[] {
  return [...html.matchAll(/<([a-z!][a-z0-9]*)/gi)].map(([, name]) => name!.toLowerCase());
}

/** Checks that the plain-text part and the HTML part each say every one of `texts`. */
function expectInBothParts(mail: { text: string; html: string }, texts: string[]): void {
  for (const part of [mail.text, mail.html]) {
    for (const text of texts) expect(part).toContain(text);
  }
}

/** An order of two lines, as the order mails get it. */
const ORDER = {
  number: '3F2A9C1D',
  paymentId: 'pay_Abc123',
  items: [
    { name: 'Astro Tee', size: 'M', quantity: 2, pricePaise: 79_900 },
    { name: 'Court Polo', size: 'L', quantity: 1, pricePaise: 119_900 },
  ],
};

describe('MailLayout', () => {
  it('is a complete page with the store name and an escaped title', () => {
    const html = renderHtml(h(MailLayout, { storeName: HOSTILE, title: HOSTILE }, h('p', null, 'body')));
    expect(html).toMatch(/^<!doctype html>\n<html lang="en-IN">/);
    expect(html).toContain('<p>body</p>');
    expect(html).not.toContain('<script>');
    expect(html).toContain(`<title>${HOSTILE_ESCAPED}</title>`);
    expect(html).toContain(`Sent automatically by ${HOSTILE_ESCAPED}.`);
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
    expectInBothParts(mail, ['482913', '15 minutes', 'riya@example.in', 'Trap the Trend']);
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
    expect(mail.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
    expectInBothParts(mail, ['1 hour', 'only once', 'did not ask for this', 'riya@example.in']);
  });

  it('escapes hostile values and refuses script links', () => {
    const hostile = passwordResetMail({ storeName: HOSTILE, url: 'https://x.in/"><script>', email: HOSTILE });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('href="https://x.in/&quot;&gt;&lt;script&gt;"');
    expect(() => passwordResetMail({ storeName: 'S', url: 'javascript:alert(1)', email: 'a@b.in' })).toThrow();
  });
});

describe('orderStatusMail', () => {
  const order = { ...ORDER, totalPaise: 279_700 };

  it('names the new status in the subject and gives the order in both parts', () => {
    const mail = orderStatusMail({ storeName: 'Trap the Trend', status: 'processing', order });
    expect(mail.subject).toBe('Trap the Trend: your order is now Processing');
    expectInBothParts(mail, [
      'Your order is now Processing',
      'pay_Abc123',
      'Astro Tee',
      'Qty: 2',
      '₹1,598.00',
      '₹2,797.00',
      '#3F2A9C1D',
    ]);
    for (const part of [mail.text, mail.html]) expect(part).not.toContain('refunded');
  });

  it('gives the parcel and its tracking link when the order ships', () => {
    const parcel = {
      courier: 'Delhivery',
      awb: 'DL123456',
      trackingUrl: 'https://www.delhivery.com/track-v2/package/DL123456',
    };
    const mail = orderStatusMail({ storeName: 'Trap the Trend', status: 'shipped', order, parcel });
    expect(mail.subject).toBe('Trap the Trend: your order is now Shipped');
    expect(mail.text).toContain('Your order is on its way.');
    expect(mail.text).toContain(`Delhivery, AWB DL123456. Track your parcel: ${parcel.trackingUrl}`);
    expect(mail.html).toContain(`<a href="${parcel.trackingUrl}"`);
    expect(mail.html).toContain('Track your parcel</a>');
  });

  it('says how much was refunded when the order failed', () => {
    const mail = orderStatusMail({ storeName: 'Trap the Trend', status: 'failed', order, refundedPaise: 279_700 });
    expect(mail.subject).toBe('Trap the Trend: your order is now Failed');
    expectInBothParts(mail, ['Your payment of ₹2,797.00 has been refunded']);
  });

  it('tells a cash on delivery shopper what to pay, and why an unconfirmed order was cancelled', () => {
    const cod = { ...order, paymentId: null };
    const shipped = orderStatusMail({
      storeName: 'Trap the Trend',
      status: 'shipped',
      order: cod,
      codDuePaise: 279_700,
    });
    expectInBothParts(shipped, ['Cash on delivery: ₹2,797.00 to pay when it arrives.']);
    for (const part of [shipped.text, shipped.html]) expect(part).not.toContain('Payment id');

    const cancelled = orderStatusMail({
      storeName: 'Trap the Trend',
      status: 'cancelled',
      order: cod,
      cause: 'unconfirmed',
    });
    expect(cancelled.subject).toBe('Trap the Trend: your order is now Cancelled');
    expectInBothParts(cancelled, [
      'Your cash on delivery order was cancelled because it was not confirmed in time. Nothing was charged; you are welcome to order again.',
    ]);
    for (const part of [cancelled.text, cancelled.html]) expect(part).not.toContain('as you asked');

    const back = orderStatusMail({ storeName: 'Trap the Trend', status: 'returned_to_origin', order: cod });
    expect(back.subject).toBe('Trap the Trend: your order is now Returned to origin');
    expectInBothParts(back, ['Your cash on delivery parcel could not be delivered and has come back to us']);
  });

  it('escapes hostile values in the HTML part', () => {
    const mail = orderStatusMail({
      storeName: HOSTILE,
      status: 'completed',
      order: { ...order, paymentId: HOSTILE, items: [{ name: HOSTILE, size: HOSTILE, quantity: 1, pricePaise: 100 }] },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(`<strong>${HOSTILE_ESCAPED}</strong>`);
    expect(mail.text).toContain(HOSTILE);
  });
});

describe('orderConfirmationMail', () => {
  const order = {
    ...ORDER,
    subtotalPaise: 279_700,
    discountPaise: 27_970,
    prepaidDiscountPaise: 0,
    codFeePaise: 0,
    paymentMethod: 'online' as const,
    totalPaise: 251_730,
    creditPaise: 0,
    address: 'Riya Sharma, 12 MG Road, Bengaluru, Karnataka 560001, India',
  };

  it('gives the items, amounts, address and payment id in both parts', () => {
    const mail = orderConfirmationMail({ storeName: 'Trap the Trend', order });
    expect(mail.subject).toBe('Trap the Trend: your order is confirmed');
    expect(mail.text).toContain('Astro Tee | Size: M | Qty: 2 | ₹1,598.00');
    expect(mail.html).toContain('Size: M | Qty: 2');
    expectInBothParts(mail, [
      'Order Confirmed!',
      'Thank you for your purchase.',
      'Court Polo',
      '₹1,199.00',
      'Subtotal: ₹2,797.00',
      'Discount: -₹279.70',
      'Delivery fee: ₹0.00 (free delivery)',
      'Total Amount: ₹2,517.30',
      'Delivering to: Riya Sharma, 12 MG Road, Bengaluru, Karnataka 560001, India',
      'pay_Abc123',
    ]);
    // The number to track the order by (Track Order).
    expect(mail.text).toContain('Order number: #3F2A9C1D');
    expect(mail.html).toContain('Order number: <strong>#3F2A9C1D</strong>');
  });

  it('leaves the discount out when there is none', () => {
    const mail = orderConfirmationMail({ storeName: 'Trap the Trend', order: { ...order, discountPaise: 0 } });
    for (const part of [mail.text, mail.html]) expect(part).not.toContain('Discount');
  });

  it('shows the saving for paying online as its own line, apart from the coupon', () => {
    const mail = orderConfirmationMail({
      storeName: 'Trap the Trend',
      order: { ...order, discountPaise: 27_970 + 11_191, prepaidDiscountPaise: 11_191, totalPaise: 240_539 },
    });
    expectInBothParts(mail, ['Discount: -₹279.70', 'Online payment saving: -₹111.91', 'Total Amount: ₹2,405.39']);
    for (const part of [mail.text, mail.html]) expect(part).not.toContain('Cash on delivery');
  });

  it('asks a cash on delivery shopper to confirm, with the fee and the amount to pay in cash', () => {
    const url = 'https://trapthetrend.example/orders/3f2a9c1d-0000-4000-8000-000000000000/confirm?token=abc_-1';
    const mail = orderConfirmationMail({
      storeName: 'Trap the Trend',
      order: {
        ...order,
        paymentId: null,
        paymentMethod: 'cod',
        codFeePaise: 4_900,
        totalPaise: 256_630,
        confirmUrl: url,
      },
    });
    expect(mail.subject).toBe('Trap the Trend: please confirm your order');
    expectInBothParts(mail, [
      'Please confirm your order',
      'Discount: -₹279.70',
      'Cash on delivery fee: ₹49.00',
      'Total Amount: ₹2,566.30',
      'Cash on delivery: ₹2,566.30 to pay when it arrives',
      'Confirm your order',
      url,
    ]);
    expect(mail.html).toContain(`<a href="${url}"`);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('Payment id');
      expect(part).not.toContain('Your payment was successful');
    }
  });

  it('shows store credit that paid part, and what was paid online or is to be paid in cash', () => {
    const online = orderConfirmationMail({ storeName: 'Trap the Trend', order: { ...order, creditPaise: 50_000 } });
    expectInBothParts(online, [
      'Total Amount: ₹2,517.30',
      'Paid with store credit: ₹500.00',
      'Paid online: ₹2,017.30',
      'Your payment was successful',
    ]);
    const cod = orderConfirmationMail({
      storeName: 'Trap the Trend',
      order: { ...order, paymentId: null, paymentMethod: 'cod', creditPaise: 50_000 },
    });
    expectInBothParts(cod, [
      'Total Amount: ₹2,517.30',
      'Paid with store credit: ₹500.00',
      'Cash on delivery: ₹2,017.30 to pay when it arrives',
    ]);
    for (const part of [cod.text, cod.html]) expect(part).not.toContain('Paid online');
  });

  it('says an order paid wholly with store credit was paid with it, with no payment id', () => {
    const mail = orderConfirmationMail({
      storeName: 'Trap the Trend',
      order: { ...order, paymentId: null, paymentMethod: 'store_credit', creditPaise: 251_730 },
    });
    expect(mail.subject).toBe('Trap the Trend: your order is confirmed');
    expectInBothParts(mail, [
      'Order Confirmed!',
      'Your store credit paid for your order, and your order has been placed.',
      'Total Amount: ₹2,517.30',
      'Paid with store credit: ₹2,517.30',
    ]);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('Payment id');
      expect(part).not.toContain('Paid online');
      expect(part).not.toContain('Cash on delivery');
    }
  });

  it('escapes hostile values in the HTML part', () => {
    const mail = orderConfirmationMail({
      storeName: HOSTILE,
      order: {
        ...order,
        paymentId: '"&<>',
        address: '<script>alert(1)</script>',
        items: [{ name: '<script>alert(1)</script>', size: '"&<>', quantity: 1, pricePaise: 100 }],
      },
    });
    const clean = orderConfirmationMail({
      storeName: 'S',
      order: { ...order, items: [{ name: 'Tee', size: 'M', quantity: 1, pricePaise: 100 }] },
    });
    expect(tags(mail.html)).toEqual(tags(clean.html));
    expect(mail.html).toContain('Delivering to: &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Size: &quot;&amp;&lt;&gt; | Qty: 1');
    expect(mail.html).toContain('<strong>&quot;&amp;&lt;&gt;</strong>');
    expect(mail.text).toContain('Delivering to: <script>alert(1)</script>');
  });
});
