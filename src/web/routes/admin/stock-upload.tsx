// The stock upload: a CSV file sets many sizes' units available to sell at once. It is previewed
// first (each size's units available now, those reserved, and its new count), every bad row named
// by its line; Apply sends the file back, and the server checks it again before writing anything,
// all or nothing.
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';

import { SIZES } from '../../../common/catalog.ts';
import {
  signedUnits,
  STOCK_UPLOAD_HEADERS,
  STOCK_UPLOAD_MAX_BYTES,
  STOCK_UPLOAD_MAX_ROWS,
} from '../../../common/stock-adjustments.ts';
import { STOCK_QUANTITY_MAX } from '../../../common/stock-movements.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminLinkCell, AdminTable } from '../../components/admin/admin-table.tsx';
import { Alert } from '../../components/admin/alert.tsx';
import { BackToProducts } from '../../components/admin/back-to-products.tsx';
import { TextField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../../components/buttons.ts';
import { adminProductStockPath } from '../../paths.ts';
import type { UploadRow } from '../../../server/admin/stock-upload.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/stock-upload';

export { action, loader } from './stock-upload.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Upload stock counts', 'Set stock from a CSV file.');
}

const HEADERS = STOCK_UPLOAD_HEADERS.join(',');
const PREVIEW_COUNTS = 'Available now → new';
const MAX_KB = STOCK_UPLOAD_MAX_BYTES / 1024;
const sizesOf = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'size' : 'sizes'}`;
const productsOf = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'product' : 'products'}`;

