import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { href, useFetcher } from 'react-router';

import { DEFAULT_COUNTRY, INDIAN_STATES } from '../../../common/india.ts';
import { AddressSchema, type AddressInput } from '../../../common/validation.ts';
import { useFetcherAnswer } from '../../hooks/use-fetcher-answer.ts';
import { withQuery } from '../../paths.ts';
import { formFields, PHONE_INPUT, PINCODE_INPUT } from '../field-props.ts';
import { SelectField, TextField } from '../form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../buttons.ts';

const EMPTY_ADDRESS: AddressInput = {
  name: '',
  phone: '',
  house: '',
  street: '',
  city: '',
  pincode: '',
  state: '',
  country: DEFAULT_COUNTRY,
};

const STATE_OPTIONS = [
  { value: '', label: 'Select state' },
  ...INDIAN_STATES.map((state) => ({ value: state, label: state })),
];

/**
 * The add and edit form of a delivery address (docs/product.md §5 "Address form"): errors under
 * each field, and a known pincode fills in the city and state.
 */
export function AddressForm({
  initial = EMPTY_ADDRESS,
  submitLabel,
  busy,
  serverErrors = {},
  onSubmit,
  onCancel,
}: {
  initial?: AddressInput;
  submitLabel: 'Save Address' | 'Update Address';
  busy: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (address: AddressInput) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<AddressInput>({ resolver: zodResolver(AddressSchema), mode: 'onTouched', defaultValues: initial });
  const field = formFields(register, errors, serverErrors);

  // A known pincode fills in the city (its district) and the state, but never over the shopper's
  // own choice: only a field left empty, or still holding what this autofill put there, is filled.
  // An unknown pincode is said so rather than guessed.
  const place = useFetcher<{ ok?: boolean; city?: string; state?: string; message?: string }>();
  const autofilled = useRef<Partial<Record<'city' | 'state', string>>>({});
  const [pincodeNote, setPincodeNote] = useState<string>();
  function fillFromPincode(pincode: string) {
    setPincodeNote(undefined);
    if (/^\d{6}$/.test(pincode)) void place.load(withQuery(href('/api/pincode'), { code: pincode }));
  }
  useFetcherAnswer(place.data, (answer) => {
    if (answer.ok === false) return setPincodeNote(answer.message);
    for (const name of ['city', 'state'] as const) {
      const found = answer[name];
      const current = getValues(name);
      if (!found || (current !== '' && current !== autofilled.current[name])) continue;
      setValue(name, found, { shouldValidate: true });
      autofilled.current[name] = found;
    }
  });

  const pincode = field('pincode');
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" {...field('name')} />
        <TextField label="Phone" {...PHONE_INPUT} {...field('phone')} />
      </div>
      <TextField label="House/Flat" autoComplete="address-line1" {...field('house')} />
      <TextField label="Street/Address" autoComplete="address-line2" {...field('street')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Pincode"
          {...PINCODE_INPUT}
          {...pincode}
          onChange={(event) => {
            void pincode.onChange(event);
            fillFromPincode(event.target.value);
          }}
        />
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
      </div>
      <p role="status" className="-mt-2 text-sm text-brand-dark empty:hidden">
        {pincodeNote}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="State" options={STATE_OPTIONS} {...field('state')} />
        <TextField label="Country" autoComplete="country-name" {...field('country')} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
