// The coupon form of the admin's new and edit pages: a plain form post, so it works without
// JavaScript; the server checks every field and answers with the errors and the typed values.
import type { ReactNode } from 'react';
import { Form, href, Link } from 'react-router';

import type { CouponFormValues } from '../../../server/admin/coupon-input.ts';
import { FieldError, SelectField, TextField } from '../form-field.tsx';
import { PRIMARY_BUTTON } from '../buttons.ts';
import { Alert } from './alert.tsx';

interface CouponField {
  label: string;
  name: Exclude<keyof CouponFormValues, 'code' | 'prepaidOnly'>;
  inputMode?: 'decimal' | 'numeric';
  type?: 'datetime-local';
  required?: boolean;
  /** A select's choices; a field without them is a text input. */
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/** A sum in rupees (decimals allowed), a count, a date and time (India's). */
const rupees = (label: string, name: CouponField['name']): CouponField => ({ label, name, inputMode: 'decimal' });
const count = (label: string, name: CouponField['name']): CouponField => ({ label, name, inputMode: 'numeric' });
const dateTime = (label: string, name: CouponField['name']): CouponField => ({ label, name, type: 'datetime-local' });

/** The groups' grids: a column for each field on a wide screen. */
const GRID_COLUMNS: Record<number, string> = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' };

/** Every field but the code, in the groups the form shows them in, each with its note. */
const FIELD_GROUPS: ReadonlyArray<{ legend: string; fields: CouponField[]; note: string }> = [
  {
    legend: 'Discount',
    fields: [
      {
        label: 'Type',
        name: 'kind',
        options: [
          { value: 'percent', label: 'Percentage off' },
          { value: 'flat', label: 'Flat amount off (₹)' },
        ],
      },
      { ...rupees('Amount off (% or ₹)', 'value'), required: true },
      rupees('Maximum discount (₹)', 'maxDiscount'),
    ],
    note: 'A percentage is a whole number from 1 to 100; a flat amount is in rupees. The maximum discount caps a percentage coupon; leave it empty for no cap.',
  },
  {
    legend: 'Conditions',
    fields: [
      rupees('Minimum order (₹)', 'minOrder'),
      count('Uses in all', 'usageLimit'),
      count('Uses per customer', 'perUserLimit'),
    ],
    note: 'Leave a field empty for no minimum or no limit.',
  },
  {
    legend: 'Dates (India time)',
    fields: [dateTime('Starts', 'startsAt'), dateTime('Ends', 'endsAt')],
    note: 'Leave them empty for a coupon that works at any time.',
  },
];

export interface CouponFormProps {
  mode: 'new' | 'edit';
  values: CouponFormValues;
  errors?: Record<string, string> | undefined;
  message?: string | undefined;
  submitting?: boolean;
}

export function CouponForm({ mode, values, errors = {}, message, submitting = false }: CouponFormProps) {
  // A fresh form for each answer, so the fields show the values the server sent back.
  const key = JSON.stringify(values);
  return (
    <>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <Form method="post" key={key} noValidate className="mt-6 grid max-w-3xl gap-6">
        <div className="grid gap-1">
          {mode === 'new' ? (
            <TextField
              label="Code"
              name="code"
              defaultValue={values.code}
              error={errors.code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              required
            />
          ) : (
            <TextField label="Code" value={values.code} readOnly />
          )}
          <p className="text-sm text-muted">
            {mode === 'new'
              ? '3 to 40 letters, digits, dashes or underscores; saved in capitals. It cannot be changed later.'
              : 'The code cannot be changed, since orders refer to it.'}
          </p>
        </div>

        {FIELD_GROUPS.map(({ legend, fields, note }) => (
          <Group key={legend} legend={legend}>
            <div className={`grid gap-4 ${GRID_COLUMNS[fields.length]}`}>
              {fields.map(({ options, ...field }) => {
                const shown = { ...field, defaultValue: values[field.name], error: errors[field.name] };
                return options ? (
                  <SelectField key={field.name} {...shown} options={options} />
                ) : (
                  <TextField key={field.name} {...shown} />
                );
              })}
            </div>
            <p className="mt-2 text-sm text-muted">{note}</p>
          </Group>
        ))}

        <Group legend="Payment">
          <div className="flex items-start gap-3">
            <input
              type="checkbox"
              id="coupon-prepaid-only"
              name="prepaidOnly"
              value="on"
              defaultChecked={values.prepaidOnly === 'on'}
              aria-describedby={`coupon-prepaid-only-note${errors.prepaidOnly ? ' coupon-prepaid-only-error' : ''}`}
              aria-invalid={errors.prepaidOnly ? true : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-ink"
            />
            <label htmlFor="coupon-prepaid-only" className="font-semibold">
              For orders paid online only
            </label>
          </div>
          <FieldError id="coupon-prepaid-only-error" error={errors.prepaidOnly} />
          <p id="coupon-prepaid-only-note" className="mt-2 text-sm text-muted">
            Shoppers who choose cash on delivery are told the coupon is for orders paid online only.
          </p>
        </Group>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto`} disabled={submitting}>
            {mode === 'new' ? 'Create coupon' : 'Save changes'}
          </button>
          <Link to={href('/admin/coupons')} className="font-semibold underline underline-offset-2">
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
