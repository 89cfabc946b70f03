import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import {
  checkoutOf,
  paymentDeps,
  refundOf,
  SANDBOX_KEYS,
  shopperWithCart,
  signedWebhook,
  started,
  useSandbox,
} from '../../../tests/support/payments.ts';
import { cartItems, checkouts, coupons, orders, refunds, users, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { createRazorpayClient, refundKey } from '../payments/razorpay.ts';
import { retryUnconfirmedRefunds } from '../payments/refunds.ts';
import { hmacHex } from '../payments/signatures.ts';
import { reconcileCheckouts } from './reconcile.ts';
import { handleRazorpayWebhook } from './webhook.ts';
import { cancelPayment, CHECKOUT_HOLD_MS, startPayment, verifyPayment } from './workflow.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;
const placed: string[] = [];
let tee: Product;

beforeAll(async () => {
  deps = paymentDeps(database.db, sandbox, placed);
  tee = await createProduct(database.db, { name: 'Astro Tee', pricePaise: 79_900, sizes: ['M', 'L'] }, { M: 10, L: 1 });
  await database.db.insert(coupons).values({ code: 'TENOFF', kind: 'percent', value: 10 });
});

const webhook = (event: string, payment: { id: string; order_id: string }, eventId: string) =>
  signedWebhook(deps, event, payment, eventId);

/** A shopper's checkout of the one unit of a new product, whose hold expired before they paid. */
async function expiredHoldOnLastUnit(pricePaise: number) {
  const scarce = await createProduct(database.db, { sizes: ['S'], pricePaise }, { S: 1 });
  const late = await shopperWithCart(database.db, [{ productId: scarce.id, size: 'S', quantity: 1 }]);
  const t0 = new Date();
  const start = await started(await startPayment(deps, late.userId, { addressId: late.addressId }, t0));
  await reconcileCheckouts(deps, new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000), 0);
  return { scarce, late, start };
}

/** Another shopper buys one unit of `productId` in `size`, and pays. */
async function rivalBuys(productId: number, size: string) {
  const rival = await shopperWithCart(database.db, [{ productId, size, quantity: 1 }]);
  const rivalStart = await started(await startPayment(deps, rival.userId, { addressId: rival.addressId }));
  expect((await verifyPayment(deps, rival.userId, await sandbox.pay(rivalStart.razorpayOrderId))).ok).toBe(true);
}

describe('starting a payment', () => {
  it('prices from the database, holds stock and coupon, and opens a Razorpay order for the total', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 2 }]);
    const before = await unitsLeft(database.db, tee.id, 'M');
    const start = await started(await startPayment(deps, userId, { addressId, couponCode: 'tenoff' }));
    expect(start).toMatchObject({
      amount: 143_820,
      currency: 'INR',
      keyId: SANDBOX_KEYS.keyId,
      prefill: { name: 'Riya Kapoor' },
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(before - 2);
    const [checkout] = await database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.razorpayOrderId, start.razorpayOrderId));
    expect(checkout).toMatchObject({
      status: 'open',
      subtotalPaise: 159_800,
      discountPaise: 15_980,
      totalPaise: 143_820,
    });
    expect((await deps.razorpay.fetchOrder(start.razorpayOrderId)).amount).toBe(143_820);
  });

  it('refuses an empty cart, no address, another user’s address, more than is left, and a zero total', async () => {
    const empty = await shopperWithCart(database.db, []);
    expect(await startPayment(deps, empty.userId, { addressId: empty.addressId })).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'L', quantity: 1 }]);
    expect(await startPayment(deps, userId, {})).toMatchObject({
      ok: false,
      message: 'Please select a delivery address.',
    });
    expect(await startPayment(deps, userId, { addressId: empty.addressId })).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    const rival = await shopperWithCart(database.db, [{ productId: tee.id, size: 'L', quantity: 1 }]);
    await started(await startPayment(deps, rival.userId, { addressId: rival.addressId }));
    expect(await startPayment(deps, userId, { addressId })).toMatchObject({
      ok: false,
      kind: 'conflict',
      message: 'Size L is sold out.',
    });
    expect(await database.db.select().from(checkouts).where(eq(checkouts.userId, userId))).toEqual([]);
    const free = await createProduct(database.db, { pricePaise: 10_000, sizes: ['M'] });
    await database.db.insert(coupons).values({ code: 'ALLFREE', kind: 'percent', value: 100 });
    const freebie = await shopperWithCart(database.db, [{ productId: free.id, size: 'M', quantity: 1 }]);
    expect(
      await startPayment(deps, freebie.userId, { addressId: freebie.addressId, couponCode: 'ALLFREE' }),
    ).toMatchObject({
      ok: false,
      message: 'The order total must be more than ₹0.00.',
    });
    expect(await unitsLeft(database.db, free.id, 'M')).toBe(50);
  });
});

