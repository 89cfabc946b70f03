// The drop form of the admin's new and edit pages: a plain form post, so it works without
// JavaScript; the server checks every field and answers with the errors and the typed values.
import type { ReactNode } from 'react';
import { Form, href, Link } from 'react-router';

import type { DropFormValues } from '../../../server/admin/drop-input.ts';
import { FieldError, TextField } from '../form-field.tsx';
import { PRIMARY_BUTTON } from '../buttons.ts';
import { Alert } from './alert.tsx';

export interface DropFormProps {
  mode: 'new' | 'edit';
  values: DropFormValues;
  errors?: Record<string, string> | undefined;
  message?: string | undefined;
  submitting?: boolean;
}

/** The ids of a field's note and of its error, for its aria-describedby. */
const describedBy = (id: string, error: string | undefined) => (error ? `${id}-note ${id}-error` : `${id}-note`);

export function DropForm({ mode, values, errors = {}, message, submitting = false }: DropFormProps) {
  // A fresh form for each answer, so the fields show the values the server sent back.
  const key = JSON.stringify(values);
  return (
    <>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <Form method="post" key={key} noValidate className="mt-6 grid max-w-3xl gap-6">
        <TextField
          label="Name"
          name="name"
          defaultValue={values.name}
          error={errors.name}
          autoComplete="off"
          maxLength={80}
          required
        />

        <Group legend="Goes live">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="drop-date"
              label="Date"
              name="date"
              type="date"
              defaultValue={values.date}
              error={errors.date}
              aria-describedby={describedBy('drop-date', errors.date)}
              required
            />
            <TextField
              id="drop-time"
              label="Time"
              name="time"
              type="time"
              defaultValue={values.time}
              error={errors.time}
              aria-describedby={describedBy('drop-time', errors.time)}
              required
            />
          </div>
          <p className="mt-2 text-sm text-muted">
            <span id="drop-date-note">Date and time are in India time.</span>{' '}
            <span id="drop-time-note">
              {mode === 'new'
                ? 'Its products can be seen but not bought until then.'
                : 'A time in the past puts its products on sale now.'}
            </span>
          </p>
        </Group>

        <Group legend="Limits per shopper">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Of each size"
              name="limitPerSize"
              inputMode="numeric"
              defaultValue={values.limitPerSize}
              error={errors.limitPerSize}
            />
            <TextField
              label="In all"
              name="limitTotal"
              inputMode="numeric"
              defaultValue={values.limitTotal}
              error={errors.limitTotal}
            />
          </div>
          <p className="mt-2 text-sm text-muted">
            A whole number from 1 to 10, counting a shopper&apos;s orders and checkout together; leave it empty for no
            limit.
          </p>
        </Group>

        <Group legend="Visibility">
          <div className="flex items-start gap-3">
            <input
              type="checkbox"
              id="drop-hidden-until-live"
              name="hiddenUntilLive"
              value="on"
              defaultChecked={values.hiddenUntilLive === 'on'}
              aria-describedby={`drop-hidden-until-live-note${errors.hiddenUntilLive ? ' drop-hidden-until-live-error' : ''}`}
              aria-invalid={errors.hiddenUntilLive ? true : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-ink"
            />
            <label htmlFor="drop-hidden-until-live" className="font-semibold">
              Hidden until live
            </label>
          </div>
          <FieldError id="drop-hidden-until-live-error" error={errors.hiddenUntilLive} />
          <p id="drop-hidden-until-live-note" className="mt-2 text-sm text-muted">
            Its products stay out of the listing, search and sitemap until it goes live; their pages open only by link.
          </p>
        </Group>

        <Group legend="Products">
          <TextField
            id="drop-product-ids"
            label="Product ids"
            name="productIds"
            defaultValue={values.productIds}
            error={errors.productIds}
            aria-describedby={describedBy('drop-product-ids', errors.productIds)}
            autoComplete="off"
            spellCheck={false}
          />
          <p id="drop-product-ids-note" className="mt-2 text-sm text-muted">
            Separate them with commas or spaces, such as 12, 15. A product already in another drop is moved to this one;
            a product whose id is taken out leaves the drop and is on sale at once.
          </p>
        </Group>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto`} disabled={submitting}>
            {mode === 'new' ? 'Create drop' : 'Save changes'}
          </button>
          <Link to={href('/admin/drops')} className="font-semibold underline underline-offset-2">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-black/10 bg-white p-4">
      <legend className="px-1 text-sm font-bold tracking-wide uppercase">{legend}</legend>
      {children}
    </fieldset>
  );
}
