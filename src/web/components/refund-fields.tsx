// Where a return's refund goes (ADR 0051), on the return form: the destinations its order offers
// (the original payment or store credit when it was paid online; store credit, or a UPI ID or bank
// account the shopper gives, when it was paid in cash), the store credit bonus stated when there is
// one, and the payout's details. The server checks all of it again.
import { useState } from 'react';

import {
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  REFUND_CHOICE_LABELS,
  type PayoutMethod,
  type RefundDestination,
} from '../../common/refunds.ts';
import { FieldError, TextField } from './form-field.tsx';
import { radioChoice, RadioOption } from './radio-option.tsx';

export function RefundFields({
  choices,
  creditOffer,
  errorOf,
}: {
  choices: readonly RefundDestination[];
  /** 'Get ₹… as store credit (₹… extra)', for the units chosen; null without a bonus. */
  creditOffer: string | null;
  errorOf: (field: string) => string | undefined;
}) {
  const [refundTo, setRefundTo] = useState<RefundDestination | undefined>(choices[0]);
  const [method, setMethod] = useState<PayoutMethod>('upi');
  const choiceError = errorOf('refundTo');
  const methodError = errorOf('payoutMethod');
  const refundRadio = radioChoice('refundTo', refundTo, setRefundTo);
  const methodRadio = radioChoice('payoutMethod', method, setMethod);
  return (
    <>
      <fieldset aria-describedby={choiceError ? 'refund-to-error' : undefined}>
        <legend className="text-sm font-semibold">Where your refund goes</legend>
        <div className="mt-2 space-y-2">
          {choices.map((to) => (
            <RadioOption
              key={to}
              {...refundRadio(to)}
              aria-describedby={to === 'store_credit' && creditOffer ? 'credit-offer' : undefined}
              label={REFUND_CHOICE_LABELS[to]}
            />
          ))}
        </div>
        {creditOffer ? (
          <p id="credit-offer" className="mt-1 text-sm text-muted">
            {creditOffer}
          </p>
        ) : null}
        <FieldError id="refund-to-error" error={choiceError} />
      </fieldset>
      {refundTo === 'payout' ? (
        <fieldset
          className="space-y-4 rounded-md border border-black/15 p-4"
          aria-describedby={methodError ? 'payout-method-error' : undefined}
        >
          <legend className="px-1 text-sm font-semibold">Pay my refund to</legend>
          <div className="flex flex-wrap gap-6">
            {PAYOUT_METHODS.map((option) => (
              <RadioOption key={option} {...methodRadio(option)} label={PAYOUT_METHOD_LABELS[option]} />
            ))}
          </div>
          <FieldError id="payout-method-error" error={methodError} />
          {method === 'upi' ? (
            <TextField
              label="UPI ID"
              name="upiId"
              placeholder="name@bank"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={200}
              required
              error={errorOf('upiId')}
            />
          ) : (
            <>
              <TextField
                label="Account holder's name"
                name="accountHolder"
                autoComplete="name"
                maxLength={100}
                required
                error={errorOf('accountHolder')}
              />
              <TextField
                label="Account number"
                name="accountNumber"
                inputMode="numeric"
                autoComplete="off"
                maxLength={40}
                required
                error={errorOf('accountNumber')}
              />
              <TextField
                label="IFSC"
                name="ifsc"
                placeholder="HDFC0001234"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                required
                error={errorOf('ifsc')}
              />
            </>
          )}
        </fieldset>
      ) : null}
    </>
  );
}
