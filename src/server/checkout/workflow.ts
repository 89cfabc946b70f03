// Placing an order (docs/architecture.md "Payments"; ADR 0040): a workflow of named steps, each
// calling the domain that owns the table it writes.
//
//   quote        what is being bought, priced from the database        checkout/quote.ts
//   hold coupon  one use of the coupon, judged under its row lock      coupons/ (coupons)
//   hold stock   the units, for 15 minutes                             inventory/ (product_stock)
//   open payment a Razorpay order for the total                        payments/ (Razorpay)
//   complete     the paid checkout becomes exactly one order; the      orders/ (orders),
//                coupon use is counted, the bought lines leave the     coupons/, cart/ (cart_items),
//                cart, the confirmation email and the order's tax      orders/emails.ts (jobs),
//                invoice are queued (numbered after the commit)        invoices/due.ts (jobs)
//   release      an unpaid checkout gives its stock back: the window   upkeep.ts, inventory/
//                closed, a newer checkout of the same shopper, or
//                the hold expired (all expired holds in one pass)
//   refund       a payment that found its stock or coupon gone is      payments/ (refunds)
//                given back
//
// Cash on delivery (cash-on-delivery.ts, ADR 0047) runs quote, hold coupon, hold stock and complete
// in one transaction, with no payment to open or wait for: its checkout row is written paid, never
// open, and its order awaits its shopper's confirmation, with no tax invoice until it ships. The
// saving for paying online (PREPAID_DISCOUNT) is priced into an online checkout's discount.
//
// Store credit (credit.ts, ADR 0050) pays part of an online or cash on delivery order, taken in the
// transaction that holds the checkout and given back with its stock when it is released; Razorpay
// or the courier is asked for the rest. Credit that covers a whole order (priced as one paid in
// advance) places it at once, as cash on delivery does, and its tax invoice is queued then.
//
// The checkouts table is this folder's own. A captured payment (the browser's callback once
// Razorpay reports the capture, the webhook or the reconciliation job, whichever comes first)
// completes the checkout; an authorised one waits for its capture (capture.ts). A failed attempt
// releases nothing: Razorpay lets the shopper retry inside the same order until the window closes
// or the hold expires. A shopper has one open checkout (a unique index): Continue to Payment
// releases the previous one in the transaction that holds the new one, is rate-limited, and holds
// at most MAX_CHECKOUT_UNITS units.
//
// THE LOCK ORDER. Every transaction that locks more than one row takes them in this order, so no
// two transactions ever wait on each other in a circle:
//   0. the shopper's checkout lock (an advisory lock, taken by `holdCheckout` and by the release
//      of a deleted account's checkouts in upkeep.ts: one Continue to Payment or cash on delivery
//      order of a shopper at a time, since a new checkout's insert waits on any change to the
//      shopper's open one through the one-open-checkout index, whatever that change has locked;
//      cash on delivery reads the shopper's orders under it, so its cap holds against a race)
//   1. the checkout row
//   2. the coupon row
//   3. stock rows, by product id and then size (inventory/stock.ts `inStockOrder`), after a key
//      share lock of their products' rows in id order (an admin's product save locks the product
//      row before its stock rows); each change's stock_movements row is written with them, in the
//      same transaction, while the stock row is locked
//   4. the order row
//   5. the refund row
//   6. the shopper's store credit balance row (store-credit/ledger.ts: taken `for update` by a
//      debit, and written by the trigger of every ledger entry; ADR 0048): a checkout takes it
//      after its stock, and a release after the stock it gives back (credit.ts; the release of
//      many expired holds takes them by shopper id)
//   7. cart lines
//   8. the document sequence row of a series and financial year (invoices/numbering.ts): every
//      invoice and credit note takes it, so it comes last and is held for the shortest time; an
//      invoice still due is issued before a credit note against it, so the invoices' row first.
//      A payment takes none: its order's invoice is issued after it commits (invoices/due.ts)
// One exception: a payment arriving for a released checkout (completeCheckout) takes the shopper's
// checkout lock after that checkout's row, and before any other, to judge a drop's limit again. It
// cannot close a circle: what holds the shopper's lock (a Continue to Payment, an account's
// deletion) changes only the shopper's open checkout and never waits on a released one's row.
// A new checkout's row is inserted after its coupon is held and before its stock (its movement
// rows name it), and a new order's row (placed at once, or completing a payment) wherever it
// comes: nobody else can see, let alone wait on, a row that is not committed yet. A transaction that starts from an order (a
// staff move, a customer's cancellation giving units and a coupon use back, a return) locks the
// order row first (orders/status.ts `lockOrder`; a return's request row next), then the coupon
// row, stock rows and the refund row: it takes no checkout row, and nothing that holds a coupon
// or stock row ever waits on an existing order row, so no circle forms.
import { eq } from 'drizzle-orm';

