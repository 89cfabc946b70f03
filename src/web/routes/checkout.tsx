import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import { listAddresses, PROFILE_ADDRESS_ID, profileAddress } from '../../server/addresses/service.ts';
import { quoteCart, type Quote } from '../../server/checkout/quote.ts';
import type { PaymentStart } from '../../server/payments/service.ts';
import { getProfile } from '../../server/profiles/service.ts';
import { getApp } from '../app-context.server.ts';
import type { BuyNowItem } from '../auth/after-sign-in.ts';
import { savePendingIntent } from '../auth/pending-intent.ts';
import { AddressBook, type AddressChange, type DeliveryAddress } from '../components/checkout/address-book.tsx';
import { CouponBox, type CouponVerdict } from '../components/checkout/coupon-box.tsx';
import { PRIMARY_BUTTON } from '../components/form-field.tsx';
import { toast } from '../components/toaster.tsx';
import { useStoreSettings } from '../hooks/use-store-settings.ts';
import { loadScript } from '../load-script.ts';
import { postJson } from '../post-json.ts';
import { pageMeta } from '../seo.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/checkout';

/** SPEC §9: the payment script gets 10 s to load. */
const PAYMENT_SCRIPT_TIMEOUT_MS = 10_000;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Checkout', description: 'Complete your Trap the Trend order.', noIndex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return { signedIn: false as const };
  const { db } = getApp(context);
  const [cart, saved, profile] = await Promise.all([
    quoteCart(db, user.id),
    listAddresses(db, user.id),
    getProfile(db, user.id),
  ]);
  const addresses: DeliveryAddress[] = saved.map(
    ({ id, name, phone, house, street, city, pincode, state, country }) => ({
      id,
      name,
      phone,
      house,
      street,
      city,
      pincode,
      state,
      country,
    }),
  );
  const fromProfile = profileAddress(profile);
  return {
    signedIn: true as const,
    paymentScript: getApp(context).payments.settings.checkoutUrl,
    cart,
    addresses: fromProfile ? [...addresses, { id: PROFILE_ADDRESS_ID, ...fromProfile }] : addresses,
  };
}

type BuyNowQuote = ({ ok: true } & Quote) | { ok: false; message: string };

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const buyNow = (location.state as { buyNow?: BuyNowItem } | null)?.buyNow;
  const [buyNowQuote, setBuyNowQuote] = useState<BuyNowQuote>();

  // Signed out: remember the checkout and go to log in (SPEC §4).
  useEffect(() => {
    if (loaderData.signedIn) return;
    savePendingIntent({ action: 'checkout', payload: {} });
    void navigate('/login', { replace: true });
  }, [loaderData.signedIn, navigate]);

  // A buy-now item travels in navigation state; the server prices it.
  useEffect(() => {
    if (!loaderData.signedIn || !buyNow) return;
    let current = true;
    void postJson<Quote>('/api/checkout', { intent: 'quote', buyNow }).then(
      (answer) => current && setBuyNowQuote(answer),
    );
    return () => {
      current = false;
    };
  }, [loaderData.signedIn, buyNow]);

  const quote: Quote | undefined = !loaderData.signedIn
    ? undefined
    : !buyNow
      ? loaderData.cart
      : buyNowQuote?.ok
        ? buyNowQuote
        : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-black uppercase">Checkout</h1>
      <p className="mt-1 text-muted">Select your delivery address and complete your order</p>
      {buyNowQuote && !buyNowQuote.ok ? (
        <p role="alert" className="mt-8 font-semibold text-brand-dark">
          {buyNowQuote.message}
        </p>
      ) : !loaderData.signedIn || !quote ? (
        <p className="mt-8">Loading checkout...</p>
      ) : quote.items.length === 0 ? (
        <div className="mt-8">
          <p className="font-semibold">No items are selected for checkout.</p>
          <Link to="/cart" className={`${PRIMARY_BUTTON} mt-4 inline-block w-auto px-8`}>
            Go to cart
          </Link>
        </div>
      ) : (
        <CheckoutForm
          quote={quote}
          addresses={loaderData.addresses}
          buyNow={buyNow}
          paymentScript={loaderData.paymentScript}
        />
      )}
    </div>
  );
}

