// Store credit on /checkout and its requests, through the real app (ADR 0050): the box only for a
// shopper who has credit, an order it pays wholly placed at once and shown on its confirmation page
// to its owner alone, and requests that cannot name another shopper's credit or checkout.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { ORIGIN } from '../../../tests/support/app.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { useSandboxApp } from '../../../tests/support/sandbox-app.ts';
import { grantStaffCredit } from '../../../tests/support/store-credit.ts';
import { addAddress } from '../../server/addresses/service.ts';
import { checkouts, orders, type Product } from '../../server/db/schema.ts';
import { creditBalance } from '../../server/store-credit/ledger.ts';

const { database, app, signIn, get } = useSandboxApp();
let polo: Product;

beforeAll(async () => {
  polo = await createProduct(database.db, { name: 'Court Polo', sizes: ['M'], pricePaise: 119_900 }, 50);
});

/** A signed-in shopper with a saved address and `paise` of store credit. */
async function shopper(paise: number) {
  const user = await signIn();
  const address = await addAddress(database.db, user.id, TEST_ADDRESS);
  if (!address.ok) throw new Error(address.message);
  if (paise > 0) await grantStaffCredit(database.db, user.id, paise);
  return { ...user, addressId: address.address.id };
}

const buyNow = () => ({ productId: polo.id, size: 'M', quantity: 1 });

async function pay(cookie: string, body: Record<string, unknown>) {
  const res = await app.request(`${ORIGIN}/api/payments`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The pay button for one polo bought now, online with the shopper's store credit, and `extra` in the request. */
const payWithCredit = (buyer: { cookie: string; addressId: string }, extra: Record<string, unknown> = {}) =>
  pay(buyer.cookie, { method: 'online', useCredit: true, addressId: buyer.addressId, buyNow: buyNow(), ...extra });

describe('store credit at /checkout', () => {
  it('offers the box only to a shopper who has credit', async () => {
    const rich = await shopper(50_000);
    const html = await (await get(`/checkout?buy=${polo.id}&size=M&qty=1`, rich.cookie)).text();
    expect(html).toContain('Store credit');
    expect(html).toContain('Use my store credit (₹500.00 available)');
    const none = await shopper(0);
    const plain = await (await get(`/checkout?buy=${polo.id}&size=M&qty=1`, none.cookie)).text();
    expect(plain).not.toContain('Use my store credit');
  });

  it('places an order credit pays wholly, shown on its confirmation page to its owner only', async () => {
    const owner = await shopper(150_000);
    const placed = await payWithCredit(owner);
    expect(placed.status).toBe(200);
    expect(placed.body).toEqual({ ok: true, orderId: expect.any(String) });
    const orderId = placed.body.orderId as string;
    expect(await creditBalance(database.db, owner.id)).toBe(30_100);

    const page = await (await get(`/order-confirmation?order=${orderId}`, owner.cookie)).text();
    expect(page).toContain('Order Confirmed!');
    expect(page).toContain('Paid with store credit');
    expect(page).toContain('Store credit used');
    expect(page).toContain('₹1,199.00');
    expect(page).not.toContain('Payment ID');

    const stranger = await shopper(0);
    const theirs = await (await get(`/order-confirmation?order=${orderId}`, stranger.cookie)).text();
    expect(theirs).toContain('Order not found');
    expect(theirs).not.toContain('Paid with store credit');
  });

  it('refuses credit for a shopper with none, whoever else the request names, writing nothing', async () => {
    const other = await shopper(50_000);
    // The other shopper's open checkout, holding their credit.
    const held = await payWithCredit(other);
    expect(held).toMatchObject({ status: 200, body: { ok: true, amount: 69_900 } });
    expect(await creditBalance(database.db, other.id)).toBe(0);
    const [theirCheckout] = await database.db.select().from(checkouts).where(eq(checkouts.userId, other.id));

    const me = await shopper(0);
    const refused = await payWithCredit(me, { userId: other.id, checkoutId: theirCheckout!.id });
    expect(refused).toEqual({
      status: 409,
      body: { ok: false, kind: 'conflict', message: 'You do not have enough store credit.' },
    });
    expect(await database.db.select().from(checkouts).where(eq(checkouts.userId, me.id))).toEqual([]);
    expect(await database.db.select().from(orders).where(eq(orders.userId, me.id))).toEqual([]);
    // Their checkout still holds their credit.
    expect(await creditBalance(database.db, other.id)).toBe(0);
    const [still] = await database.db.select().from(checkouts).where(eq(checkouts.id, theirCheckout!.id));
    expect(still).toMatchObject({ status: 'open', creditPaise: 50_000 });
  });

  it('refuses a useCredit that is not true or false, and a method the shopper cannot choose', async () => {
    const rich = await shopper(50_000);
    const notBoolean = await pay(rich.cookie, { useCredit: 'yes', addressId: rich.addressId, buyNow: buyNow() });
    expect(notBoolean).toEqual({
      status: 400,
      body: { ok: false, kind: 'invalid', message: 'Please choose whether to use your store credit.' },
    });
    const forged = await payWithCredit(rich, { method: 'store_credit' });
    expect(forged).toEqual({ status: 400, body: { ok: false, kind: 'invalid', message: 'Please choose how to pay.' } });
    expect(await database.db.select().from(checkouts).where(eq(checkouts.userId, rich.id))).toEqual([]);
    expect(await creditBalance(database.db, rich.id)).toBe(50_000);
  });
});
