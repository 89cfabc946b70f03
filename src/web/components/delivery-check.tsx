// "Check delivery" (ADR 0026): a pincode gives the day each delivery option arrives by, as the
// server reckons it (routes/delivery.server.ts). A plain GET form before the scripts load (the
// answer is then the /delivery page); a fetcher's afterwards. Once loaded, where this browser has
// checked a pincode before, it asks for that pincode's answer and fills it in: the page's HTML stays
// the same for every visitor, and a first visit asks nothing (ADR 0064).
import { useEffect, useId, useState } from 'react';
import { href, useFetcher } from 'react-router';

import { isPincodeFormat, PINCODE_FORMAT_MESSAGE, rememberedPincode } from '../../common/pincode.ts';
import { withQuery } from '../paths.ts';
import type { DeliveryCheckData } from '../routes/delivery.server.ts';
import { PINCODE_INPUT } from './field-props.ts';
import { RETURN_TO_FIELD, ReturnHereField } from './return-here-field.tsx';

export function DeliveryCheck({
  productIds,
  initial,
  back,
}: {
  productIds: readonly number[];
  /** The answer the /delivery page already has; elsewhere the remembered pincode is asked for. */
  initial?: DeliveryCheckData;
  /** Where the /delivery page leads back to; by default this page. */
  back?: string;
}) {
  const id = useId();
  const check = useFetcher<DeliveryCheckData>();
  const [pincode, setPincode] = useState(initial?.pincode ?? '');
  const [typed, setTyped] = useState(false);
  const [formatError, setFormatError] = useState<string>();
  const productQuery = productIds.map((productId) => ['product', String(productId)]);

  const { load } = check;
  const query = new URLSearchParams(productQuery).toString();
  useEffect(() => {
    if (!initial && rememberedPincode(document.cookie))
      void load(withQuery(href('/delivery'), new URLSearchParams(query)));
  }, [initial, load, query]);

  const latest = check.data ?? initial;
  // The remembered pincode fills the field unless the shopper has started typing.
  const shown = typed ? pincode : pincode || latest?.pincode || '';
  const answer = check.state === 'idle' ? latest?.answer : undefined;
  const error = formatError ?? (answer && !answer.ok ? answer.message : undefined);
  const errorId = `${id}-error`;

  return (
    <div className="mt-4 border-t border-black/10 pt-4">
      <check.Form
        method="get"
        action={href('/delivery')}
        noValidate
        onSubmit={(event) => {
          if (isPincodeFormat(shown.trim())) return setFormatError(undefined);
          event.preventDefault();
          setFormatError(PINCODE_FORMAT_MESSAGE);
        }}
      >
        <label htmlFor={id} className="block text-sm font-semibold">
          Check delivery
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={id}
            name="pincode"
            placeholder="Enter pincode"
            className="block w-full min-w-0 rounded-md border border-black/25 bg-white px-3 py-2 text-base focus:border-ink focus:ring-2 focus:ring-ink/20 focus:outline-none aria-[invalid=true]:border-brand-dark"
            {...PINCODE_INPUT}
            value={shown}
            onChange={(event) => {
              setTyped(true);
              setPincode(event.target.value);
              setFormatError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {productQuery.map(([name, value]) => (
            <input key={value} type="hidden" name={name} value={value} />
          ))}
          {back ? <input type="hidden" name={RETURN_TO_FIELD} value={back} /> : <ReturnHereField />}
          <button
            type="submit"
            className="shrink-0 rounded-md bg-ink px-4 py-2 font-bold text-white hover:bg-black disabled:opacity-60"
            disabled={check.state !== 'idle'}
          >
            Check
          </button>
        </div>
      </check.Form>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-brand-dark">
          {error}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="mt-2 text-sm">
        {answer?.ok && answer.delivers ? (
          <>
            <p className="text-muted">Delivering to {answer.place}</p>
            <ul className="mt-1 space-y-1">
              {answer.options.map((option) => (
                <li key={option.label}>
                  <span className="font-semibold">{option.label}:</span> {option.message}
                </li>
              ))}
            </ul>
          </>
        ) : answer?.ok ? (
          <p className="font-semibold text-brand-dark">{answer.message}</p>
        ) : null}
      </div>
    </div>
  );
}
