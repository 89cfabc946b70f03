// GET /api/payments/status through the real app: the checkout page's poll while a paid checkout
// is being confirmed (ADR 0012). Only the signed-in shopper's own checkouts are answered,
// and never from a cache.
import { beforeAll, describe, expect, it } from 'vitest';

import type { SignedInUser } from '../../../tests/support/accounts.ts';
import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createOrder } from '../../../tests/support/factories.ts';
import { checkouts } from '../../server/db/schema.ts';

const { database, app, signIn } = useTestApp();
let shopper: SignedInUser;
let strangerCookie: string;

beforeAll(async () => {
  shopper = await signIn();
  strangerCookie = (await signIn()).cookie;
});

/**
 * A checkout of the shopper's that Razorpay order `razorpayOrderId` pays for (one open at a time;
 * a payment may still arrive for a released one).
 */
async function checkout(razorpayOrderId: string, status: 'open' | 'released' = 'open') {
  const [row] = await database.db
    .insert(checkouts)
    .values({
      userId: shopper.id,
      status,
      fromCart: false,
      itemsJson: [{ productId: 1, name: 'Astro Tee', size: 'M', quantity: 1, pricePaise: 79_900 }],
      addressJson: TEST_ADDRESS,
      subtotalPaise: 79_900,
      totalPaise: 79_900,
      razorpayOrderId,
      expiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .returning();
  return row!;
}

/** `as` is the session cookie to send; null sends none. */
async function status(order: string, as: string | null = shopper.cookie) {
  const res = await app.request(`${ORIGIN}/api/payments/status?order=${encodeURIComponent(order)}`, {
    headers: as ? { cookie: as } : {},
  });
  return { status: res.status, cacheControl: res.headers.get('Cache-Control'), body: await res.json() };
}

describe('GET /api/payments/status', () => {
  it('says confirming until the checkout has become an order, then names its payment', async () => {
    const open = await checkout('order_StatusOpen0001');
    expect(await status('order_StatusOpen0001')).toEqual({
      status: 200,
      cacheControl: 'private, no-store',
      body: { ok: true, status: 'confirming' },
    });
    const order = await createOrder(database.db, { userId: shopper.id, checkoutId: open.id });
    expect((await status('order_StatusOpen0001')).body).toEqual({
      ok: true,
      status: 'paid',
      paymentId: order.paymentId,
    });
  });

  it("answers only the signed-in shopper, and another's checkout like none", async () => {
    await checkout('order_StatusTheirs001', 'released');
    const signedOut = await status('order_StatusTheirs001', null);
    expect(signedOut).toMatchObject({ status: 401, cacheControl: 'private, no-store', body: { ok: false } });
    const stranger = await status('order_StatusTheirs001', strangerCookie);
    expect(stranger).toMatchObject({ status: 404, body: { ok: false, kind: 'not_found' } });
    expect((await status('order_NoSuchOrder0001', strangerCookie)).body).toEqual(stranger.body);
  });

  it('refuses a missing or malformed order id', async () => {
    for (const order of ['', 'order_<script>', 'x'.repeat(65)]) {
      expect(await status(order)).toMatchObject({ status: 400, body: { ok: false, kind: 'invalid' } });
    }
  });
});