import {
  creditCoversWholly,
  MIN_ONLINE_PAYMENT_PAISE,
  partCreditPaise,
  prepaidSavingPaise,
  type PaymentChoice,
  type PrepaidDiscount,
} from '../../common/payment-methods.ts';
import { STORE_CREDIT_MESSAGES } from '../../common/store-credit.ts';
import { deliveryAddress, type Delivery } from '../addresses/service.ts';
import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { removeBoughtLines } from '../cart/service.ts';
import { countCouponUse, holdCouponUse } from '../coupons/hold.ts';
import { normaliseCouponCode } from '../coupons/validate.ts';
import type { Database } from '../db/client.ts';
import { checkouts, users, type Checkout, type OrderItem } from '../db/schema.ts';
import { DELIVERY_MESSAGES, deliveryService, type DeliverySources } from '../delivery/check.ts';
import { requireDropRules } from '../drops/rules.ts';
import type { DueInvoices } from '../invoices/due.ts';
import { failure, FailureError, refusalsAsFailures, type Failure, type Result } from '../errors.ts';
import { moveUnits, takeUnits } from '../inventory/stock.ts';
import type { Logger } from '../logger.ts';
import type { StoreMetrics } from '../metrics.ts';
import type { OrderEmails } from '../orders/emails.ts';
import { newCodConfirmToken } from '../orders/cod-token.ts';
import { orderOfCheckout, placeOrder } from '../orders/place.ts';
import type { RazorpayClient } from '../payments/razorpay.ts';
import { recordRefund, refundNow } from '../payments/refunds.ts';
import { isValidPaymentSignature } from '../payments/signatures.ts';
import type { Serviceability } from '../shipping/provider.ts';
import { spendableCredit } from '../store-credit/ledger.ts';
import { captureState, type CaptureDeps } from './capture.ts';
import { availableCredit, giveCheckoutCreditBack, spendCheckoutCredit } from './credit.ts';
import type { PaymentSettings as PaymentMethodSettings } from './payment-settings.ts';
import { quoteFor, type Quote } from './quote.ts';
import { lockShopperCheckouts, releaseCheckout, releaseOpenCheckoutOf } from './upkeep.ts';

export const CHECKOUT_HOLD_MS = 15 * 60_000;
/** The units one checkout may hold, all lines together: stock cannot be held hostage. */
export const MAX_CHECKOUT_UNITS = 10;

const PAYMENT_MESSAGES = {
  unavailable: 'Payment is temporarily unavailable. Please try again later.',
  noAddress: 'Please select a delivery address.',
  empty: 'There is nothing to pay for: your order has no items.',
  zeroTotal: 'The order total must be more than ₹0.00.',
  belowMinimum: 'The order total must be at least ₹1.00 to pay online.',
  notVerified: 'We could not verify this payment. Please contact support if money left your account.',
  notFound: 'This payment does not belong to an order of yours.',
  refunded: 'Sorry, the last units sold out before your payment arrived. Your money is being refunded.',
  creditGone: 'Sorry, your store credit was used before your payment arrived. Your money is being refunded.',
  useCredit: 'Please choose whether to use your store credit.',
  tooManyUnits: `You can buy at most ${MAX_CHECKOUT_UNITS} items in one order. Please remove some to continue.`,
  alreadyStarting: 'A payment is already being started for your account. Please try again.',
} as const;