describe('verifying a payment', () => {
  it('makes exactly one order, empties the bought lines, counts the coupon; a replay changes nothing', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const start = await started(await startPayment(deps, userId, { addressId, couponCode: 'TENOFF' }));
    const paid = await sandbox.pay(start.razorpayOrderId);
    const first = await verifyPayment(deps, userId, paid);
    expect(first).toMatchObject({ ok: true, paymentId: paid.razorpay_payment_id });
    const again = await verifyPayment(deps, userId, paid);
    expect(again).toEqual(first);
    // The webhook after the callback finds the order made.
    await webhook('payment.captured', { id: paid.razorpay_payment_id, order_id: start.razorpayOrderId }, 'evt_after');
    const mine = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      status: 'pending',
      totalPaise: 71_910,
      couponCode: 'TENOFF',
      paymentId: paid.razorpay_payment_id,
    });
    expect(mine[0]!.itemsJson).toEqual([
      { productId: tee.id, name: 'Astro Tee', size: 'M', quantity: 1, pricePaise: 79_900 },
    ]);
    expect(mine[0]!.addressJson).toEqual(TEST_ADDRESS);
    // The email it was placed with, which Track Order matches whatever the account's becomes.
    const [shopper] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    expect(mine[0]!.email).toBe(shopper!.email);
    expect(await database.db.select().from(cartItems).where(eq(cartItems.userId, userId))).toEqual([]);
    const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, 'TENOFF'));
    expect(coupon!.timesUsed).toBeGreaterThanOrEqual(1);
    expect(placed).toContain(mine[0]!.id);
  });

  it('refuses a tampered signature, a signature for another order, and another shopper', async () => {
    const a = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const b = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const startA = await started(await startPayment(deps, a.userId, { addressId: a.addressId }));
    const startB = await started(await startPayment(deps, b.userId, { addressId: b.addressId }));
    const paidA = await sandbox.pay(startA.razorpayOrderId);
    const paidB = await sandbox.pay(startB.razorpayOrderId);
    const tampered = {
      ...paidA,
      razorpay_signature: paidA.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    };
    expect(await verifyPayment(deps, a.userId, tampered)).toMatchObject({ ok: false, kind: 'invalid' });
    expect(
      await verifyPayment(deps, a.userId, { ...paidA, razorpay_signature: paidB.razorpay_signature }),
    ).toMatchObject({ ok: false, kind: 'invalid' });
    expect(
      await verifyPayment(deps, a.userId, { ...paidA, razorpay_payment_id: paidB.razorpay_payment_id }),
    ).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(await verifyPayment(deps, b.userId, paidA)).toMatchObject({ ok: false, kind: 'not_found' });
    expect(await verifyPayment(deps, a.userId, {})).toMatchObject({ ok: false, kind: 'invalid' });
    expect(await database.db.select().from(orders).where(eq(orders.userId, a.userId))).toEqual([]);
  });
});

