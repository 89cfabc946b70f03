// The background work cannot starve (ADR 0012): expired holds are released in one pass
// whatever the backlog, checkouts asked about at Razorpay back off, and refunds that keep failing
// are counted, stop in 'needs attention', and never block a newer refund.
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { checkoutOf, paymentDeps, refundOf, useSandbox } from '../../../tests/support/payments.ts';
import { addAddress } from '../addresses/service.ts';
import { checkouts, refunds, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { REFUND_ATTEMPT_LIMIT, retryUnconfirmedRefunds } from '../payments/refunds.ts';
import { reconcileCheckouts } from './reconcile.ts';
import { CHECKOUT_HOLD_MS, startPayment } from './workflow.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;
let tee: Product;
let userId: string;

beforeAll(async () => {
  deps = paymentDeps(database.db, sandbox);
  tee = await createProduct(database.db, { sizes: ['M'], pricePaise: 30_000 }, { M: 100 });
  userId = (await createUser(database.db)).id;
});

/** Checkouts released a moment ago, each still looked at for a late payment. */
async function releasedCheckouts(count: number, prefix: string) {
  return database.db
    .insert(checkouts)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        status: 'released' as const,
        fromCart: false,
        itemsJson: [{ productId: tee.id, name: tee.name, size: 'M', quantity: 1, pricePaise: 30_000 }],
        addressJson: TEST_ADDRESS,
        subtotalPaise: 30_000,
        totalPaise: 30_000,
        razorpayOrderId: `order_${prefix}${i}`,
        expiresAt: new Date(),
      })),
    )
    .returning({ id: checkouts.id });
}

/** Refunds of payments Razorpay does not know: every request is refused. */
async function failingRefunds(count: number, checkoutIds: string[], prefix: string) {
  await database.db.insert(refunds).values(
    Array.from({ length: count }, (_, i) => ({
      checkoutId: checkoutIds[i % checkoutIds.length]!,
      paymentId: `pay_${prefix}${i}`,
      amountPaise: 30_000,
      reason: 'stock or coupon gone before payment',
      nextAttemptAt: new Date(Date.now() - 60 * 60_000),
    })),
  );
}

async function shopperCheckout(now: Date) {
  const shopper = await createUser(database.db);
  const address = await addAddress(database.db, shopper.id, TEST_ADDRESS);
  if (!address.ok) throw new Error('address');
  const started = await startPayment(
    deps,
    shopper.id,
    { addressId: address.address.id, buyNow: { productId: tee.id, size: 'M', quantity: 2 } },
    now,
  );
  if (!started.ok) throw new Error(started.message);
  if (!('razorpayOrderId' in started)) throw new Error('placed at once, with no payment');
  return started;
}

describe('one run of the job, behind a backlog', () => {
  it('with 250 released checkouts and 60 refunds that always fail, a fresh expired hold and a fresh refund are handled', async () => {
    const backlog = await releasedCheckouts(250, 'backlog');
    await failingRefunds(
      60,
      backlog.map(({ id }) => id),
      'refused',
    );

    const t0 = new Date();
    const fresh = await shopperCheckout(t0);
    const held = await unitsLeft(database.db, tee.id, 'M');
    // A fresh refund of a payment Razorpay did capture, recorded after all of the failing ones.
    const razorpayOrder = await deps.razorpay.createOrder({ amount: 30_000, currency: 'INR', receipt: 'fresh' });
    const captured = await sandbox.pay(razorpayOrder.id);
    await database.db.insert(refunds).values({
      checkoutId: backlog[0]!.id,
      paymentId: captured.razorpay_payment_id,
      amountPaise: 30_000,
      reason: 'stock or coupon gone before payment',
    });

    const run = new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000);
    const outcome = await reconcileCheckouts(deps, run, 0);
    const confirmed = await retryUnconfirmedRefunds(deps, run);

    expect(outcome.released).toBe(1);
    expect((await checkoutOf(database.db, fresh.razorpayOrderId))!.status).toBe('released');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(held + 2);
    expect(confirmed).toBe(1);
    expect((await refundOf(database.db, captured.razorpay_payment_id))!.razorpayRefundId).toMatch(/^rfnd_/);

    // Every failing refund was asked once and backs off, its error kept.
    const failing = await database.db.select().from(refunds).where(like(refunds.paymentId, 'pay_refused%'));
    expect(failing.every((r) => r.attempts === 1 && r.lastError !== null && r.nextAttemptAt > run)).toBe(true);
    // The checkouts asked about back off too: the next run asks the ones not reached first.
    const asked = await database.db.select().from(checkouts).where(like(checkouts.razorpayOrderId, 'order_backlog%'));
    const askedOnce = asked.filter((c) => c.checkAttempts === 1);
    expect(askedOnce.length).toBeGreaterThanOrEqual(200);
    expect(askedOnce.every((c) => c.nextCheckAt > run)).toBe(true);
    await reconcileCheckouts(deps, new Date(run.getTime() + 1000), 0);
    const after = await database.db.select().from(checkouts).where(like(checkouts.razorpayOrderId, 'order_backlog%'));
    expect(after.every((c) => c.checkAttempts === 1)).toBe(true);
  });
});

describe('a refund that keeps failing', () => {
  it(`stops after ${REFUND_ATTEMPT_LIMIT} attempts in needs attention, with its last error`, async () => {
    const [checkout] = await releasedCheckouts(1, 'stuck');
    await failingRefunds(1, [checkout!.id], 'stuck');
    let now = new Date();
    for (let i = 0; i < REFUND_ATTEMPT_LIMIT + 2; i += 1) {
      await retryUnconfirmedRefunds(deps, now);
      now = new Date(now.getTime() + 2 * 60 * 60_000);
    }
    const [stuck] = await database.db.select().from(refunds).where(eq(refunds.paymentId, 'pay_stuck0'));
    expect(stuck).toMatchObject({
      attempts: REFUND_ATTEMPT_LIMIT,
      needsAttention: true,
      razorpayRefundId: null,
      lastError: 'The payment has not been captured',
    });
  });
});