export interface CheckoutDeps extends CaptureDeps {
  db: Database;
  razorpay: RazorpayClient;
  keySecret: string;
  logger: Logger;
  /** How many times a shopper may press Continue to Payment (RATE_LIMIT_PAYMENT_STARTS_PER_SHOPPER_PER_15_MIN). */
  paymentStartLimit: RateRule;
  /** Each new order's confirmation email, queued in the transaction that places the order. */
  orderEmails: OrderEmails;
  /** Counts orders and payments by outcome (GET /metrics). */
  metrics?: StoreMetrics;
  /** Each paid order's invoice, queued in the transaction that places the order and issued after it. */
  dueInvoices: DueInvoices;
  /** Cash on delivery's rules and fee, and the saving for paying online (ADR 0047). */
  paymentMethods: PaymentMethodSettings;
  /** Who delivers to the order's pincode (the courier, or the zone table), and the store's exclusions. */
  delivery: DeliverySources;
}

/** An order placed at once, with no payment window: cash on delivery, or paid wholly with store credit. */
export interface OrderPlaced {
  ok: true;
  orderId: string;
}

export interface PaymentStart {
  ok: true;
  checkoutId: string;
  razorpayOrderId: string;
  amount: number;
  currency: 'INR';
  keyId: string;
  prefill: { name: string; contact: string };
  addressNote: string;
}

/**
 * The answer of the payment callback (POST /api/payments/verify), agreed with the checkout page
 * (ADR 0012):
 * - `{ ok: true, orderId, paymentId }`: the payment is captured and the order made; the page goes
 *   to the confirmation.
 * - `{ ok: true, status: 'confirming' }`: the signature is Razorpay's, but the payment is not
 *   captured yet (or Razorpay could not be asked). Not an error: the webhook (`payment.captured`)
 *   or the reconciliation job makes the order; the page says the payment is being confirmed and
 *   polls /api/payments/status (checkout/payment-status.ts) until it is.
 * - a `Failure`: refused (not this shopper's payment, a bad signature, a late payment refunded).
 */
type PaymentPlaced = { ok: true; orderId: string; paymentId: string };
type PaymentConfirming = { ok: true; status: 'confirming' };
export type PaymentVerified = PaymentPlaced | PaymentConfirming;

/**
 * 'Continue to Payment': quote, release the shopper's previous hold, hold the coupon use, the stock
 * and any store credit used, and open a Razorpay order for what is left to pay. Store credit that
 * covers the whole order places it at once instead.
 */
export async function startPayment(
  deps: CheckoutDeps,
  userId: string,
  input: PurchaseInput,
  now = new Date(),
): Promise<PaymentStart | OrderPlaced | Failure> {
  const prepared = await preparePurchase(deps, userId, input, now);
  if (!prepared.ok) return prepared;
  const held = await holdOrPlace(deps, prepared.purchase, onlinePricing(deps.paymentMethods.prepaidDiscount));
  if (!held.ok) return held;
  if (held.orderId) return { ok: true, orderId: held.orderId };
  return openPayment(deps, held.checkout);
}

/**
 * What the checkout page sends: the address, the coupon, the buy-now item (or the cart's lines),
 * and whether the shopper's store credit pays (true or false; left out, it does not).
 */
export interface PurchaseInput {
  addressId?: unknown;
  couponCode?: unknown;
  buyNow?: unknown;
  useCredit?: unknown;
}

/** What is bought, where it goes and with which coupon, before anything is held. */
export interface Purchase {
  userId: string;
  fromCart: boolean;
  quote: Quote;
  delivery: Delivery;
  couponCode: string;
  /** Whether the shopper's store credit pays (all of it that the order needs). */
  useCredit: boolean;
  /** The saving for paying online, which an order paid wholly with store credit gets too. */
  prepaidDiscount: PrepaidDiscount | undefined;
  /** What the courier (or the zone table) promises the address's pincode: whether cash is collected there. */
  service: Extract<Serviceability, { serviceable: true }>;
  now: Date;
}

/**
 * The first steps of every way to pay (Continue to Payment, and placing a cash on delivery order):
 * store credit asked for must be there, then the start is counted against the shopper's limit of
 * payment starts, priced from the database and checked (some items, at most MAX_CHECKOUT_UNITS, the
 * shopper's own address, at a pincode the store delivers to). Nothing is held yet.
 */
