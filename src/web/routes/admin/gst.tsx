// The GST return's figures for a month (GSTR-1's sales to consumers, HSN summary and documents
// issued) from the store's own invoices and credit notes, with each table as a CSV download.
import { href } from 'react-router';

import { formatPaise } from '../../../common/money.ts';
import { AdminFilters } from '../../components/admin/admin-list.tsx';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminTable } from '../../components/admin/admin-table.tsx';
import { Alert } from '../../components/admin/alert.tsx';
import { TextField } from '../../components/form-field.tsx';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/gst';

export { loader } from './gst.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'GST return', "A month's GSTR-1 figures from the store's invoices and credit notes.");
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

const cell = 'px-3 py-2 whitespace-nowrap';

/** Each table's file and what the link calls it. */
const DOWNLOADS = [
  ['b2cs.csv', 'small sales to consumers'],
  ['b2cl.csv', 'large inter-state sales'],
  ['cdnur.csv', 'their credit notes'],
  ['hsn.csv', 'HSN summary'],
  ['docs.csv', 'documents issued'],
] as const;
const money = `${cell} text-right tabular-nums`;

export default function AdminGst({ loaderData }: Route.ComponentProps) {
  const { figures, refused, asked, thisMonth } = loaderData;
  return (
    <AdminPage id="admin-gst-title" title="GST return">
      <AdminFilters grid="sm:grid-cols-[14rem_auto] sm:justify-start">
        <TextField
          label="Month"
          name="month"
          type="month"
          min="2017-07"
          max={thisMonth}
          defaultValue={asked}
          required
        />
      </AdminFilters>
      {refused ? <Alert tone="error">{refused}</Alert> : figures ? <GstFigures figures={figures} /> : null}
    </AdminPage>
  );
}

type Figures = NonNullable<Route.ComponentProps['loaderData']['figures']>;

function GstFigures({ figures }: { figures: Figures }) {
  const stateTax = figures.stateTax;
  const taxColumns = ['Taxable value', 'IGST', 'CGST', stateTax];
  const file = (name: string) => href('/admin/gst/:month/:file', { month: figures.month, file: name });
  const sums = (row: { taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number }) => (
    <>
      <td className={money}>{formatPaise(row.taxablePaise)}</td>
      <td className={money}>{formatPaise(row.igstPaise)}</td>
      <td className={money}>{formatPaise(row.cgstPaise)}</td>
      <td className={money}>{formatPaise(row.sgstPaise)}</td>
    </>
  );
  const { invoices, creditNotes, net } = figures.totals;
  return (
    <>
      <p className="mt-4 text-sm text-muted">
        {`${monthName(figures.month)}, India time:`} every invoice and credit note issued in the month. The store sells
        to consumers only: an inter-state invoice above ₹1,00,000 is a large supply (B2CL), listed on its own with its
        credit notes (CDNUR); every other sale is a small one (B2CS), credit notes taken off.
      </p>
      <ul className="mt-3 flex flex-wrap gap-3 text-sm font-semibold" aria-label="Downloads">
        {DOWNLOADS.map(([name, label]) => (
          <li key={name}>
            <a className="underline" href={file(name)} download>
              {`Download ${label} (${name})`}
            </a>
          </li>
        ))}
      </ul>

      <h2 className="mt-6 text-lg font-bold">Totals</h2>
      <AdminTable label="Totals" minWidth="min-w-[44rem]" columns={['', ...taxColumns, 'Value']}>
        {(
          [
            ['Invoices', invoices],
            ['Credit notes', creditNotes],
            ['Net', net],
          ] as const
        ).map(([label, row]) => (
          <tr key={label}>
            <th scope="row" className={`${cell} font-semibold`}>
              {label}
            </th>
            {sums(row)}
            <td className={money}>{formatPaise(row.valuePaise)}</td>
          </tr>
        ))}
      </AdminTable>

      <h2 className="mt-6 text-lg font-bold">Sales to consumers by place of supply and rate</h2>
      <AdminTable
        label="Sales to consumers"
        minWidth="min-w-[48rem]"
        columns={['Place of supply', 'Supply', 'Rate', ...taxColumns]}
        empty={figures.supplies.length === 0 ? 'No sales this month.' : undefined}
      >
        {figures.supplies.map((row) => (
          <tr key={`${row.placeOfSupply}-${row.ratePercent}`}>
            <td className={cell}>{row.placeOfSupply}</td>
            <td className={cell}>{row.intraState ? 'Intra-state' : 'Inter-state'}</td>
            <td className={cell}>{row.ratePercent}%</td>
            {sums(row)}
          </tr>
        ))}
      </AdminTable>

      {figures.largeInvoices.length + figures.largeCredits.length > 0 ? (
        <>
          <h2 className="mt-6 text-lg font-bold">Large inter-state sales and their credit notes</h2>
          <AdminTable
            label="Large inter-state sales"
            minWidth="min-w-[52rem]"
            columns={['Document', 'Day', 'Value', 'Place of supply', 'Rate', 'Taxable value', 'IGST']}
          >
            {[...figures.largeInvoices, ...figures.largeCredits].map((row) => (
              <tr key={`${row.number}-${row.ratePercent}`}>
                <td className={cell}>{row.number}</td>
                <td className={cell}>{row.day}</td>
                <td className={money}>{formatPaise(row.valuePaise)}</td>
                <td className={cell}>{row.placeOfSupply}</td>
                <td className={cell}>{row.ratePercent}%</td>
                <td className={money}>{formatPaise(row.taxablePaise)}</td>
                <td className={money}>{formatPaise(row.igstPaise)}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      ) : null}

      <h2 className="mt-6 text-lg font-bold">HSN summary</h2>
      <AdminTable
        label="HSN summary"
        minWidth="min-w-[52rem]"
        columns={['HSN', 'Rate', 'Quantity', 'Value', ...taxColumns]}
        empty={figures.hsn.length === 0 ? 'No sales this month.' : undefined}
      >
        {figures.hsn.map((row) => (
          <tr key={`${row.hsn}-${row.ratePercent}`}>
            <td className={cell}>{row.hsn}</td>
            <td className={cell}>{row.ratePercent}%</td>
            <td className={`${cell} text-right tabular-nums`}>{row.quantity}</td>
            <td className={money}>{formatPaise(row.valuePaise)}</td>
            {sums(row)}
          </tr>
        ))}
      </AdminTable>

      <h2 className="mt-6 text-lg font-bold">Documents issued</h2>
      <AdminTable
        label="Documents issued"
        minWidth="min-w-[40rem]"
        columns={['Document', 'From', 'To', 'Issued', 'Cancelled']}
      >
        {figures.documents.map((range) => (
          <tr key={range.nature}>
            <td className={cell}>{range.nature}</td>
            <td className={cell}>{range.first ?? '—'}</td>
            <td className={cell}>{range.last ?? '—'}</td>
            <td className={cell}>{range.count}</td>
            <td className={cell}>{range.cancelled}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