describe('webhooks', () => {
  it('refuse a bad signature as invalid; a capture before the callback makes the order, the callback finds it', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const start = await started(await startPayment(deps, userId, { addressId }));
    const paid = await sandbox.pay(start.razorpayOrderId);
    const payment = { id: paid.razorpay_payment_id, order_id: start.razorpayOrderId };
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: payment } } });
    expect(await handleRazorpayWebhook(deps, body, { signature: 'forged', eventId: 'evt_forged' })).toMatchObject({
      kind: 'invalid',
    });
    expect(await handleRazorpayWebhook(deps, body, { signature: undefined, eventId: 'evt_unsigned' })).toMatchObject({
      kind: 'invalid',
    });
    expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);

    expect(await webhook('payment.captured', payment, 'evt_1')).toMatchObject({
      ok: true,
      message: 'handled',
    });
    expect(await webhook('payment.captured', payment, 'evt_1')).toMatchObject({
      ok: true,
      message: 'already handled',
    });
    expect(await webhook('order.paid', payment, 'evt_2')).toMatchObject({ ok: true });
    expect((await verifyPayment(deps, userId, paid)).ok).toBe(true);
    expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);
  });

  it('a failed payment keeps the hold: the shopper retries in the same order; closing the window releases it', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 3 }]);
    const before = await unitsLeft(database.db, tee.id, 'M');
    const start = await started(await startPayment(deps, userId, { addressId }));
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(before - 3);
    const failed = await sandbox.pay(start.razorpayOrderId, 'failure');
    await webhook(
      'payment.failed',
      { id: failed.error!.metadata.payment_id, order_id: start.razorpayOrderId },
      'evt_failed',
    );
    const statusOf = async () => (await checkoutOf(database.db, start.razorpayOrderId))!.status;
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(before - 3);
    expect(await statusOf()).toBe('open');
    // The retry inside the same Razorpay order is paid and becomes the order.
    expect(await verifyPayment(deps, userId, await sandbox.pay(start.razorpayOrderId))).toMatchObject({ ok: true });
    expect(await statusOf()).toBe('paid');

    const cap = await createProduct(database.db, { sizes: ['M'], pricePaise: 30_000 }, { M: 5 });
    const again = await shopperWithCart(database.db, [{ productId: cap.id, size: 'M', quantity: 2 }]);
    const second = await started(await startPayment(deps, again.userId, { addressId: again.addressId }));
    await sandbox.pay(second.razorpayOrderId, 'failure');
    expect(await unitsLeft(database.db, cap.id, 'M')).toBe(3);
    expect(await cancelPayment(database.db, again.userId, second.razorpayOrderId)).toBe(true);
    expect(await unitsLeft(database.db, cap.id, 'M')).toBe(5);
  });
});

describe('reconciliation and expiry', () => {
  it('completes a paid checkout whose browser never came back, and releases expired unpaid ones', async () => {
    // Settle what earlier tests left open, so the counts below are this test's own.
    await reconcileCheckouts(deps, new Date(Date.now() + 10 * CHECKOUT_HOLD_MS), 0);
    const paidShopper = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const idleShopper = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const t0 = new Date();
    const paidStart = await started(
      await startPayment(deps, paidShopper.userId, { addressId: paidShopper.addressId }, t0),
    );
    const idleStart = await started(
      await startPayment(deps, idleShopper.userId, { addressId: idleShopper.addressId }, t0),
    );
    await sandbox.pay(paidStart.razorpayOrderId);
    const held = await unitsLeft(database.db, tee.id, 'M');

    const later = new Date(t0.getTime() + CHECKOUT_HOLD_MS + 60_000);
    const outcome = await reconcileCheckouts(deps, later, 0);
    expect(outcome.completed).toBeGreaterThanOrEqual(1);
    expect(outcome.released).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(orders).where(eq(orders.userId, paidShopper.userId))).toHaveLength(1);
    expect((await checkoutOf(database.db, idleStart.razorpayOrderId))!.status).toBe('released');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(held + 1);
  });

  it('a payment after the hold expired takes the stock again if it is there, and is refunded if not', async () => {
    const { scarce, late, start } = await expiredHoldOnLastUnit(50_000);
    expect(await unitsLeft(database.db, scarce.id, 'S')).toBe(1);

    // Someone else buys the last one meanwhile.
    await rivalBuys(scarce.id, 'S');

    const paidLate = await sandbox.pay(start.razorpayOrderId);
    expect(await verifyPayment(deps, late.userId, paidLate)).toMatchObject({ ok: false, kind: 'conflict' });
    expect(await database.db.select().from(orders).where(eq(orders.userId, late.userId))).toEqual([]);
    const refund = await refundOf(database.db, paidLate.razorpay_payment_id);
    expect(refund).toMatchObject({ amountPaise: 50_000 });
    expect(refund!.razorpayRefundId).toMatch(/^rfnd_/);
    expect(await unitsLeft(database.db, scarce.id, 'S')).toBe(0);
  });

  it('asks again for a late payment’s refund Razorpay did not confirm, with the same key, once', async () => {
    const { scarce, late, start } = await expiredHoldOnLastUnit(40_000);
    await rivalBuys(scarce.id, 'S');

    // Razorpay cannot be reached when the late payment is to be refunded (its capture was seen).
    const unreachable = {
      ...deps,
      razorpay: {
        ...deps.razorpay,
        refundPayment: createRazorpayClient({ apiUrl: 'http://127.0.0.1:9/v1', keyId: 'x', keySecret: 'y' })
          .refundPayment,
      },
    };
    const paidLate = await sandbox.pay(start.razorpayOrderId);
    expect(await verifyPayment(unreachable, late.userId, paidLate)).toMatchObject({ ok: false, kind: 'conflict' });
    const refund = () => refundOf(database.db, paidLate.razorpay_payment_id);
    expect((await refund())!.razorpayRefundId).toBeNull();

    // Each failed request backs off: the next one is due a little later.
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await retryUnconfirmedRefunds(unreachable, later(2))).toBe(0);
    expect(await retryUnconfirmedRefunds(deps, later(10))).toBeGreaterThanOrEqual(1);
    const confirmed = (await refund())!.razorpayRefundId;
    expect(confirmed).toMatch(/^rfnd_/);
    // Nothing is left to ask, and asking again with the key would be the same refund.
    expect(await retryUnconfirmedRefunds(deps, later(60))).toBe(0);
    const again = await deps.razorpay.refundPayment(
      paidLate.razorpay_payment_id,
      40_000,
      refundKey({ paymentId: paidLate.razorpay_payment_id, returnRequestId: null }),
    );
    expect(again.id).toBe(confirmed);
  });
});