function CheckoutForm({
  quote,
  addresses,
  buyNow,
  paymentScript,
}: {
  quote: Quote;
  addresses: DeliveryAddress[];
  buyNow: BuyNowItem | undefined;
  paymentScript: string;
}) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const store = useStoreSettings();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string>();
  const [chosenId, setChosenId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const [applied, setApplied] = useState<{ verdict: CouponVerdict; code: string }>();
  const coupon = applied?.verdict;
  // The shopper's choice while it exists; otherwise the first address (after an add, the new one).
  const selectedId = addresses.some((address) => address.id === chosenId) ? chosenId : addresses[0]?.id;
  const discount = coupon?.discount_amount ?? 0;
  const total = coupon ? coupon.final_amount : quote.subtotalPaise;

  // SPEC §4 "Checkout flow": the server opens the payment, Razorpay's window takes it, the
  // server verifies it and makes the order.
  async function pay() {
    setPaying(true);
    setPayError(undefined);
    const fail = (message: string) => {
      setPayError(message);
      setPaying(false);
    };
    const started = await postJson<PaymentStart>('/api/checkout', {
      intent: 'pay',
      addressId: selectedId,
      couponCode: applied?.code,
      buyNow,
    });
    if (!started.ok) return fail(started.message);
    const cancel = () =>
      void postJson('/api/checkout', { intent: 'cancel-payment', razorpayOrderId: started.razorpayOrderId });
    try {
      await loadScript(paymentScript, PAYMENT_SCRIPT_TIMEOUT_MS);
    } catch {
      cancel();
      return fail('Payment is temporarily unavailable. Please try again later.');
    }
    try {
      const checkout = new window.Razorpay({
        key: started.keyId,
        amount: started.amount,
        currency: started.currency,
        name: store.name,
        description: 'Order Payment',
        order_id: started.razorpayOrderId,
        prefill: started.prefill,
        notes: { address: started.addressNote },
        theme: { color: '#111111' },
        handler: (response) => {
          void postJson<{ paymentId: string }>('/api/checkout', { intent: 'verify', ...response }).then((verified) => {
            if (!verified.ok) return fail(verified.message);
            void navigate(`/order-confirmation?payment=${encodeURIComponent(verified.paymentId)}`, {
              state: { paymentId: verified.paymentId },
            });
          });
        },
        modal: {
          ondismiss: () => {
            cancel();
            setPaying(false);
          },
        },
      });
      checkout.on('payment.failed', (response) =>
        fail(response.error?.description ?? 'Payment failed. Please try again.'),
      );
      checkout.open();
    } catch {
      cancel();
      fail('Unable to start the payment. Please try again or contact support.');
    }
  }

  async function changeAddresses(change: AddressChange): Promise<boolean> {
    setBusy(true);
    const answer = await postJson<object>('/api/checkout', change);
    await revalidate();
    setBusy(false);
    if (answer.ok) {
      setServerErrors(undefined);
      if (change.intent !== 'update-address') setChosenId(undefined);
      return true;
    }
    setServerErrors('fieldErrors' in answer ? (answer.fieldErrors as Record<string, string>) : undefined);
    toast.error(answer.message);
    return false;
  }

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]">
      <AddressBook
        addresses={addresses}
        selectedId={selectedId}
        onSelect={setChosenId}
        onChange={changeAddresses}
        busy={busy}
        serverErrors={serverErrors}
      />
      <section aria-labelledby="order-summary" className="h-fit rounded-lg border border-black/10 bg-white p-6">
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
        <CouponBox
          subtotalPaise={quote.subtotalPaise}
          judgeUrl="/api/checkout"
          extraBody={buyNow ? { buyNow } : {}}
          onVerdict={setApplied}
        />
        <dl className="mt-2 space-y-2 border-t border-black/10 pt-4">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPaise(quote.subtotalPaise)}</dd>
          </div>
          {coupon ? (
            <div className="flex justify-between text-green-800">
              <dt>Discount</dt>
              <dd>−{formatPaise(discount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>Delivery fee</dt>
            <dd>
              {formatPaise(0)} <span className="text-sm text-green-800">free delivery</span>
            </dd>
          </div>
          <div className="flex justify-between text-lg font-bold">
            <dt>Total Amount</dt>
            <dd>{formatPaise(total)}</dd>
          </div>
        </dl>
        <button
          type="button"
          className={`${PRIMARY_BUTTON} mt-6`}
          disabled={!selectedId || paying || total <= 0}
          onClick={() => void pay()}
        >
          {paying ? 'Processing...' : 'Continue to Payment'}
        </button>
        {payError ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-brand-dark">
            {payError}
          </p>
        ) : null}
      </section>
    </div>
  );
}
