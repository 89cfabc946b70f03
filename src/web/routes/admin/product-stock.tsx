// A product's stock for staff: each size's units available to sell and those reserved now (so a
// count of the shelf can be turned into units to sell), an adjustment with a reason (received,
// damaged, counted, other) and an optional note, and under it the size's history of every change,
// newest first and paged: sales, holds, cancellations, returns, exchanges, saves and adjustments.
import { Form, href, Link, useNavigation, useSearchParams } from 'react-router';

import { STOCK_REASON_HINTS } from '../../../common/stock-adjustments.ts';
import { STOCK_ADJUSTMENT_REASONS, STOCK_MOVEMENT_LABELS, STOCK_NOTE_MAX } from '../../../common/stock-movements.ts';
import { AdminTable } from '../../components/admin/admin-table.tsx';
import { Alert } from '../../components/admin/alert.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../../components/buttons.ts';
import { adminOrderPath, adminProductPath, adminProductStockPath, withQuery } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/product-stock';

export { action, loader } from './product-stock.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Stock', "A product's stock and its history.");
}

const REASON_OPTIONS = STOCK_ADJUSTMENT_REASONS.map((reason) => ({
  value: reason,
  label: STOCK_MOVEMENT_LABELS[reason],
}));

type SizeView = Route.ComponentProps['loaderData']['sizes'][number];

