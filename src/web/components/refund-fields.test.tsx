// The return form's refund fields (ADR 0051), drawn as the server draws them: the destinations
// the order offers with their words, the store credit offer tied to its choice, and the error
// under the choice.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { REFUND_MESSAGES } from '../../common/refunds.ts';
import { RefundFields } from './refund-fields.tsx';

const noErrors = () => undefined;
/** Each refund choice's radio: its value, and the whole tag. */
const radios = (html: string) =>
  [...html.matchAll(/<input [^>]*name="refundTo"[^>]*\/>/g)].map(
    ([tag]) => [tag.match(/value="(\w+)"/)![1], tag] as const,
  );

describe('the refund fields', () => {
  it('offer the payment or store credit for an order paid online, the payment chosen, the bonus stated', () => {
    const html = renderToStaticMarkup(
      <RefundFields
        choices={['original', 'store_credit']}
        creditOffer="Get ₹1,098.90 as store credit (₹99.90 extra)"
        errorOf={noErrors}
      />,
    );
    expect(html).toContain('<legend class="text-sm font-semibold">Where your refund goes</legend>');
    expect(radios(html).map(([value]) => value)).toEqual(['original', 'store_credit']);
    expect(radios(html)[0]![1]).toContain('checked=""');
    expect(html).toContain('/>Refund to the original payment</label>');
    expect(html).toContain('/>Refund as store credit</label>');
    // The offer describes the store credit choice only.
    expect(radios(html)[1]![1]).toContain('aria-describedby="credit-offer"');
    expect(radios(html)[0]![1]).not.toContain('aria-describedby');
    expect(html).toContain(
      '<p id="credit-offer" class="mt-1 text-sm text-muted">Get ₹1,098.90 as store credit (₹99.90 extra)</p>',
    );
    expect(html).not.toContain('UPI ID');
  });

  it('offer store credit or a payout for cash on delivery, and say what is wrong with the choice', () => {
    const html = renderToStaticMarkup(
      <RefundFields
        choices={['store_credit', 'payout']}
        creditOffer={null}
        errorOf={(field) => (field === 'refundTo' ? REFUND_MESSAGES.cashOnly : undefined)}
      />,
    );
    expect(radios(html).map(([value]) => value)).toEqual(['store_credit', 'payout']);
    expect(html).toContain('/>Refund to my UPI ID or bank account</label>');
    expect(html).not.toContain('credit-offer');
    expect(html).toContain('aria-describedby="refund-to-error"');
    expect(html).toContain(
      `<p id="refund-to-error" class="mt-1 text-sm text-brand-dark">${REFUND_MESSAGES.cashOnly}</p>`,
    );
  });
});
