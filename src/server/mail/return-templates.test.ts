// The return and exchange emails (ADR 0025): each step says what happened and what comes next,
// carries staff's message (escaped), the refund, and the new size's tracking link.
import { describe, expect, it } from 'vitest';

import { returnUpdateMail, type ReturnMailInput } from './return-templates.ts';

const base: ReturnMailInput = {
  storeName: 'Trap the Trend',
  status: 'requested',
  kind: 'exchange',
  summary: 'Exchange of 1 × Astro Tee (M → L)',
  orderNumber: '3F2A9C1D',
  staffMessage: null,
};

describe('returnUpdateMail', () => {
  it('confirms an exchange request and says the new size is set aside', () => {
    const mail = returnUpdateMail(base);
    expect(mail.subject).toBe('Trap the Trend: your exchange request (#3F2A9C1D) is requested');
    expect(mail.text).toContain('We have received your request: Exchange of 1 × Astro Tee (M → L).');
    expect(mail.text).toContain('The new size is set aside for you while we review the request');
    expect(mail.text).toContain('Order number: #3F2A9C1D');
  });

  it("carries staff's message, escaped in the HTML, and gives an exchange's held size back when rejected", () => {
    const mail = returnUpdateMail({ ...base, status: 'rejected', staffMessage: 'Worn <b>twice</b> & washed.' });
    expect(mail.subject).toBe('Trap the Trend: your exchange request (#3F2A9C1D) is rejected');
    expect(mail.text).toContain('Message from our team: Worn <b>twice</b> & washed.');
    expect(mail.html).toContain('Worn &lt;b&gt;twice&lt;/b&gt; &amp; washed.');
    expect(mail.text).toContain('The size we set aside for you is back on sale.');
  });

  it('tells the amount refunded for a return', () => {
    const mail = returnUpdateMail({
      ...base,
      kind: 'return',
      summary: 'Return of 2 × Astro Tee (M)',
      status: 'refunded',
      refundedPaise: 193_134,
    });
    expect(mail.subject).toBe('Trap the Trend: your return request (#3F2A9C1D) is refunded');
    expect(mail.text).toContain('₹1,931.34 has been refunded to the account you paid from.');
  });

  it("links the new size's parcel", () => {
    const trackingUrl = 'https://www.bluedart.com/trackdartresultthirdparty?trackFor=0&trackNo=BD1';
    const mail = returnUpdateMail({
      ...base,
      status: 'replacement_shipped',
      parcel: { courier: 'Blue Dart', awb: 'BD1', trackingUrl },
    });
    expect(mail.text).toContain(`Blue Dart, AWB BD1. Track your parcel: ${trackingUrl}`);
    expect(mail.html).toContain(`href="${trackingUrl.replace('&', '&amp;')}"`);
  });
});