const unitsOf = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'unit' : 'units'}`;

/** The units on the shelf but not to sell, by why: staff's count of the shelf less these is what sells. */
function reservedText({ total, checkouts, orders, exchanges }: SizeView['reserved']): string {
  if (total === 0) return 'Reserved now: none (no open checkout, unshipped order or exchange holds this size).';
  return `Reserved now: ${unitsOf(total)} (${checkouts.toLocaleString('en-IN')} in open checkouts, ${orders.toLocaleString('en-IN')} in orders not yet shipped, ${exchanges.toLocaleString('en-IN')} held for exchanges).`;
}
/** Who asked to be told the size is back ('Notify me'): emailed once it has units again. */
function waitingText(waiting: number): string {
  if (waiting === 0) return 'Waiting for it to be back: nobody.';
  return `Waiting for it to be back: ${waiting.toLocaleString('en-IN')} ${waiting === 1 ? 'person' : 'people'}, emailed once it has units.`;
}
type Answer = Route.ComponentProps['actionData'];

export default function ProductStock({ loaderData, actionData }: Route.ComponentProps) {
  const { product, sizes } = loaderData;
  return (
    <section aria-labelledby="stock-title" className="mt-6">
      <BackLink to={adminProductPath(product.id)}>{`Edit ${product.name}`}</BackLink>
      <h1 id="stock-title" className="mt-2 text-2xl font-black uppercase">
        {`Stock of ${product.name}`}
      </h1>
      <p className="text-sm text-muted">
        Product {product.id} ·{' '}
        <Link to={href('/admin/products/stock-upload')} className="underline">
          Upload stock counts (CSV)
        </Link>
      </p>
      {actionData ? <Alert tone={actionData.tone}>{actionData.message}</Alert> : null}
      <ul className="mt-4 grid gap-1 text-sm text-muted sm:grid-cols-2">
        {STOCK_ADJUSTMENT_REASONS.map((reason) => (
          <li key={reason}>{STOCK_REASON_HINTS[reason]}</li>
        ))}
      </ul>
      {sizes.length === 0 ? (
        <p className="mt-6">This product is offered in no size: choose its sizes on its edit page.</p>
      ) : (
        <div className="mt-6 space-y-8">
          {sizes.map((size) => (
            <SizeStock
              key={size.size}
              productId={product.id}
              size={size}
              answer={actionData?.size === size.size ? actionData : undefined}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function SizeStock({ productId, size, answer }: { productId: number; size: SizeView; answer: Answer | undefined }) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('size') === size.size;
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values;
  const titleId = `size-${size.size}-title`;
  const pageLink = (page: number) => {
    const query = new URLSearchParams(params);
    if (page > 1) query.set(`page-${size.size}`, String(page));
    else query.delete(`page-${size.size}`);
    return withQuery(adminProductStockPath(productId), query);
  };
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-black/10 bg-white p-4">
      <h2 id={titleId} className="text-xl font-black">
        {`Size ${size.size}: ${unitsOf(size.units)} available to sell`}
      </h2>
      <p className="mt-1 text-sm text-muted">{reservedText(size.reserved)}</p>
      <p className="mt-1 text-sm text-muted">{waitingText(size.waiting)}</p>
      {/* A new form after each adjustment of this size, so it starts empty again. */}
      <Form
        method="post"
        className="mt-3"
        key={answer?.tone === 'success' ? `${size.size}-${size.units}-${size.entries[0]?.id}` : size.size}
      >
        <fieldset className="grid gap-3 sm:grid-cols-[11rem_9rem_1fr_auto] sm:items-end">
          <legend className="mb-2 font-bold">{`Adjust size ${size.size}`}</legend>
          <input type="hidden" name="size" value={size.size} />
          {/* What this page showed: a count keeps the sales made since, and is refused if staff changed the size meanwhile. */}
          <input type="hidden" name="was" value={size.units} />
          <input type="hidden" name="mark" value={size.mark} />
          <SelectField
            label="Reason"
            name="reason"
            options={REASON_OPTIONS}
            defaultValue={values?.reason || 'received'}
            error={errors.reason}
          />
          <TextField
            label="Units"
            name="units"
            inputMode="text"
            autoComplete="off"
            maxLength={20}
            required
            defaultValue={values?.units ?? ''}
            error={errors.units}
          />
          <TextField
            label="Note (optional)"
            name="note"
            maxLength={STOCK_NOTE_MAX}
            autoComplete="off"
            defaultValue={values?.note ?? ''}
            error={errors.note}
          />
          <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto`} disabled={busy}>
            {busy ? 'Adjusting…' : `Adjust ${size.size}`}
          </button>
        </fieldset>
        {errors.size ? <p className="mt-1 text-sm text-brand-dark">{errors.size}</p> : null}
      </Form>

      <h3 className="mt-5 font-bold">{`History of size ${size.size}`}</h3>
      <AdminTable
        label={`History of size ${size.size}`}
        minWidth="min-w-[46rem]"
        columns={['When (India time)', 'What', 'Change', 'Count after', 'By', 'Note']}
        empty={size.entries.length === 0 ? 'No changes yet.' : undefined}
      >
        {size.entries.map((entry) => (
          <tr key={entry.id}>
            <td className="px-3 py-2 whitespace-nowrap">{entry.when}</td>
            <td className="px-3 py-2">
              <span className="block font-semibold">{entry.what}</span>
              {entry.order ? (
                <Link to={adminOrderPath(entry.order.id)} className="text-xs underline">
                  {`Order #${entry.order.shortId}`}
                </Link>
              ) : null}
            </td>
            <td
              className={`px-3 py-2 font-semibold whitespace-nowrap ${entry.change.startsWith('+') ? 'text-green-800' : ''}`}
            >
              {entry.change}
            </td>
            <td className="px-3 py-2">{entry.after.toLocaleString('en-IN')}</td>
            <td className="px-3 py-2 break-all">{entry.by}</td>
            <td className="px-3 py-2 break-words">{entry.note}</td>
          </tr>
        ))}
      </AdminTable>
      {size.pages > 1 ? (
        <nav aria-label={`Pages of the history of size ${size.size}`} className="mt-3 flex items-center gap-4 text-sm">
          <span className="text-muted">{`Page ${size.page} of ${size.pages}`}</span>
          {size.page > 1 ? (
            <Link to={pageLink(size.page - 1)} preventScrollReset className="font-semibold underline">
              Newer changes
            </Link>
          ) : null}
          {size.page < size.pages ? (
            <Link to={pageLink(size.page + 1)} preventScrollReset className="font-semibold underline">
              Older changes
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
