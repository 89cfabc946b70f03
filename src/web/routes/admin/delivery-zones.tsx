// The zone table for staff (docs/decisions/0053): each zone's pincode prefixes and what a parcel
// there takes. A plain form post, so it works without JavaScript: a blank row at the end adds a
// zone, a ticked Remove deletes one, and Save writes the whole table; the server checks every
// field and answers with the errors beside the values typed.
import { Form, useNavigation } from 'react-router';

import type { ZoneFormRow } from '../../../server/shipping/zone-table.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { Alerts } from '../../components/admin/alert.tsx';
import { PRIMARY_BUTTON } from '../../components/buttons.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/delivery-zones';
import { TableRegion } from '../../components/table-region.tsx';

export { action, loader } from './delivery-zones.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Delivery zones', 'Where the store delivers, and in how many days.');
}

const BLANK_ROW: ZoneFormRow = {
  name: '',
  prefixes: '',
  standardDays: '',
  expressDays: '',
  cod: true,
  serviceable: true,
  remove: false,
};

const INPUT = 'block rounded-md border border-black/25 bg-white px-2 py-1.5 aria-[invalid=true]:border-brand-dark';

export default function AdminDeliveryZones({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const rows = actionData?.rows ?? loaderData.rows;
  const errors = actionData?.errors ?? {};
  const busy = navigation.state === 'submitting';
  return (
    <AdminPage id="delivery-zones-title" title="Delivery zones">
      <p className="mt-1 max-w-3xl text-sm text-muted">
        The delivery estimates by pincode: a pincode belongs to the zone with its longest matching prefix, and the zone
        without prefixes is the rest of India. Days are business days from dispatch; leave express days empty where
        there is no express delivery. The product page promises the slower of the product&apos;s own text and its
        zone&apos;s days.
        {loaderData.saved ? null : ' These are the built-in zones; they apply until you first save.'}
      </p>
      {loaderData.provider ? (
        <p className="mt-2 max-w-3xl text-sm font-semibold">
          {`The store ships with ${loaderData.provider}: its answers decide, and this table answers only when it cannot.`}
        </p>
      ) : null}
      <Alerts messages={actionData?.alerts} />
      <Form method="post" noValidate className="mt-4" key={JSON.stringify(rows)}>
        <TableRegion label="Delivery zones">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <caption className="sr-only">Delivery zones</caption>
            <thead className="bg-black/5">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Pincode prefixes
                </th>
                <th scope="col" className="px-3 py-2">
                  Standard days
                </th>
                <th scope="col" className="px-3 py-2">
                  Express days
                </th>
                <th scope="col" className="px-3 py-2">
                  Cash on delivery
                </th>
                <th scope="col" className="px-3 py-2">
                  Serviceable
                </th>
                <th scope="col" className="px-3 py-2">
                  Remove
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-black/10">
              {[...rows, BLANK_ROW].map((row, index) => (
                <ZoneRow key={index} row={row} index={index} isNew={index === rows.length} errors={errors} />
              ))}
            </tbody>
          </table>
        </TableRegion>
        <p className="mt-2 text-sm text-muted">Fill in the last row to add a zone.</p>
        <button type="submit" className={`${PRIMARY_BUTTON} mt-3 sm:w-auto`} disabled={busy}>
          {busy ? 'Saving...' : 'Save zones'}
        </button>
      </Form>
    </AdminPage>
  );
}

function ZoneRow({
  row,
  index,
  isNew,
  errors,
}: {
  row: ZoneFormRow;
  index: number;
  isNew: boolean;
  errors: Record<string, string>;
}) {
  // Named by the zone, so a screen reader says which row a field is in.
  const of = isNew ? 'the new zone' : row.name || `zone ${index + 1}`;
  const field = (name: keyof ZoneFormRow) => `${name}-${index}`;
  const text = (name: 'name' | 'prefixes' | 'standardDays' | 'expressDays', label: string, numeric = false) => {
    const error = errors[field(name)];
    const errorId = `zone-${field(name)}-error`;
    return (
      <td className="px-3 py-2 align-top">
        <input
          name={field(name)}
          aria-label={`${label} of ${of}`}
          defaultValue={row[name]}
          inputMode={numeric ? 'numeric' : undefined}
          maxLength={numeric ? 2 : name === 'prefixes' ? 2000 : 60}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${INPUT} ${numeric ? 'w-16' : 'w-full'}`}
        />
        {error ? (
          <p id={errorId} className="mt-1 text-xs font-semibold text-brand-dark">
            {error}
          </p>
        ) : null}
      </td>
    );
  };
  const box = (name: 'cod' | 'serviceable' | 'remove', label: string) => (
    <td className="px-3 py-2 align-top">
      <input
        type="checkbox"
        name={field(name)}
        value="on"
        aria-label={`${label} of ${of}`}
        defaultChecked={row[name]}
        className="h-5 w-5 accent-ink"
      />
    </td>
  );
  return (
    <tr>
      {text('name', 'Name')}
      {text('prefixes', 'Pincode prefixes')}
      {text('standardDays', 'Standard days', true)}
      {text('expressDays', 'Express days', true)}
      {box('cod', 'Cash on delivery')}
      {box('serviceable', 'Serviceable')}
      {isNew ? <td className="px-3 py-2" /> : box('remove', 'Remove')}
    </tr>
  );
}
