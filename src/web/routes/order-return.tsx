// Return or exchange items of a delivered order (ADR 0025): one line at a time, a reason, an
// optional note and up to three photos. An exchange names the size wanted instead, which the
// store sets aside at once.
import { useState } from 'react';
import { Form, href, useNavigation } from 'react-router';

import { RETURN_REASONS } from '../../common/returns.ts';
import { BackLink } from '../components/back-link.tsx';
import { FormMessage, SelectField, TextAreaField, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { PhotosField } from '../components/photos-field.tsx';
import { RefundFields } from '../components/refund-fields.tsx';
import { radioChoice, RadioOption } from '../components/radio-option.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/order-return';

export { action, loader } from './order-return.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Return or exchange',
    description: 'Return or exchange items of your Trap the Trend order.',
    noIndex: true,
  });
}

export default function OrderReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, window, number, requests, maxPhotos, refundChoices } = loaderData;
  const askable = items.filter((item) => item.left > 0);
  const [itemKey, setItemKey] = useState(askable[0]?.key ?? '');
  const [kind, setKind] = useState<'return' | 'exchange'>('exchange');
  const kindRadio = radioChoice('kind', kind, setKind);
  const [quantity, setQuantity] = useState(1);
  const busy = useNavigation().state !== 'idle';
  const chosen = askable.find((item) => item.key === itemKey) ?? askable[0];
  const errors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  const errorOf = (field: string) => (errors as Record<string, string | undefined>)[field];
  // The store credit offer for the units chosen (the server works out the refund again when it is made).
  const creditOffer = chosen?.creditOffers[Math.min(Math.max(quantity, 1), chosen.left) - 1] ?? null;

  return (
    <section aria-labelledby="return-title" className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to={href('/orders')}>Your Orders</BackLink>
      <h1 id="return-title" className="mt-2 text-3xl font-black uppercase">
        Return or exchange
      </h1>
      <p className="mt-2 text-muted">{`Order #${number}`}</p>

      <div className="mt-4">
        <FormMessage
          message={actionData ? { text: actionData.message, tone: actionData.ok ? 'success' : 'error' } : undefined}
        />
      </div>

      {!window ? (
        <p className="mt-6">This order has not been delivered yet, so its items cannot be returned or exchanged.</p>
      ) : !window.open ? (
        <p className="mt-6">{`Returns and exchanges for this order closed on ${window.lastDay}.`}</p>
      ) : askable.length === 0 ? (
        <p className="mt-6">You have asked to return or exchange every item of this order.</p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5" key={requests.length}>
          <p className="text-sm">{`You can ask until ${window.lastDay}.`}</p>
          <fieldset>
            <legend className="text-sm font-semibold">Item</legend>
            <div className="mt-2 space-y-2">
              {askable.map((item) => (
                <div key={item.key} className="flex items-start gap-3 rounded-md border border-black/15 p-3">
                  <input
                    id={`item-${item.key}`}
                    type="radio"
                    name="item"
                    value={item.key}
                    checked={chosen?.key === item.key}
                    onChange={() => setItemKey(item.key)}
                    className="mt-1 size-4"
                  />
                  <label htmlFor={`item-${item.key}`}>
                    <span className="font-semibold">{item.name}</span>
                    <span className="block text-sm text-muted">{`Size: ${item.size} | Bought: ${item.quantity} | Can be sent back: ${item.left}`}</span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold">What would you like?</legend>
            <div className="mt-2 flex flex-wrap gap-6">
              {(['exchange', 'return'] as const).map((option) => (
                <RadioOption
                  key={option}
                  {...kindRadio(option)}
                  label={option === 'exchange' ? 'Exchange for another size' : 'Return for a refund'}
                />
              ))}
            </div>
          </fieldset>
          {kind === 'exchange' && chosen ? (
            <SelectField
              label="Size you want instead"
              name="exchangeSize"
              required
              defaultValue=""
              error={errorOf('exchangeSize')}
              options={[
                { value: '', label: 'Choose a size' },
                ...chosen.exchangeSizes.map((option) => ({
                  value: option.size,
                  label: option.inStock ? option.size : `${option.size} (sold out)`,
                })),
              ]}
            />
          ) : null}
          <TextField
            label="Quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={chosen?.left ?? 1}
            defaultValue={1}
            required
            error={errorOf('quantity')}
            onChange={(event) => setQuantity(Math.trunc(Number(event.currentTarget.value)) || 1)}
          />
          {kind === 'return' ? (
            <RefundFields choices={refundChoices} creditOffer={creditOffer} errorOf={errorOf} />
          ) : null}
          <SelectField
            label="Reason"
            name="reason"
            required
            defaultValue=""
            error={errorOf('reason')}
            options={[{ value: '', label: 'Choose the reason' }, ...RETURN_REASONS]}
          />
          <TextAreaField label="Note (optional)" name="note" rows={3} maxLength={1000} error={errorOf('note')} />
          <PhotosField maxPhotos={maxPhotos} error={errorOf('photos')} />
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
            {busy ? 'Sending...' : 'Send request'}
          </button>
        </Form>
      )}

      {requests.length > 0 ? (
        <section aria-labelledby="requests-title" className="mt-10">
          <h2 id="requests-title" className="text-xl font-bold">
            Your requests for this order
          </h2>
          <ul className="mt-3 divide-y divide-black/10 rounded-lg border border-black/10 bg-white">
            {requests.map((request) => (
              <li key={request.id} className="flex flex-wrap justify-between gap-2 p-4 text-sm">
                <span>
                  {request.summary}
                  {request.refundTo ? (
                    <span className="block text-muted">{`Refund to ${request.refundTo}`}</span>
                  ) : null}
                </span>
                <span className="font-semibold">{request.status}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
