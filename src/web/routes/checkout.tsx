import { useEffect, useState } from 'react';
import { href, Link, useFetcher, useNavigate } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import {
  COD_FEE_LABEL,
  creditCoversWholly,
  judgeCashOnDelivery,
  partCreditPaise,
  PREPAID_SAVING_LABEL,
  prepaidSavingMessage,
  prepaidSavingPaise,
  STORE_CREDIT_LABEL,
  TO_PAY_LABEL,
  type CodHistory,
  type CodRules,
  type PaymentChoice,
  type PrepaidDiscount,
} from '../../common/payment-methods.ts';
import type { Quote } from '../../server/checkout/quote.ts';
import type { OrderPlaced, PaymentStart, verifyPayment } from '../../server/checkout/workflow.ts';
import { savePendingIntent } from '../auth/pending-intent.ts';
import type { BuyNowItem } from '../buy-now.ts';
import { AddressBook, type DeliveryAddress } from '../components/checkout/address-book.tsx';
import { CouponBox, type AppliedCoupon } from '../components/checkout/coupon-box.tsx';
import { PaymentMethodChoice } from '../components/checkout/payment-method-choice.tsx';
import { StoreCreditBox } from '../components/checkout/store-credit-box.tsx';
import { DeliveryCheck } from '../components/delivery-check.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { useFetcherAnswer } from '../hooks/use-fetcher-answer.ts';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation.ts';
import { useStoreSettings } from '../hooks/use-store-settings.ts';
import { loadScript } from '../load-script.ts';
import { OrderSummaryBox } from '../components/order-summary-box.tsx';
import { withQuery } from '../paths.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/checkout';

export { loader } from './checkout.server.ts';

/** docs/product.md §9: the payment script gets 10 s to load. */
const PAYMENT_SCRIPT_TIMEOUT_MS = 10_000;
/** A paid checkout's verify unanswered this long is confirmed by asking for its order instead. */
const VERIFY_TIMEOUT_MS = 20_000;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Checkout', description: 'Complete your Trap the Trend order.', noIndex: true });
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();

  // Signed out: remember the checkout and go to log in (docs/product.md §4).
  useEffect(() => {
    if (loaderData.signedIn) return;
    savePendingIntent({ action: 'checkout', payload: {} });
    void navigate(href('/login'), { replace: true });
  }, [loaderData.signedIn, navigate]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-black uppercase">Checkout</h1>
      <p className="mt-1 text-muted">Select your delivery address and complete your order</p>
      {!loaderData.signedIn ? (
        <p className="mt-8">Loading checkout...</p>
      ) : !loaderData.quote ? (
        <p role="alert" className="mt-8 font-semibold text-brand-dark">
          {loaderData.refusal}
        </p>
      ) : loaderData.quote.items.length === 0 ? (
        <div className="mt-8">
          <p className="font-semibold">No items are selected for checkout.</p>
          <Link to={href('/cart')} className={`${PRIMARY_BUTTON} mt-4 inline-block w-auto px-8`}>
            Go to cart
          </Link>
        </div>
      ) : (
        <CheckoutForm
          quote={loaderData.quote}
          addresses={loaderData.addresses}
          delivery={loaderData.delivery}
          buyNow={loaderData.buyNow}
          paymentScript={loaderData.paymentScript}
          cod={loaderData.cod}
          prepaidDiscount={loaderData.prepaidDiscount}
          creditPaise={loaderData.creditPaise}
        />
      )}
    </div>
  );
}

// Online: the Razorpay order to pay; cash on delivery or wholly store credit: the order placed.
type PaymentStartAnswer = PaymentStart | OrderPlaced | { ok: false; message: string };
// The server's answer; 'unavailable' also when none came (api.payments.verify.ts).
type PaymentVerifyAnswer = Awaited<ReturnType<typeof verifyPayment>>;