export async function preparePurchase(
  deps: Pick<CheckoutDeps, 'db' | 'logger' | 'paymentStartLimit' | 'paymentMethods' | 'delivery'>,
  userId: string,
  input: PurchaseInput,
  now: Date,
): Promise<Result<{ purchase: Purchase }>> {
  const { db } = deps;
  const useCredit = input.useCredit ?? false;
  if (typeof useCredit !== 'boolean') return failure('invalid', PAYMENT_MESSAGES.useCredit);
  // The shopper's credit, with what their open checkout holds (released before a new one takes any):
  // none at all is refused before anything is counted. The holding transaction judges the amount.
  if (useCredit && (await availableCredit(db, userId, now)) <= 0) {
    return failure('conflict', STORE_CREDIT_MESSAGES.notEnough);
  }
  const limited = await consumeRateLimit(db, `payment-start:user:${userId}`, deps.paymentStartLimit, now);
  if (!limited.allowed) return tooManyAttempts(limited);
  const quoted = await quoteFor(db, userId, input.buyNow, now);
  if (!quoted.ok) return quoted;
  if (quoted.items.length === 0) return failure('invalid', PAYMENT_MESSAGES.empty);
  const units = quoted.items.reduce((sum, item) => sum + item.quantity, 0);
  if (units > MAX_CHECKOUT_UNITS) return failure('invalid', PAYMENT_MESSAGES.tooManyUnits);
  const delivery = await deliveryAddress(db, userId, input.addressId);
  if (!delivery) return failure('invalid', PAYMENT_MESSAGES.noAddress);
  // The page refuses such an address before any payment; a forged request is refused the same way.
  const service = await deliveryService(
    { db, logger: deps.logger, ...deps.delivery },
    delivery.address.pincode,
    quoted.items.map((item) => item.productId),
    now,
  );
  if (!service.serviceable) return failure('invalid', DELIVERY_MESSAGES.excluded);
  const purchase = {
    userId,
    fromCart: !input.buyNow,
    quote: quoted,
    delivery,
    couponCode: normaliseCouponCode(input.couponCode),
    useCredit,
    prepaidDiscount: deps.paymentMethods.prepaidDiscount,
    service,
    now,
  };
  return { ok: true, purchase };
}

/** A checkout's amounts (checkouts_amounts_check: total = subtotal - discount + COD fee). */
interface CheckoutAmounts {
  /** The coupon's discount and the prepaid saving together. */
  discountPaise: number;
  prepaidDiscountPaise: number;
  codFeePaise: number;
  totalPaise: number;
}

/** What a checkout's coupon came to, once its use is held. */
interface HeldCoupon {
  subtotalPaise: number;
  couponDiscountPaise: number;
  prepaidOnlyCoupon: boolean;
}

/**
 * How a checkout is paid when store credit does not cover it all: its method, and its amounts,
 * priced in the transaction that holds it once the coupon's use is held and before any stock is
 * taken. `price` refuses by throwing a FailureError, which rolls everything back.
 */
export interface Pricing {
  method: PaymentChoice;
  price(tx: Database, held: HeldCoupon): Promise<CheckoutAmounts>;
}

/**
 * The amounts of an order paid in advance (online, or wholly with store credit): the coupon's
 * discount and the saving for paying online, no fee.
 */
function prepaidAmounts(
  { subtotalPaise, couponDiscountPaise }: HeldCoupon,
  prepaidDiscount: PrepaidDiscount | undefined,
) {
  const afterCoupon = subtotalPaise - couponDiscountPaise;
  const prepaidDiscountPaise = prepaidSavingPaise(afterCoupon, prepaidDiscount);
  return {
    discountPaise: couponDiscountPaise + prepaidDiscountPaise,
    prepaidDiscountPaise,
    codFeePaise: 0,
    totalPaise: afterCoupon - prepaidDiscountPaise,
  };
}

/** Online: the coupon's discount and the saving for paying online; Razorpay takes ₹1.00 or more. */
function onlinePricing(prepaidDiscount: PrepaidDiscount | undefined): Pricing {
  return {
    method: 'online',
    price: async (_tx, held) => {
      const afterCoupon = held.subtotalPaise - held.couponDiscountPaise;
      if (afterCoupon <= 0) throw new FailureError(failure('invalid', PAYMENT_MESSAGES.zeroTotal));
      if (afterCoupon < MIN_ONLINE_PAYMENT_PAISE) {
        throw new FailureError(failure('invalid', PAYMENT_MESSAGES.belowMinimum));
      }
      return prepaidAmounts(held, prepaidDiscount);
    },
  };
}

