// The coupon form of the admin's new and edit pages: a plain form post, so it works without
// JavaScript; the server checks every field and answers with the errors and the typed values.
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';

import type { CouponFormValues } from '../../../server/admin/coupon-input.ts';
import { PRIMARY_BUTTON, SelectField, TextField } from '../form-field.tsx';
import { Alert } from './alert.tsx';

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percentage off' },
  { value: 'flat', label: 'Flat amount off (₹)' },
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

        <Group legend="Discount">
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label="Type"
              name="kind"
              options={KIND_OPTIONS}
              defaultValue={values.kind}
              error={errors.kind}
            />
            <TextField
              label="Amount off (% or ₹)"
              name="value"
              inputMode="decimal"
              defaultValue={values.value}
              error={errors.value}
              required
            />
            <TextField
              label="Maximum discount (₹)"
              name="maxDiscount"
              inputMode="decimal"
              defaultValue={values.maxDiscount}
              error={errors.maxDiscount}
            />
          </div>
          <p className="mt-2 text-sm text-muted">
            A percentage is a whole number from 1 to 100; a flat amount is in rupees. The maximum discount caps a
            percentage coupon; leave it empty for no cap.
          </p>
        </Group>

        <Group legend="Conditions">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Minimum order (₹)"
              name="minOrder"
              inputMode="decimal"
              defaultValue={values.minOrder}
              error={errors.minOrder}
            />
            <TextField
              label="Uses in all"
              name="usageLimit"
              inputMode="numeric"
              defaultValue={values.usageLimit}
              error={errors.usageLimit}
            />
            <TextField
              label="Uses per customer"
              name="perUserLimit"
              inputMode="numeric"
              defaultValue={values.perUserLimit}
              error={errors.perUserLimit}
            />
          </div>
          <p className="mt-2 text-sm text-muted">Leave a field empty for no minimum or no limit.</p>
        </Group>

        <Group legend="Dates (India time)">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Starts"
              name="startsAt"
              type="datetime-local"
              defaultValue={values.startsAt}
              error={errors.startsAt}
            />
            <TextField
              label="Ends"
              name="endsAt"
              type="datetime-local"
              defaultValue={values.endsAt}
              error={errors.endsAt}
            />
          </div>
          <p className="mt-2 text-sm text-muted">Leave them empty for a coupon that works at any time.</p>
        </Group>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto`} disabled={submitting}>
            {mode === 'new' ? 'Create coupon' : 'Save changes'}
          </button>
          <Link to="/admin/coupons" className="font-semibold underline underline-offset-2">
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
