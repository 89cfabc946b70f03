// The forms that move an order or a return request on, among them those staff fill when a parcel
// leaves (courier, AWB number, tracking address) and when it arrives (the day): an order's own
// parcel, and an exchange's replacement (ADR 0023, ADR 0025).
import type { ReactNode } from 'react';
import { Form } from 'react-router';

import { COURIERS } from '../../../common/couriers.ts';
import { SelectField, TextField } from '../form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../buttons.ts';

const FORM = 'space-y-2 border-t border-black/10 pt-4 first:border-0 first:pt-0';

/** A form that posts the move `to`: its fields, then its button (`secondary` for a move that undoes or refuses). */
export function MoveForm({
  busy,
  to,
  label,
  secondary = false,
  children,
}: {
  busy: boolean;
  to: string;
  label: string;
  secondary?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={FORM}>
      <input type="hidden" name="to" value={to} />
      {children}
      <button type="submit" className={secondary ? SECONDARY_BUTTON : PRIMARY_BUTTON} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** The parcel's details, asked for when it is shipped; `to` is the move the form posts. */
export function ShipForm({ busy, to, label }: { busy: boolean; to: string; label: string }) {
  return (
    <MoveForm busy={busy} to={to} label={label}>
      <SelectField
        label="Courier"
        name="courier"
        required
        defaultValue=""
        options={[
          { value: '', label: 'Choose the courier' },
          ...COURIERS.map((courier) => ({ value: courier.name, label: courier.name })),
        ]}
      />
      <TextField label="AWB number" name="awb" required minLength={6} maxLength={30} autoComplete="off" />
      <TextField
        label="Tracking address (optional for couriers the store knows)"
        name="trackingUrl"
        type="url"
        placeholder="https://"
      />
    </MoveForm>
  );
}

/** The day the parcel arrived (today by default); `to` is the move the form posts. */
export function DeliverForm({ busy, today, to, label }: { busy: boolean; today: string; to: string; label: string }) {
  return (
    <MoveForm busy={busy} to={to} label={label}>
      <TextField label="Delivered on" name="deliveredOn" type="date" required defaultValue={today} max={today} />
    </MoveForm>
  );
}