/**
 * The holds and the checkout row in one transaction, and, for a checkout written paid (cash on
 * delivery, or wholly store credit), its order too (`placeHeldOrder`): all of them, or (refused) none.
 */
export async function holdOrPlace(
  deps: CheckoutDeps,
  purchase: Purchase,
  pricing: Pricing,
): Promise<Result<{ checkout: Checkout; orderId: string | undefined }>> {
  const held = refusalsAsFailures(() =>
    deps.db.transaction(async (tx) => {
      const checkout = await holdCheckout(tx, purchase, pricing);
      const orderId = checkout.status === 'paid' ? await placeHeldOrder(tx, deps, checkout) : undefined;
      return { ok: true as const, checkout, orderId };
    }),
  );
  // Another Continue to Payment of the same shopper committed its checkout first: the unique index
  // of one open checkout per shopper refused this one.
  const answer = await held.catch((error: unknown) => {
    if (isUniqueViolation(error, 'checkouts_one_open_per_user')) {
      return failure('conflict', PAYMENT_MESSAGES.alreadyStarting);
    }
    throw error;
  });
  if (answer.ok && answer.orderId) deps.metrics?.orderPlaced();
  return answer;
}

/**
 * The holds and the checkout row, in the caller's transaction; a refusal throws a FailureError. One
 * open checkout per shopper: the previous one is released in the same transaction, so a refusal (an
 * unknown coupon, stock gone, credit gone) leaves it held as it was. In the lock order: the
 * shopper's checkout lock, the previous checkout's row, the coupon's row, the new checkout's row
 * (not yet seen by anyone), the stock rows of both checkouts, netted (`moveUnits`, which writes
 * each one's movement rows), then the shopper's credit balance row, where the previous
 * checkout's credit comes back before this one's is taken. An online checkout is written open, held
 * for CHECKOUT_HOLD_MS; a cash on delivery one, or one store credit pays wholly, paid, since it
 * becomes its order in the same transaction (`placeHeldOrder`).
 */
async function holdCheckout(tx: Database, purchase: Purchase, pricing: Pricing): Promise<Checkout> {
  const { userId, quote, delivery, couponCode, now } = purchase;
  // Released first, so its coupon use no longer counts against this checkout's, nor its units
  // against a drop's limit: under the shopper's checkout lock, so their holds are judged one at a time.
  const previous = await releaseOpenCheckoutOf(tx, userId, now);
  await requireDropRules(tx, userId, quote.items, 'orders-and-holds', now);
  const coupon = couponCode
    ? await holdCouponUse(tx, couponCode, userId, quote.subtotalPaise, now)
    : { discountPaise: 0, prepaidOnly: false };
  const held = {
    subtotalPaise: quote.subtotalPaise,
    couponDiscountPaise: coupon.discountPaise,
    prepaidOnlyCoupon: coupon.prepaidOnly,
  };
  // The credit the shopper may pay with: what they may spend now and what the released checkout
  // held. Read, not locked: the balance row is lock 6, after the stock, where the debit judges again.
  const available = purchase.useCredit
    ? (await spendableCredit(tx, userId, now)) + previous.reduce((sum, released) => sum + released.creditPaise, 0)
    : 0;
  if (purchase.useCredit && available <= 0) {
    throw new FailureError(failure('conflict', STORE_CREDIT_MESSAGES.notEnough));
  }
  // Credit that covers the order paid in advance pays it all: no payment method is asked for, so
  // none of their rules (cash on delivery's) apply.
  const prepaid = prepaidAmounts(held, purchase.prepaidDiscount);
  const wholly = purchase.useCredit && creditCoversWholly(available, prepaid.totalPaise);
  const method = wholly ? 'store_credit' : pricing.method;
  const amounts = wholly ? prepaid : await pricing.price(tx, held);
  if (amounts.totalPaise <= 0) throw new FailureError(failure('invalid', PAYMENT_MESSAGES.zeroTotal));
  const creditPaise = wholly
    ? amounts.totalPaise
    : purchase.useCredit
      ? partCreditPaise(amounts.totalPaise, available, pricing.method)
      : 0;
  const placedAtOnce = method !== 'online';
  // Written before the stock is taken, so the hold's movement rows can name it: nobody else sees,
  // let alone waits on, a row not yet committed (THE LOCK ORDER).
  const [checkout] = await tx
    .insert(checkouts)
    .values({
      userId,
      status: placedAtOnce ? 'paid' : 'open',
      paymentMethod: method,
      fromCart: purchase.fromCart,
      itemsJson: orderItems(quote),
      addressId: delivery.addressId,
      addressJson: delivery.address,
      subtotalPaise: quote.subtotalPaise,
      ...amounts,
      creditPaise,
      couponCode: couponCode || null,
      expiresAt: placedAtOnce ? now : new Date(now.getTime() + CHECKOUT_HOLD_MS),
    })
    .returning();
  await moveUnits(tx, {
    giveBack: previous.map((released) => ({ kind: 'released', checkoutId: released.id, items: released.items })),
    take: [{ kind: 'held', checkoutId: checkout!.id, items: quote.items }],
  });
  await giveCheckoutCreditBack(tx, previous);
  await spendCheckoutCredit(tx, checkout!, now);
  return checkout!;
}

