// An order only for a captured payment (ADR 0012): the callback's signature proves an
// authorisation, so the store asks Razorpay for the payment first. With Razorpay's auto-capture off
// the sandbox leaves payments authorised; either the store captures them (RAZORPAY_CAPTURED_BY=store)
// or it waits for Razorpay's `payment.captured` or the reconciliation job.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import {
  checkoutOf,
  paymentDeps,
  SANDBOX_KEYS,
  shopperWithCart,
  signedWebhook,
  started,
  useSandbox,
} from '../../../tests/support/payments.ts';
import { orders, type Product } from '../db/schema.ts';
import { createRazorpayClient } from '../payments/razorpay.ts';
import { paymentSignature } from '../payments/signatures.ts';
import { reconcileCheckouts } from './reconcile.ts';
import { startPayment, verifyPayment, type PaymentStart } from './workflow.ts';

const database = useTestDatabase();
// A Razorpay account whose auto-capture is off.
const sandbox = useSandbox({ autoCapture: false });
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { sizes: ['M'], pricePaise: 60_000 }, { M: 100 });
});

async function startedCheckout(deps: ReturnType<typeof paymentDeps>): Promise<PaymentStart & { userId: string }> {
  const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
  return { ...started(await startPayment(deps, userId, { addressId })), userId };
}

const ordersOf = (userId: string) => database.db.select().from(orders).where(eq(orders.userId, userId));
const statusOf = async (razorpayOrderId: string) => (await checkoutOf(database.db, razorpayOrderId))!.status;

function webhook(deps: ReturnType<typeof paymentDeps>, event: string, payment: { id: string; order_id: string }) {
  return signedWebhook(deps, event, payment, `evt_${event}_${payment.id}`);
}

describe('when Razorpay captures (RAZORPAY_CAPTURED_BY=razorpay)', () => {
  it('an authorised payment is "being confirmed", and becomes the order once Razorpay captures it', async () => {
    const deps = paymentDeps(database.db, sandbox, [], 'razorpay');
    const start = await startedCheckout(deps);
    const paid = await sandbox.pay(start.razorpayOrderId);
    expect((await deps.razorpay.fetchPayment(paid.razorpay_payment_id)).status).toBe('authorized');

    expect(await verifyPayment(deps, start.userId, paid)).toEqual({ ok: true, status: 'confirming' });
    expect(await ordersOf(start.userId)).toEqual([]);
    expect(await statusOf(start.razorpayOrderId)).toBe('open');
    // Nor does the job, nor an authorisation's webhook: the store does not capture.
    await reconcileCheckouts(deps, new Date(Date.now() + 5 * 60_000), 0);
    await webhook(deps, 'payment.authorized', { id: paid.razorpay_payment_id, order_id: start.razorpayOrderId });
    expect(await ordersOf(start.userId)).toEqual([]);

    // Razorpay captures (as its own capture would), and says so.
    await deps.razorpay.capturePayment(paid.razorpay_payment_id, start.amount, 'INR');
    await webhook(deps, 'payment.captured', { id: paid.razorpay_payment_id, order_id: start.razorpayOrderId });
    expect(await ordersOf(start.userId)).toHaveLength(1);
    expect(await verifyPayment(deps, start.userId, paid)).toMatchObject({
      ok: true,
      paymentId: paid.razorpay_payment_id,
    });
  });

  it('the job completes a payment captured later when the webhook was lost', async () => {
    const deps = paymentDeps(database.db, sandbox, [], 'razorpay');
    const start = await startedCheckout(deps);
    const paid = await sandbox.pay(start.razorpayOrderId);
    await deps.razorpay.capturePayment(paid.razorpay_payment_id, start.amount, 'INR');
    await reconcileCheckouts(deps, new Date(Date.now() + 5 * 60_000), 0);
    expect(await ordersOf(start.userId)).toHaveLength(1);
  });

  it('answers "being confirmed" when Razorpay cannot be asked, and makes no order', async () => {
    const deps = paymentDeps(database.db, sandbox, [], 'razorpay');
    const start = await startedCheckout(deps);
    const paid = await sandbox.pay(start.razorpayOrderId);
    const unreachable = {
      ...deps,
      razorpay: createRazorpayClient({ apiUrl: 'http://127.0.0.1:9/v1', keyId: 'x', keySecret: 'y' }),
    };
    expect(await verifyPayment(unreachable, start.userId, paid)).toEqual({ ok: true, status: 'confirming' });
    expect(await ordersOf(start.userId)).toEqual([]);
  });
});

describe('when the store captures (RAZORPAY_CAPTURED_BY=store)', () => {
  it('the callback captures the authorised amount, then makes the order', async () => {
    const deps = paymentDeps(database.db, sandbox, [], 'store');
    const start = await startedCheckout(deps);
    const paid = await sandbox.pay(start.razorpayOrderId);
    expect(await verifyPayment(deps, start.userId, paid)).toMatchObject({
      ok: true,
      paymentId: paid.razorpay_payment_id,
    });
    const payment = await deps.razorpay.fetchPayment(paid.razorpay_payment_id);
    expect(payment).toMatchObject({ status: 'captured', amount: start.amount });
    expect(await ordersOf(start.userId)).toHaveLength(1);
    // A capture refused because it was made already is no obstacle to a replay.
    expect((await verifyPayment(deps, start.userId, paid)).ok).toBe(true);
  });

  it('the job and the authorisation’s webhook capture a payment whose browser never came back', async () => {
    const deps = paymentDeps(database.db, sandbox, [], 'store');
    const byJob = await startedCheckout(deps);
    await sandbox.pay(byJob.razorpayOrderId);
    await reconcileCheckouts(deps, new Date(Date.now() + 5 * 60_000), 0);
    expect(await ordersOf(byJob.userId)).toHaveLength(1);

    const byWebhook = await startedCheckout(deps);
    const paid = await sandbox.pay(byWebhook.razorpayOrderId);
    await webhook(deps, 'payment.authorized', { id: paid.razorpay_payment_id, order_id: byWebhook.razorpayOrderId });
    expect(await ordersOf(byWebhook.userId)).toHaveLength(1);
    expect((await deps.razorpay.fetchPayment(paid.razorpay_payment_id)).status).toBe('captured');
  });

  it('refuses a payment that failed, whatever its signature', async () => {
    const deps = paymentDeps(database.db, sandbox, [], 'store');
    const start = await startedCheckout(deps);
    const failed = await sandbox.pay(start.razorpayOrderId, 'failure');
    const paymentId = failed.error!.metadata.payment_id;
    const signed = {
      razorpay_order_id: start.razorpayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(start.razorpayOrderId, paymentId, SANDBOX_KEYS.keySecret),
    };
    expect(await verifyPayment(deps, start.userId, signed)).toMatchObject({ ok: false, kind: 'invalid' });
    expect(await statusOf(start.razorpayOrderId)).toBe('open');
  });
});
