// 'Notify me' on the product page (docs/drops.md): before a drop, ask to hear when it goes live;
// with sizes sold out, ask to hear when one is back. A plain form post before the scripts have
// loaded (answered on the /notify page), a fetcher's afterwards, answered here. A visitor types an
// address (confirmed by an emailed link). The page is kept for visitors and signed-in shoppers alike
// (ADR 0058): once the browser knows its shopper is signed in, the same field, in the same place,
// turns off and says their account's address is used; the server uses it whatever the form sends.
import { useId, type FormEvent } from 'react';
import { href, useFetcher } from 'react-router';

import type { NotifyAnswer } from '../routes/api.notify.ts';
import { SelectField, TextField } from './form-field.tsx';
import { PRIMARY_BUTTON } from './buttons.ts';
import { ReturnHereField } from './return-here-field.tsx';

type NotifyMeTarget = { dropId: number } | { productId: number; soldOut: readonly string[] };

export function NotifyMe({ target, signedIn }: { target: NotifyMeTarget; signedIn: boolean }) {
  const titleId = useId();
  const notify = useFetcher<NotifyAnswer>();
  const answer = notify.state === 'idle' ? notify.data : undefined;
  const emailRefused = answer && !answer.ok && answer.fieldErrors?.email !== undefined;
  const isDrop = 'dropId' in target;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    void notify.submit(fields, { method: 'post', encType: 'application/json', action: href('/api/notify') });
  }

  return (
    <form
      method="post"
      action={href('/api/notify')}
      onSubmit={submit}
      aria-labelledby={titleId}
      className="mt-6 rounded-lg border border-black/10 bg-white p-4"
    >
      <h2 id={titleId} className="font-bold">
        {isDrop ? 'Notify me when it drops' : "Notify me when it's back"}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {isDrop ? 'One email at the minute it goes live.' : 'One email when the size is in stock again.'}
      </p>
      <ReturnHereField />
      <div className="mt-3 grid gap-3 sm:grid-cols-[auto_1fr] sm:items-end">
        {isDrop ? (
          <input type="hidden" name="dropId" value={target.dropId} />
        ) : (
          <>
            <input type="hidden" name="productId" value={target.productId} />
            <SelectField
              label="Size"
              name="size"
              required
              options={target.soldOut.map((size) => ({ value: size, label: size }))}
            />
          </>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={emailRefused || undefined}
          {...(signedIn ? { disabled: true, placeholder: "Your account's email" } : { required: true })}
        />
      </div>
      <button type="submit" className={`${PRIMARY_BUTTON} mt-3 sm:w-auto sm:px-8`} disabled={notify.state !== 'idle'}>
        Notify me
      </button>
      <div role="status" className="mt-2 text-sm font-semibold text-green-800">
        {answer?.ok ? answer.message : null}
      </div>
      {answer && !answer.ok ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-brand-dark">
          {answer.message}
        </p>
      ) : null}
    </form>
  );
}