/**
 * Places the order of a checkout written paid, in the transaction that held it: cash on delivery
 * (awaiting its shopper's confirmation, with the emailed link's token; invoiced when it ships) or
 * paid wholly with store credit (pending, and invoiced right after: the money is in). The coupon's use is
 * counted, the bought cart lines removed and the confirmation email queued.
 */
async function placeHeldOrder(tx: Database, deps: CheckoutDeps, checkout: Checkout): Promise<string> {
  const token = checkout.paymentMethod === 'cod' ? newCodConfirmToken() : undefined;
  const orderId = await placeOrder(tx, checkout, token ? { codConfirmTokenHash: token.hash } : { storeCredit: true });
  if (checkout.couponCode) await countCouponUse(tx, checkout.couponCode);
  if (checkout.fromCart) await removeBoughtLines(tx, checkout.userId, checkout.itemsJson);
  // The token is only known now: the email carries it, the order keeps its hash.
  await deps.orderEmails.enqueue(tx, {
    kind: 'order-confirmation',
    orderId,
    ...(token ? { codConfirmToken: token.token } : {}),
  });
  // Paid with credit: its invoice is numbered once this commits (cash on delivery's when it ships).
  if (!token) await deps.dueInvoices.enqueue(tx, orderId);
  return orderId;
}

/** A Razorpay order for the held checkout; when Razorpay cannot make one, the holds are released. */
async function openPayment(deps: CheckoutDeps, checkout: Checkout): Promise<PaymentStart | Failure> {
  try {
    // Store credit paid the rest (at most the total less ₹1.00, Razorpay's minimum).
    const amount = checkout.totalPaise - checkout.creditPaise;
    const order = await deps.razorpay.createOrder({
      amount,
      currency: 'INR',
      receipt: checkout.id,
      notes: { checkout_id: checkout.id },
    });
    await deps.db
      .update(checkouts)
      .set({ razorpayOrderId: order.id, updatedAt: new Date() })
      .where(eq(checkouts.id, checkout.id));
    deps.metrics?.payment('opened');
    const address = checkout.addressJson;
    return {
      ok: true,
      checkoutId: checkout.id,
      razorpayOrderId: order.id,
      amount,
      currency: 'INR',
      keyId: deps.razorpay.keyId,
      prefill: { name: address.name, contact: address.phone },
      addressNote: `${address.house}, ${address.street}, ${address.city}, ${address.state} - ${address.pincode}`,
    };
  } catch (error) {
    deps.logger.error({ err: error, checkoutId: checkout.id }, 'payments: creating the Razorpay order failed');
    deps.metrics?.payment('open_failed');
    await releaseCheckout(deps.db, checkout.id);
    return failure('unavailable', PAYMENT_MESSAGES.unavailable);
  }
}

/**
 * The browser's success callback: the signature must be Razorpay's for this shopper's order, and
 * the payment captured (capture.ts) before it becomes an order; one not captured yet is answered
 * 'confirming' and left to the webhook or the job.
 */
