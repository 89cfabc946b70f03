import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';

import { CART_MESSAGES, MAX_LINE_QUANTITY } from '../../common/cart-messages.ts';
import { formatPaise } from '../../common/money.ts';
import { getCart, summarize, type CartLine } from '../../server/cart/service.ts';
import { getApp } from '../app-context.server.ts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/form-field.tsx';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { toast } from '../components/toaster.tsx';
import { postJson } from '../post-json.ts';
import { pageMeta } from '../seo.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/cart';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Cart', description: 'Your Trap the Trend cart.', noIndex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return { signedIn: false as const };
  const lines = await getCart(getApp(context).db, user.id);
  return { signedIn: true as const, lines, summary: summarize(lines) };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-black uppercase">Your Cart</h1>
      {!loaderData.signedIn ? (
        <div className="mt-10 text-center">
          <p className="text-lg font-semibold">{CART_MESSAGES.signInToView}</p>
          <Link to="/login" className={`${PRIMARY_BUTTON} mt-6 inline-block w-auto px-10`}>
            Log in
          </Link>
        </div>
      ) : loaderData.lines.length === 0 ? (
        <div className="mt-10 text-center">
          <p className="text-lg font-semibold">Your cart is empty.</p>
          <p className="mt-2 text-muted">Find something you like and add it here.</p>
          <Link to="/products" className={`${PRIMARY_BUTTON} mt-6 inline-block w-auto px-10`}>
            Continue Shopping
          </Link>
        </div>
      ) : (
        <CartContents lines={loaderData.lines} summary={loaderData.summary} />
      )}
    </div>
  );
}

function CartContents({ lines, summary }: { lines: CartLine[]; summary: ReturnType<typeof summarize> }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);

  // Every change goes to the server, then the page shows what the server holds.
  async function change(body: Record<string, unknown>) {
    setBusy(true);
    const answer = await postJson('/api/cart', body);
    if (!answer.ok) toast.error(answer.message);
    await revalidate();
    setBusy(false);
  }

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
      <ul className="divide-y divide-black/10 rounded-lg border border-black/10 bg-white" aria-busy={busy}>
        {lines.map((line) => (
          <CartLineRow key={`${line.productId}-${line.size}`} line={line} busy={busy} onChange={change} />
        ))}
      </ul>
      <section aria-labelledby="summary-title" className="h-fit rounded-lg border border-black/10 bg-white p-6">
        <h2 id="summary-title" className="text-lg font-black uppercase">
          Order Summary
        </h2>
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
            onClick={() => void navigate('/checkout')}
          >
            Proceed to Checkout
          </button>
          <Link to="/products" className={`${SECONDARY_BUTTON} block text-center`}>
            Continue Shopping
          </Link>
        </div>
      </section>
    </div>
  );
}

function CartLineRow({
  line,
  busy,
  onChange,
}: {
  line: CartLine;
  busy: boolean;
  onChange: (body: Record<string, unknown>) => Promise<void>;
}) {
  const key = { productId: line.productId, size: line.size };
  const label = `${line.name} (${line.size})`;
  // The control shows the shopper's choice at once; the server's answer then replaces it.
  const [pending, setPending] = useState<{ selected?: boolean; quantity?: number; size?: string }>({});
  async function update(patch: typeof pending, body: Record<string, unknown>) {
    setPending(patch);
    await onChange({ intent: 'update', ...key, ...body });
    setPending({});
  }
  return (
    <li className="flex gap-4 p-4">
      <input
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-ink"
        checked={pending.selected ?? line.selected}
        disabled={busy}
        aria-label={`Select ${label} for checkout`}
        onChange={(event) => void update({ selected: event.target.checked }, { selected: event.target.checked })}
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
          <Link to={`/product/${line.productId}`} className="hover:underline">
            {line.name}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-muted">{formatPaise(line.pricePaise)} each</p>
        <div className="mt-3 flex flex-wrap items-end gap-4">
          <label className="text-sm font-semibold">
            Size
            <select
              className="mt-1 block rounded-md border border-black/25 bg-white px-2 py-1.5"
              value={pending.size ?? line.size}
              disabled={busy}
              onChange={(event) => void update({ size: event.target.value }, { newSize: event.target.value })}
            >
              {line.sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            Quantity
            <select
              className="mt-1 block rounded-md border border-black/25 bg-white px-2 py-1.5"
              value={pending.quantity ?? line.quantity}
              disabled={busy}
              onChange={(event) => {
                const quantity = Number(event.target.value);
                void update({ quantity }, { quantity });
              }}
            >
              {Array.from({ length: MAX_LINE_QUANTITY }, (_, index) => index + 1).map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="flex h-10 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-brand-dark hover:bg-black/5"
            disabled={busy}
            onClick={() => void onChange({ intent: 'remove', ...key })}
            aria-label={`Remove ${label}`}
          >
            <Trash2 aria-hidden="true" size={18} />
            Remove
          </button>
        </div>
      </div>
      <p className="font-bold whitespace-nowrap">{formatPaise(line.lineTotalPaise)}</p>
    </li>
  );
}