function CheckoutForm({
  quote,
  addresses,
  delivery,
  buyNow,
  paymentScript,
  cod,
  prepaidDiscount,
  creditPaise,
}: {
  quote: Quote;
  addresses: DeliveryAddress[];
  /** By pincode: why nobody delivers there (null: someone does), and whether cash is collected there. */
  delivery: Record<string, { refusal: string | null; cod: boolean }>;
  buyNow: BuyNowItem | undefined;
  paymentScript: string;
  /** Cash on delivery's rules and the shopper's orders; undefined when the store does not offer it. */
  cod: { rules: CodRules; history: CodHistory } | undefined;
  prepaidDiscount: PrepaidDiscount | undefined;
  /** The store credit the shopper may use; 0 for none. */
  creditPaise: number;
}) {
  const navigate = useNavigate();
  const store = useStoreSettings();
  const start = useFetcher<PaymentStartAnswer>();
  const verify = useFetcher<PaymentVerifyAnswer>();
  const cancel = useFetcher();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string>();
  // The Razorpay order the shopper has paid for, from the payment window's success callback on.
  const [paidOrderId, setPaidOrderId] = useState<string>();
  const [chosenId, setChosenId] = useState<string>();
  const [applied, setApplied] = useState<AppliedCoupon>();
  const [chosenMethod, setChosenMethod] = useState<PaymentChoice>('online');
  const [creditChecked, setCreditChecked] = useState(false);
  const coupon = applied?.verdict;
  // The shopper's choice while it exists; otherwise the first address (after an add, the new one).
  const selected = addresses.find((address) => address.id === chosenId) ?? addresses[0];
  const selectedId = selected?.id;
  // An address just added is judged once the page's data reloads; until then the server judges it.
  const reach = selected && delivery[selected.pincode];
  const refusals = Object.fromEntries(
    addresses.flatMap((address) => {
      const refusal = delivery[address.pincode]?.refusal;
      return refusal ? [[address.id, refusal]] : [];
    }),
  );
  const discount = coupon?.discount_amount ?? 0;
  const afterCoupon = coupon ? coupon.final_amount : quote.subtotalPaise;
  // The figures the server will price the order at (checkout/workflow.ts, cash-on-delivery.ts).
  const saving = prepaidSavingPaise(afterCoupon, prepaidDiscount);
  const codFee = cod?.rules.feePaise ?? 0;
  const codVerdict =
    cod &&
    judgeCashOnDelivery(
      {
        totalPaise: afterCoupon + codFee,
        pincode: selected?.pincode ?? '',
        courierCollectsCash: reach?.cod ?? true,
        prepaidOnlyCoupon: applied?.prepaidOnly ? applied.code : undefined,
        history: cod.history,
      },
      cod.rules,
    );
  // Cash on delivery chosen, then ruled out (another address, a coupon for online payment only):
  // online it is, and the disabled option says why.
  const method: PaymentChoice = chosenMethod === 'cod' && codVerdict?.allowed ? 'cod' : 'online';
  // Store credit (ADR 0050): covering the order paid in advance, it pays it all and no way to pay is
  // asked for; otherwise it pays part, the rest online (₹1.00 at least) or in cash.
  const useCredit = creditChecked && creditPaise > 0;
  const wholly = useCredit && creditCoversWholly(creditPaise, afterCoupon - saving);
  const prepaid = wholly || method === 'online';
  const total = prepaid ? afterCoupon - saving : afterCoupon + codFee;
  const creditUsed = !useCredit ? 0 : wholly ? total : partCreditPaise(total, creditPaise, method);

  function fail(message: string) {
    setPayError(message);
    setPaying(false);
  }

  function showConfirmation(paymentId: string) {
    void navigate(withQuery(href('/order-confirmation'), { payment: paymentId }), { state: { paymentId } });
  }
  const confirmation = usePaymentConfirmation({ onPaid: showConfirmation, onRefused: fail });
  const { confirm } = confirmation;
  // A verify still running after VERIFY_TIMEOUT_MS: ask for the order meanwhile (its answer, if
  // it comes, still counts).
  const verifying = verify.state !== 'idle';
  useEffect(() => {
    if (!paidOrderId || !verifying) return;
    const timer = setTimeout(() => confirm(paidOrderId), VERIFY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [paidOrderId, verifying, confirm]);

  // docs/product.md §4 "Checkout flow": the server opens the payment, Razorpay's window takes it,
  // the server verifies it and makes the order.
  // With cash on delivery the server places the order at once instead.
  function pay() {
    setPaying(true);
    setPayError(undefined);
    void start.submit(
      // JSON has no undefined: null is "none" (no address chosen, no coupon, the cart's lines).
      {
        // Credit covering it all needs no way to pay: the server places it (as an online order would be priced).
        method: wholly ? 'online' : method,
        useCredit,
        addressId: selectedId ?? null,
        couponCode: applied?.code ?? null,
        buyNow: buyNow ?? null,
      },
      {
        method: 'post',
        encType: 'application/json',
        action: href('/api/payments'),
        // A placed order leaves for its confirmation (see the verify below).
        defaultShouldRevalidate: method === 'online' && !wholly,
      },
    );
  }

  async function openPaymentWindow(started: PaymentStart) {
    // The shopper gave up or the window could not open: the held stock goes back at once.
    const release = () =>
      void cancel.submit(
        { razorpayOrderId: started.razorpayOrderId },
        { method: 'post', encType: 'application/json', action: href('/api/payments/cancel') },
      );
    try {
      await loadScript(paymentScript, PAYMENT_SCRIPT_TIMEOUT_MS);
    } catch {
      release();
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
        handler: ({ razorpay_order_id, razorpay_payment_id, razorpay_signature }) => {
          setPaidOrderId(razorpay_order_id);
          void verify.submit(
            { razorpay_order_id, razorpay_payment_id, razorpay_signature },
            {
              method: 'post',
              encType: 'application/json',
              action: href('/api/payments/verify'),
              // After a paid order the shopper leaves for the confirmation, which loads what it
              // needs: reloading this page first would show the emptied cart, and a reload still
              // running when the navigation starts can swallow the navigation.
              defaultShouldRevalidate: false,
            },
          );
        },
        modal: {
          ondismiss: () => {
            release();
            setPaying(false);
          },
        },
      });
      checkout.on('payment.failed', (response) =>
        fail(response.error?.description ?? 'Payment failed. Please try again.'),
      );
      checkout.open();
    } catch {
      release();
      fail('Unable to start the payment. Please try again or contact support.');
    }
  }
  useFetcherAnswer(start.data, (started) => {
    if (!started.ok) return fail(started.message);
    if ('orderId' in started) {
      return void navigate(withQuery(href('/order-confirmation'), { order: started.orderId }));
    }
    void openPaymentWindow(started);
  });
  useFetcherAnswer(verify.data, (verified) => {
    if (verified.ok && 'paymentId' in verified) {
      confirmation.stop();
      return showConfirmation(verified.paymentId);
    }
    // A real refusal, with its message. 'unavailable' is no answer (the connection dropped) or
    // Razorpay not answering: the payment may well have gone through.
    if (!verified.ok && verified.kind !== 'unavailable') {
      confirmation.stop();
      return fail(verified.message);
    }
    // Paid, but not confirmed yet: the webhook or the reconciliation job makes the order.
    if (paidOrderId) confirm(paidOrderId);
  });

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]">
      <AddressBook addresses={addresses} refusals={refusals} selectedId={selectedId} onSelect={setChosenId} />
      <OrderSummaryBox id="order-summary">
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
        <DeliveryCheck productIds={quote.items.map((item) => item.productId)} />
        <CouponBox subtotalPaise={quote.subtotalPaise} buyNow={buyNow} onVerdict={setApplied} />
        {creditPaise > 0 ? (
          <StoreCreditBox availablePaise={creditPaise} checked={creditChecked} onChange={setCreditChecked} />
        ) : null}
        {wholly ? null : codVerdict ? (
          <PaymentMethodChoice
            method={method}
            onChange={setChosenMethod}
            cod={codVerdict}
            codFeePaise={codFee}
            savingPaise={saving}
          />
        ) : saving > 0 ? (
          <p className="mt-2 text-sm font-semibold text-green-800">{prepaidSavingMessage(saving)}</p>
        ) : null}
        <dl className="mt-4 space-y-2 border-t border-black/10 pt-4">
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
          {prepaid && saving > 0 ? (
            <div className="flex justify-between text-green-800">
              <dt>{PREPAID_SAVING_LABEL}</dt>
              <dd>−{formatPaise(saving)}</dd>
            </div>
          ) : null}
          {!prepaid && codFee > 0 ? (
            <div className="flex justify-between">
              <dt>{COD_FEE_LABEL}</dt>
              <dd>{formatPaise(codFee)}</dd>
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
          {creditUsed > 0 ? (
            <>
              <div className="flex justify-between text-green-800">
                <dt>{STORE_CREDIT_LABEL}</dt>
                <dd>−{formatPaise(creditUsed)}</dd>
              </div>
              <div className="flex justify-between text-lg font-bold">
                <dt>{TO_PAY_LABEL}</dt>
                <dd>{formatPaise(total - creditUsed)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <button
          type="button"
          className={`${PRIMARY_BUTTON} mt-6`}
          disabled={!selectedId || Boolean(reach?.refusal) || paying || total <= 0}
          onClick={() => void pay()}
        >
          {paying ? 'Processing...' : wholly || method === 'cod' ? 'Place order' : 'Continue to Payment'}
        </button>
        {payError ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-brand-dark">
            {payError}
          </p>
        ) : null}
        <p role="status" className="mt-3 text-sm font-semibold empty:hidden">
          {confirmation.state === 'confirming'
            ? 'Your payment is being confirmed. This can take a minute; please keep this page open.'
            : null}
        </p>
        {confirmation.state === 'unconfirmed' ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-brand-dark">
            We could not confirm your payment yet. If money left your account, your order will appear in{' '}
            <Link to={href('/orders')} className="underline">
              Your Orders
            </Link>{' '}
            shortly.
          </p>
        ) : null}
      </OrderSummaryBox>
    </div>
  );
}