export async function verifyPayment(
  deps: CheckoutDeps,
  userId: string,
  input: { razorpay_order_id?: unknown; razorpay_payment_id?: unknown; razorpay_signature?: unknown },
  now = new Date(),
): Promise<PaymentVerified | Failure> {
  const orderId = typeof input.razorpay_order_id === 'string' ? input.razorpay_order_id : '';
  const paymentId = typeof input.razorpay_payment_id === 'string' ? input.razorpay_payment_id : '';
  if (!orderId || !paymentId) return failure('invalid', PAYMENT_MESSAGES.notVerified);
  const checkout = await checkoutOfRazorpayOrder(deps.db, orderId);
  if (!checkout || checkout.userId !== userId) return failure('not_found', PAYMENT_MESSAGES.notFound);
  if (!isValidPaymentSignature(orderId, paymentId, input.razorpay_signature, deps.keySecret)) {
    deps.metrics?.payment('rejected');
    return failure('invalid', PAYMENT_MESSAGES.notVerified);
  }
  // A replay of a completed payment is answered without asking Razorpay again.
  const placed = checkout.status === 'paid' && checkout.paymentId === paymentId;
  const captured = placed ? 'captured' : await captureState(deps, orderId, paymentId);
  if (captured === 'pending') {
    deps.metrics?.payment('confirming');
    return { ok: true, status: 'confirming' };
  }
  if (captured === 'void') {
    deps.metrics?.payment('rejected');
    return failure('invalid', PAYMENT_MESSAGES.notVerified);
  }
  const completed = await completeCheckout(deps, orderId, paymentId, now);
  return completed.ok ? { ok: true, orderId: completed.orderId, paymentId } : completed;
}

/**
 * Complete: turns a paid checkout into its order, once; whoever comes second (callback, webhook,
 * job) finds the order made. A payment for a checkout whose hold expired takes the coupon use, the
 * stock and the store credit again if they are there, and is refunded if they are not.
 */
export async function completeCheckout(
  deps: CheckoutDeps,
  razorpayOrderId: string,
  paymentId: string,
  now = new Date(),
): Promise<Result<{ orderId: string; created: boolean }>> {
  let outcome:
    | { kind: 'missing' }
    | { kind: 'done' | 'created'; orderId: string }
    | { kind: 'refund'; checkoutId: string; message: string };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const [checkout] = await tx
        .select()
        .from(checkouts)
        .where(eq(checkouts.razorpayOrderId, razorpayOrderId))
        .for('update');
      if (!checkout) return { kind: 'missing' as const };
      if (checkout.status === 'paid' && checkout.paymentId === paymentId) {
        return { kind: 'done' as const, orderId: (await orderOfCheckout(tx, checkout.id))! };
      }
      // Paid by another payment already, or refunded: this payment is given back.
      if (checkout.status !== 'open' && checkout.status !== 'released') {
        return { kind: 'refund' as const, checkoutId: checkout.id, message: PAYMENT_MESSAGES.refunded };
      }
      // The shopper deleted their account meanwhile (its checkouts were released then): nobody
      // could follow, return or be told about an order, so the payment goes back (ADR 0029).
      const [buyer] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, checkout.userId));
      if (buyer?.deletedAt) throw new FailureError(failure('conflict', PAYMENT_MESSAGES.refunded));
      if (checkout.status === 'released') {
        // The shopper may have held the drop's units again since: judged as a new hold, under their
        // checkout lock, taken before any other row (see THE LOCK ORDER on why after this one's).
        await lockShopperCheckouts(tx, checkout.userId);
        await requireDropRules(tx, checkout.userId, checkout.itemsJson, 'orders-and-holds');
      }
      if (checkout.couponCode) {
        // The hold had lapsed (released, or expired and no longer counted against the coupon's
        // limit): the coupon use must still be there, judged as a new checkout's.
        if (checkout.status === 'released' || checkout.expiresAt <= now) {
          await holdCouponUse(tx, checkout.couponCode, checkout.userId, checkout.subtotalPaise, now);
        }
        await countCouponUse(tx, checkout.couponCode);
      }
      if (checkout.status === 'released')
        await takeUnits(tx, checkout.itemsJson, { kind: 'held', checkoutId: checkout.id });
      const orderId = await placeOrder(tx, checkout, { paymentId });
      // The released checkout's credit came back to the shopper: taken again, naming the order too.
      if (checkout.status === 'released') await spendCheckoutCredit(tx, checkout, now, orderId);
      await deps.orderEmails.enqueue(tx, { kind: 'order-confirmation', orderId });
      if (checkout.fromCart) await removeBoughtLines(tx, checkout.userId, checkout.itemsJson);
      await tx
        .update(checkouts)
        .set({ status: 'paid', paymentId, updatedAt: now })
        .where(eq(checkouts.id, checkout.id));
      // Numbered once this commits: the payment never waits on the invoice series' row (ADR 0060).
      await deps.dueInvoices.enqueue(tx, orderId);
      return { kind: 'created' as const, orderId };
    });
  } catch (error) {
    // Nothing of a refused late payment stays taken: the whole transaction rolled back.
    if (!(error instanceof FailureError)) throw error;
    outcome = {
      kind: 'refund',
      checkoutId: (await checkoutOfRazorpayOrder(deps.db, razorpayOrderId))!.id,
      message:
        error.failure.message === STORE_CREDIT_MESSAGES.notEnough
          ? PAYMENT_MESSAGES.creditGone
          : PAYMENT_MESSAGES.refunded,
    };
  }

  if (outcome.kind === 'missing') return failure('not_found', PAYMENT_MESSAGES.notFound);
  if (outcome.kind === 'refund') {
    const refunded = await refund(deps, outcome.checkoutId, paymentId);
    if (refunded.kind === 'paid') return { ok: true, orderId: refunded.orderId, created: false };
    return failure('conflict', outcome.message);
  }
  if (outcome.kind === 'created') {
    deps.metrics?.orderPlaced();
    deps.metrics?.payment('captured');
  }
  return { ok: true, orderId: outcome.orderId, created: outcome.kind === 'created' };
}

