import { href, Link, useFetcher, useFetchers, useNavigate } from 'react-router';

import { CART_MESSAGES, MAX_LINE_QUANTITY } from '../../common/cart-messages.ts';
import { formatPaise } from '../../common/money.ts';
import type { CartLine, summarize } from '../../server/cart/service.ts';
import { EmptyState } from '../components/shopper-page.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/buttons.ts';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { toast } from '../components/toaster.tsx';
import { useFetcherAnswer } from '../hooks/use-fetcher-answer.ts';
import { productPath } from '../paths.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/cart';
import type { CartAnswer } from './api.cart.ts';
import { Icon } from '../components/icon.tsx';
import { OrderSummaryBox } from '../components/order-summary-box.tsx';

export { loader } from './cart.server.ts';

/** A change of a line, as the cart action takes it. */
interface LineChange {
  intent: 'update' | 'remove';
  productId: number;
  size: string;
  quantity?: number;
  selected?: boolean;
  newSize?: string;
}

/** The quantities a line may have: 1 to the most a line takes. */
const QUANTITIES = Array.from({ length: MAX_LINE_QUANTITY }, (_, index) => index + 1);

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Cart', description: 'Your Trap the Trend cart.', noIndex: true });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-black uppercase">Your Cart</h1>
      {!loaderData.signedIn ? (
        <EmptyState message={CART_MESSAGES.signInToView} to={href('/login')} action="Log in" />
      ) : loaderData.lines.length === 0 ? (
        <EmptyState message="Your cart is empty." to={href('/products')} action="Continue Shopping">
          Find something you like and add it here.
        </EmptyState>
      ) : (
        <CartContents lines={loaderData.lines} summary={loaderData.summary} />
      )}
    </div>
  );
}

function CartContents({ lines, summary }: { lines: CartLine[]; summary: ReturnType<typeof summarize> }) {
  const navigate = useNavigate();
  // One change at a time: while any line's change is on its way, the controls wait for the answer.
  const busy = useFetchers().some((fetcher) => fetcher.state !== 'idle' && fetcher.formAction === href('/api/cart'));

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
      <ul className="divide-y divide-black/10 rounded-lg border border-black/10 bg-white" aria-busy={busy}>
        {lines.map((line) => (
          <CartLineRow key={`${line.productId}-${line.size}`} line={line} busy={busy} />
        ))}
      </ul>
      <OrderSummaryBox id="summary-title">
        <dl className="mt-4 space-y-2">
          <div className="flex justify-between">
            <dt>Items selected</dt>
            <dd>{summary.selectedCount}</dd>
          </div>
          <div className="flex justify-between text-lg font-bold">
            <dt>Subtotal</dt>
            <dd>{formatPaise(summary.subtotalPaise)}</dd>
          </div>
        </dl>
        <div className="mt-6 space-y-3">
          <button
            type="button"
            className={PRIMARY_BUTTON}
            disabled={summary.selectedCount === 0 || busy}
            onClick={() => void navigate(href('/checkout'))}
          >
            Proceed to Checkout
          </button>
          <Link to={href('/products')} className={`${SECONDARY_BUTTON} block text-center`}>
            Continue Shopping
          </Link>
        </div>
      </OrderSummaryBox>
    </div>
  );
}

function CartLineRow({ line, busy }: { line: CartLine; busy: boolean }) {
  const fetcher = useFetcher<CartAnswer>();
  const label = `${line.name} (${line.size})`;
  // Every change goes to the server; the control shows the shopper's choice until the page's
  // reloaded data (what the server holds) replaces it.
  const asked = fetcher.json as LineChange | undefined;
  function change(patch: Omit<LineChange, 'productId' | 'size'>) {
    void fetcher.submit(
      { ...patch, productId: line.productId, size: line.size },
      { method: 'post', encType: 'application/json', action: href('/api/cart') },
    );
  }
  useFetcherAnswer(fetcher.data, (answer) => {
    if (!answer.ok) toast.error(answer.message);
  });
  return (
    <li className="flex gap-4 p-4">
      <input
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-ink"
        checked={asked?.selected ?? line.selected}
        disabled={busy}
        aria-label={`Select ${label} for checkout`}
        onChange={(event) => change({ intent: 'update', selected: event.target.checked })}
      />
      <div className="w-20 shrink-0 sm:w-24">
        {line.images[0] ? (
          <ResponsiveImage
            base={line.images[0]}
            alt=""
            sizes="96px"
            width={96}
            height={120}
            className="aspect-[4/5] w-full rounded object-cover"
          />
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">
          <Link to={productPath(line.productId)} className="hover:underline">
            {line.name}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-muted">{formatPaise(line.pricePaise)} each</p>
        <div className="mt-3 flex flex-wrap items-end gap-4">
          <LineChoice
            label="Size"
            value={asked?.newSize ?? line.size}
            options={line.sizes}
            disabled={busy}
            onChange={(newSize) => change({ intent: 'update', newSize })}
          />
          <LineChoice
            label="Quantity"
            value={asked?.quantity ?? line.quantity}
            options={QUANTITIES}
            disabled={busy}
            onChange={(quantity) => change({ intent: 'update', quantity: Number(quantity) })}
          />
          <button
            type="button"
            className="flex h-10 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-brand-dark hover:bg-black/5"
            disabled={busy}
            onClick={() => change({ intent: 'remove' })}
            aria-label={`Remove ${label}`}
          >
            <Icon name="trash" size={18} />
            Remove
          </button>
        </div>
      </div>
      <p className="font-bold whitespace-nowrap">{formatPaise(line.lineTotalPaise)}</p>
    </li>
  );
}

/** A choice of a line (its size, its quantity), sent as soon as it changes. */
function LineChoice({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string | number;
  options: ReadonlyArray<string | number>;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <select
        className="mt-1 block rounded-md border border-black/25 bg-white px-2 py-1.5"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