export default function StockUpload({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : undefined;
  // A file past the limit is refused here, before the browser sends it (the server refuses it too).
  const [tooBig, setTooBig] = useState<string>();
  return (
    <AdminPage id="stock-upload-title" title="Upload stock counts">
      <BackToProducts />
      <div className="mt-3 max-w-3xl space-y-2 text-sm">
        <p>
          Set the units available to sell of many sizes at once from a CSV file (a spreadsheet saved as CSV, UTF-8). Its
          first line is the headers <code className="font-semibold">{HEADERS}</code>; each line after it is one size of
          one product:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code>product_id</code>: the product&apos;s id, the number in its admin address (/admin/products/12);
          </li>
          <li>
            <code>size</code>: one of {SIZES.join(', ')}, a size the product is offered in;
          </li>
          <li>
            <code>quantity</code>: the units <strong>available to sell</strong>, a whole number from 0 to{' '}
            {STOCK_QUANTITY_MAX.toLocaleString('en-IN')}: not the shelf&apos;s count, but that count less the units
            reserved (in open checkouts, orders not yet shipped and exchanges), which each product&apos;s stock page and
            the preview show.
          </li>
        </ul>
        <p>
          At most {STOCK_UPLOAD_MAX_ROWS.toLocaleString('en-IN')} rows and {MAX_KB} KB, each size once. Nothing changes
          until you apply the preview; units sold between the preview and applying it stay sold. If staff change one of
          its sizes by hand meanwhile, Apply refuses the file: preview it again.
        </p>
        <pre className="w-fit rounded bg-black/5 px-3 py-2 text-xs">{`${HEADERS}\n12,M,40\n12,L,25`}</pre>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
          const file = input?.files?.[0];
          if (file && file.size > STOCK_UPLOAD_MAX_BYTES) {
            event.preventDefault();
            setTooBig(`The file is ${Math.ceil(file.size / 1024)} KB; upload at most ${MAX_KB} KB at a time.`);
          } else setTooBig(undefined);
        }}
      >
        <input type="hidden" name="intent" value="preview" />
        <div className="grow">
          <TextField label="CSV file" name="file" type="file" accept=".csv,text/csv" required />
        </div>
        <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto`} disabled={busy !== undefined}>
          {busy === 'preview' ? 'Checking…' : 'Preview'}
        </button>
      </Form>
      {tooBig ? <Alert tone="error">{tooBig}</Alert> : null}
      {actionData?.stage === 'refused' ? <Refusal {...actionData} /> : null}
      {actionData?.stage === 'preview' ? <Preview {...actionData} busy={busy === 'apply'} /> : null}
      {actionData?.stage === 'applied' ? <Applied rows={actionData.rows} /> : null}
    </AdminPage>
  );
}

function Refusal({ message, problems, more }: { message: string; problems: string[]; more: number }) {
  return (
    <>
      <Alert tone="error">{message}</Alert>
      {problems.length > 0 ? (
        <ul aria-label="Problems in the file" className="mt-3 list-disc space-y-1 pl-5 text-sm text-red-900">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
          {more > 0 ? <li>{`…and ${more.toLocaleString('en-IN')} more.`}</li> : null}
        </ul>
      ) : null}
    </>
  );
}

/** A row of the file with the count it had and the one it gets (preview) or got (applied). */
interface CountRow {
  line: number;
  productId: number;
  productName: string;
  size: string;
  from: number;
  to: number;
  /** The preview's: units reserved now. */
  reserved?: number;
}

/** The file's rows: each product links to its stock page; the preview also says each change. */
function CountsTable({ label, counts, rows }: { label: string; counts: string; rows: readonly CountRow[] }) {
  const preview = counts === PREVIEW_COUNTS;
  return (
    <AdminTable
      label={label}
      minWidth="min-w-[40rem]"
      columns={['Line', 'Product', 'Size', counts, ...(preview ? ['Change', 'Reserved now'] : [])]}
    >
      {rows.map((row) => (
        <tr key={row.line}>
          <td className="px-3 py-2 text-muted">{row.line}</td>
          <AdminLinkCell to={adminProductStockPath(row.productId)} detail={`Product ${row.productId}`}>
            {row.productName}
          </AdminLinkCell>
          <td className="px-3 py-2">{row.size}</td>
          <td className="px-3 py-2 whitespace-nowrap">{`${row.from} → ${row.to}`}</td>
          {preview ? (
            <>
              <td className="px-3 py-2">{row.to === row.from ? 'No change' : signedUnits(row.to - row.from)}</td>
              <td className="px-3 py-2">{(row.reserved ?? 0).toLocaleString('en-IN')}</td>
            </>
          ) : null}
        </tr>
      ))}
    </AdminTable>
  );
}

function Preview({ rows, csv, seen, busy }: { rows: UploadRow[]; csv: string; seen: string; busy: boolean }) {
  const changing = rows.filter((row) => row.quantity !== row.now).length;
  const products = new Set(rows.map((row) => row.productId)).size;
  return (
    <section aria-labelledby="preview-title" className="mt-6">
      <h2 id="preview-title" className="text-lg font-bold">
        Preview
      </h2>
      <p className="text-sm">
        {`${sizesOf(rows.length)} of ${productsOf(products)}: ${changing.toLocaleString('en-IN')} ${changing === 1 ? 'changes' : 'change'}, ${(rows.length - changing).toLocaleString('en-IN')} already ${rows.length - changing === 1 ? 'has' : 'have'} that count.`}
      </p>
      <CountsTable
        label="Preview of the stock upload"
        counts={PREVIEW_COUNTS}
        rows={rows.map((row) => ({ ...row, from: row.now, to: row.quantity }))}
      />
      <Form method="post" encType="multipart/form-data" className="mt-4">
        <input type="hidden" name="intent" value="apply" />
        <input type="hidden" name="csv" value={csv} />
        <input type="hidden" name="seen" value={seen} />
        <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto`} disabled={busy}>
          {busy ? 'Applying…' : 'Apply these counts'}
        </button>
      </Form>
    </section>
  );
}

function Applied({ rows }: { rows: Array<Omit<CountRow, 'from' | 'to'> & { before: number; after: number }> }) {
  const changed = rows.filter((row) => row.before !== row.after);
  return (
    <section aria-labelledby="applied-title" className="mt-6">
      <Alert tone="success">
        {`Stock set: ${sizesOf(changed.length)} of ${productsOf(new Set(changed.map((row) => row.productId)).size)} changed; ${sizesOf(rows.length - changed.length)} already had that count.`}
      </Alert>
      <h2 id="applied-title" className="mt-4 text-lg font-bold">
        Applied
      </h2>
      <CountsTable
        label="Counts applied"
        counts="Before → after"
        rows={rows.map((row) => ({ ...row, from: row.before, to: row.after }))}
      />
    </section>
  );
}