/** The shopper closed the payment window: their own open checkout gives its stock and store credit back. */
export async function cancelPayment(db: Database, userId: string, razorpayOrderId: unknown): Promise<boolean> {
  if (typeof razorpayOrderId !== 'string') return false;
  const checkout = await checkoutOfRazorpayOrder(db, razorpayOrderId);
  return checkout?.userId === userId ? releaseCheckout(db, checkout.id) : false;
}

/**
 * Refund: gives a payment back, deciding under the checkout's lock: if this very payment
 * completed the checkout meanwhile (the callback and the webhook crossing), there is nothing to
 * refund.
 */
async function refund(
  deps: CheckoutDeps,
  checkoutId: string,
  paymentId: string,
): Promise<{ kind: 'paid'; orderId: string } | { kind: 'refunded' }> {
  const decision = await deps.db.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    if (checkout!.status === 'paid' && checkout!.paymentId === paymentId) {
      return { kind: 'paid' as const, orderId: (await orderOfCheckout(tx, checkoutId))! };
    }
    if (checkout!.status === 'released') {
      await tx.update(checkouts).set({ status: 'refunded', updatedAt: new Date() }).where(eq(checkouts.id, checkoutId));
    }
    // What Razorpay took: the total less the store credit the checkout used.
    const recorded = await recordRefund(tx, {
      checkoutId,
      paymentId,
      amountPaise: checkout!.totalPaise - checkout!.creditPaise,
      reason: 'stock, coupon or store credit gone before payment',
    });
    return { kind: 'refunded' as const, recorded };
  });
  if (decision.kind === 'paid') return decision;
  // Asked once, by whoever recorded it; one Razorpay did not confirm is asked again by the job.
  if (decision.recorded.created) {
    deps.metrics?.payment('refunded');
    await refundNow(deps, decision.recorded.refund);
  }
  return { kind: 'refunded' };
}

async function checkoutOfRazorpayOrder(db: Database, razorpayOrderId: string) {
  const [checkout] = await db
    .select({ id: checkouts.id, userId: checkouts.userId, status: checkouts.status, paymentId: checkouts.paymentId })
    .from(checkouts)
    .where(eq(checkouts.razorpayOrderId, razorpayOrderId));
  return checkout;
}

/** Order items keep whole-rupee prices (docs/product.md §3 "order item"), stored in paise. */
function orderItems(quote: Quote): OrderItem[] {
  return quote.items.map((item) => ({
    productId: item.productId,
    name: item.name,
    size: item.size,
    quantity: item.quantity,
    pricePaise: Math.round(item.pricePaise / 100) * 100,
  }));
}