describe('what the review found', () => {
  it('a coupon freed by a newer checkout cannot be used twice by paying the old order too', async () => {
    await database.db.insert(coupons).values({ code: 'ONCE', kind: 'flat', value: 5_000, perUserLimit: 1 });
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const first = await started(await startPayment(deps, userId, { addressId, couponCode: 'ONCE' }));
    // The shopper's second Continue to Payment releases the first checkout, its coupon use with it.
    const second = await started(await startPayment(deps, userId, { addressId, couponCode: 'ONCE' }));
    expect((await verifyPayment(deps, userId, await sandbox.pay(second.razorpayOrderId))).ok).toBe(true);
    const late = await sandbox.pay(first.razorpayOrderId);
    expect(await verifyPayment(deps, userId, late)).toMatchObject({ ok: false, kind: 'conflict' });
    const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, 'ONCE'));
    expect(coupon!.timesUsed).toBe(1);
    expect(
      await database.db.select().from(refunds).where(eq(refunds.paymentId, late.razorpay_payment_id)),
    ).toHaveLength(1);
  });

  it('a late payment that finds one of two items gone takes nothing and is refunded', async () => {
    const a = await createProduct(database.db, { sizes: ['M'], pricePaise: 40_000 }, { M: 5 });
    const b = await createProduct(database.db, { sizes: ['M'], pricePaise: 40_000 }, { M: 1 });
    const late = await shopperWithCart(database.db, [
      { productId: a.id, size: 'M', quantity: 1 },
      { productId: b.id, size: 'M', quantity: 1 },
    ]);
    const start = await started(await startPayment(deps, late.userId, { addressId: late.addressId }));
    expect(await cancelPayment(database.db, late.userId, start.razorpayOrderId)).toBe(true);
    await rivalBuys(b.id, 'M');

    expect(await verifyPayment(deps, late.userId, await sandbox.pay(start.razorpayOrderId))).toMatchObject({
      ok: false,
    });
    expect(await unitsLeft(database.db, a.id, 'M')).toBe(5);
    expect(await unitsLeft(database.db, b.id, 'M')).toBe(0);
  });

  it('refuses every webhook when no webhook secret is set', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    const outcome = await handleRazorpayWebhook({ ...deps, webhookSecret: '' }, body, {
      signature: hmacHex('', body),
      eventId: 'evt_empty_secret',
    });
    expect(outcome).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('releases an expired hold even when Razorpay cannot be asked, and completes a payment that landed after', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const t0 = new Date();
    const start = await started(await startPayment(deps, userId, { addressId }, t0));
    const unreachable = {
      ...deps,
      razorpay: createRazorpayClient({ apiUrl: 'http://127.0.0.1:9/v1', keyId: 'x', keySecret: 'y' }),
    };
    const expired = new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000);
    await reconcileCheckouts(unreachable, expired, 0);
    expect((await checkoutOf(database.db, start.razorpayOrderId))!.status).toBe('released');

    await sandbox.pay(start.razorpayOrderId);
    // The next check is due after the backoff.
    await reconcileCheckouts(deps, new Date(expired.getTime() + 2 * 60_000), 0);
    expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);
  });
});
