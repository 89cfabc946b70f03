import { useEffect } from 'react';
import { data, Link, useFetcher, useLocation, useNavigate } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import { quoteBuyNow, quoteCart, type Quote } from '../../server/checkout/quote.ts';
import { getApp } from '../app-context.server.ts';
import type { BuyNowItem } from '../auth/after-sign-in.ts';
import { savePendingIntent } from '../auth/pending-intent.ts';
import { PRIMARY_BUTTON } from '../components/form-field.tsx';
import { readJson } from '../json-body.server.ts';
import { pageMeta } from '../seo.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/checkout';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Checkout', description: 'Complete your Trap the Trend order.', noIndex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return { signedIn: false as const };
  return { signedIn: true as const, cart: await quoteCart(getApp(context).db, user.id) };
}

/** Prices a buy-now item (it travels in navigation state, which only the browser has). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return data({ ok: false as const, message: 'Please log in to check out.' }, { status: 401 });
  const result = await quoteBuyNow(getApp(context).db, await readJson(request));
  return data(result, { status: result.ok ? 200 : result.status });
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const buyNow = (location.state as { buyNow?: BuyNowItem } | null)?.buyNow;
  const quote = useFetcher<typeof action>();

  // Signed out: remember the checkout and go to log in (SPEC §4).
  useEffect(() => {
    if (loaderData.signedIn) return;
    savePendingIntent({ action: 'checkout', payload: {} });
    void navigate('/login', { replace: true });
  }, [loaderData.signedIn, navigate]);
  useEffect(() => {
    if (loaderData.signedIn && buyNow && quote.state === 'idle' && !quote.data) {
      void quote.submit({ ...buyNow }, { method: 'post', encType: 'application/json' });
    }
  }, [loaderData.signedIn, buyNow, quote]);

  const loaded: Quote | undefined = !loaderData.signedIn
    ? undefined
    : !buyNow
      ? loaderData.cart
      : quote.data?.ok
        ? quote.data
        : undefined;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-black uppercase">Checkout</h1>
      <p className="mt-1 text-muted">Select your delivery address and complete your order</p>
      {quote.data && !quote.data.ok ? (
        <p role="alert" className="mt-8 font-semibold text-brand-dark">
          {quote.data.message}
        </p>
      ) : !loaded ? (
        <p className="mt-8">Loading checkout...</p>
      ) : loaded.items.length === 0 ? (
        <div className="mt-8">
          <p className="font-semibold">No items are selected for checkout.</p>
          <Link to="/cart" className={`${PRIMARY_BUTTON} mt-4 inline-block w-auto px-8`}>
            Go to cart
          </Link>
        </div>
      ) : (
        <OrderSummary quote={loaded} />
      )}
    </div>
  );
}

function OrderSummary({ quote }: { quote: Quote }) {
  return (
    <section aria-labelledby="order-summary" className="mt-8 rounded-lg border border-black/10 bg-white p-6">
      <h2 id="order-summary" className="text-lg font-black uppercase">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-black/10">
        {quote.items.map((item) => (
          <li key={`${item.productId}-${item.size}`} className="flex justify-between gap-4 py-3">
            <span>
              <span className="font-semibold">{item.name}</span>
              <span className="block text-sm text-muted">
                Size {item.size} · Qty {item.quantity} · {formatPaise(item.pricePaise)} each
              </span>
            </span>
            <span className="font-semibold whitespace-nowrap">{formatPaise(item.lineTotalPaise)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-black/10 pt-4">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatPaise(quote.subtotalPaise)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery fee</dt>
          <dd>
            {formatPaise(0)} <span className="text-sm text-green-800">free delivery</span>
          </dd>
        </div>
        <div className="flex justify-between text-lg font-bold">
          <dt>Total Amount</dt>
          <dd>{formatPaise(quote.subtotalPaise)}</dd>
        </div>
      </dl>
    </section>
  );
}
