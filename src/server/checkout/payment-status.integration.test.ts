// Asking whether a payment has become an order (ADR 0012): the checkout page's poll while
// a paid checkout is being confirmed. Only the shopper's own checkouts are answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { paymentDeps, startSandbox, type Sandbox } from '../../../tests/support/payments.ts';
import { addAddress } from '../addresses/service.ts';
import { paymentStatus } from './payment-status.ts';
import { completeCheckout, startPayment } from './workflow.ts';

const database = useTestDatabase();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

async function openCheckout() {
  const deps = paymentDeps(database.db, sandbox);
  const product = await createProduct(database.db, { name: 'Astro Tee', pricePaise: 79_900, sizes: ['M'] }, { M: 5 });
  const user = await createUser(database.db);
  const address = await addAddress(database.db, user.id, TEST_ADDRESS);
  if (!address.ok) throw new Error('address');
  const started = await startPayment(deps, user.id, {
    addressId: address.address.id,
    buyNow: { productId: product.id, size: 'M', quantity: 1 },
  });
  if (!started.ok) throw new Error(started.message);
  if (!('razorpayOrderId' in started)) throw new Error('placed at once, with no payment');
  return { deps, userId: user.id, razorpayOrderId: started.razorpayOrderId };
}

describe('the status of a payment', () => {
  it('is confirming until the checkout has become an order, then names the payment', async () => {
    const { deps, userId, razorpayOrderId } = await openCheckout();
    expect(await paymentStatus(database.db, userId, razorpayOrderId)).toEqual({ ok: true, status: 'confirming' });

    const paid = await sandbox.pay(razorpayOrderId);
    expect((await completeCheckout(deps, razorpayOrderId, paid.razorpay_payment_id)).ok).toBe(true);
    expect(await paymentStatus(database.db, userId, razorpayOrderId)).toEqual({
      ok: true,
      status: 'paid',
      paymentId: paid.razorpay_payment_id,
    });
  });

  it("answers about another shopper's checkout as about one that does not exist", async () => {
    const { razorpayOrderId } = await openCheckout();
    const stranger = await createUser(database.db);
    const theirs = await paymentStatus(database.db, stranger.id, razorpayOrderId);
    const unknown = await paymentStatus(database.db, stranger.id, 'order_doesnotexist00');
    expect(theirs).toMatchObject({ ok: false, kind: 'not_found' });
    expect(unknown).toEqual(theirs);
  });

  it('refuses a missing order id', async () => {
    const { userId } = await openCheckout();
    expect(await paymentStatus(database.db, userId, undefined)).toMatchObject({ ok: false, kind: 'invalid' });
  });
});
