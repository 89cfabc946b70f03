// Cash on delivery through the real app and production build (ADR 0047): the checkout page's
// payment step, POST /api/payments with `method`, and the confirmation page of a COD order. The
// store charges a ₹49 fee, gives ₹50 off for paying online, and refuses COD in the Andamans.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { ORIGIN } from '../../../tests/support/app.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { useSandboxApp } from '../../../tests/support/sandbox-app.ts';
import { addAddress } from '../../server/addresses/service.ts';
import { addToCart } from '../../server/cart/service.ts';
import { checkouts, coupons, orders, type Product } from '../../server/db/schema.ts';

const { database, app, signIn } = useSandboxApp({
  COD_FEE_RUPEES: '49',
  PREPAID_DISCOUNT: '50',
  COD_EXCLUDED_PINCODES: '744',
});
let tee: Product;
let hoodie: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Astro Tee', pricePaise: 79_900, sizes: ['M'] });
  hoodie = await createProduct(database.db, { name: 'Zip Hoodie', pricePaise: 179_900, sizes: ['M'] });
  await database.db.insert(coupons).values({ code: 'APPONLY', kind: 'flat', value: 10_000, prepaidOnly: true });
});

/** A signed-in shopper with one tee in their cart and a saved address at `pincode`. */
async function shopper(pincode = '560001') {
  const user = await signIn();
  const added = await addToCart(database.db, user.id, { productId: tee.id, size: 'M', quantity: 1 });
  if (!added.ok) throw new Error(added.message);
  const andamans = { city: 'Port Blair', state: 'Andaman and Nicobar Islands' };
  const address = await addAddress(database.db, user.id, {
    ...TEST_ADDRESS,
    ...(pincode.startsWith('744') ? andamans : {}),
    pincode,
  });
  if (!address.ok) throw new Error(address.message);
  return { ...user, addressId: address.address.id };
}

async function post(path: string, body: unknown, cookie: string) {
  const res = await app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function page(path: string, cookie: string) {
  const res = await app.request(`${ORIGIN}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The tag of the radio button of `value`. */
function radio(html: string, value: string): string {
  const tag = new RegExp(`<input[^>]*name="payment-method"[^>]*value="${value}"[^>]*>`).exec(html)?.[0];
  expect(tag, `the ${value} radio button`).toBeDefined();
  return tag!;
}

/** How many orders and checkouts the shopper has. */
async function rowsOf(userId: string) {
  const [made] = await database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const [held] = await database.db.select({ n: count() }).from(checkouts).where(eq(checkouts.userId, userId));
  return { orders: made!.n, checkouts: held!.n };
}

describe('the payment step of /checkout', () => {
  it('offers paying online, with its saving, and cash on delivery, with its fee', async () => {
    const { cookie } = await shopper();
    const html = await page('/checkout', cookie);
    expect(html).toContain('>Payment method</legend>');
    expect(html).toContain('>Pay online</label>');
    expect(html).toContain('Save ₹50 by paying online');
    expect(html).toContain('>Cash on delivery</label>');
    expect(html).toContain('Pay in cash when it arrives. A fee of ₹49.00 applies.');
    expect(radio(html, 'online')).toContain('checked=""');
    expect(radio(html, 'cod')).not.toContain('disabled');
    // Paying online is chosen first: the saving is in the summary, the fee is not.
    expect(html).toContain('<dt>Online payment saving</dt><dd>−<!-- -->₹50.00</dd>');
    expect(html).not.toContain('<dt>Cash on delivery fee</dt>');
    expect(html).toContain('<dt>Total Amount</dt><dd>₹749.00</dd>');
    expect(html).toContain('Continue to Payment');
  });

  it('shows cash on delivery disabled, with the reason, for an excluded pincode', async () => {
    const { cookie } = await shopper('744101');
    const html = await page('/checkout', cookie);
    expect(radio(html, 'cod')).toContain('disabled=""');
    expect(html).toContain('Cash on delivery is not available for this pincode.');
  });

  it('shows cash on delivery disabled, with the reason, above the largest total', async () => {
    const { cookie } = await shopper();
    const html = await page(`/checkout?buy=${hoodie.id}&size=M&qty=6`, cookie);
    expect(radio(html, 'cod')).toContain('disabled=""');
    expect(html).toContain('Cash on delivery is not available for orders above ₹10,000.');
  });

  it('tells the page when a coupon is for orders paid online only', async () => {
    const { cookie } = await shopper();
    expect((await post('/api/checkout/coupon', { code: 'apponly' }, cookie)).body).toMatchObject({
      ok: true,
      verdict: { is_valid: true, discount_amount: 10_000 },
      prepaidOnly: true,
    });
  });
});

describe('POST /api/payments', () => {
  it('places a cash on delivery order at once, which its confirmation page shows to its shopper only', async () => {
    const buyer = await shopper();
    const placed = await post('/api/payments', { method: 'cod', addressId: buyer.addressId }, buyer.cookie);
    expect(placed.status).toBe(200);
    expect(placed.body).toEqual({ ok: true, orderId: expect.any(String) });
    const orderId = placed.body.orderId as string;
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      userId: buyer.id,
      status: 'awaiting_confirmation',
      paymentMethod: 'cod',
      codFeePaise: 4_900,
      prepaidDiscountPaise: 0,
      totalPaise: 84_800,
    });

    const html = await page(`/order-confirmation?order=${orderId}`, buyer.cookie);
    expect(html).toContain('Order Placed!');
    expect(html).toContain('Cash on delivery: ₹848.00 to pay when it arrives');
    expect(html).toContain(`#${orderId.slice(0, 8).toUpperCase()}`);
    expect(html).toContain('Your order waits for your confirmation: please confirm it from the link in the email');
    expect(html).not.toContain('Payment Successful');

    const stranger = await signIn();
    const theirs = await page(`/order-confirmation?order=${orderId}`, stranger.cookie);
    expect(theirs).toContain('Order not found');
    expect(theirs).not.toContain('₹848');
    expect(await page('/order-confirmation?order=not-an-id', buyer.cookie)).toContain('Order not found');
    // A payment id no payment has (a NUL would make PostgreSQL refuse the query) names no order.
    expect(await page('/order-confirmation?payment=A%00B', buyer.cookie)).toContain('Order not found');
    // Your Orders lists it, though it has no payment id.
    expect(await page('/orders', buyer.cookie)).toContain(orderId.slice(0, 8).toUpperCase());
  });

  it('refuses a forged cash on delivery request with the rules’ reason, writing nothing', async () => {
    const buyer = await shopper('744101');
    const before = await rowsOf(buyer.id);
    const forged = await post('/api/payments', { method: 'cod', addressId: buyer.addressId }, buyer.cookie);
    expect(forged).toEqual({
      status: 400,
      body: { ok: false, kind: 'invalid', message: 'Cash on delivery is not available for this pincode.' },
    });
    const own = await shopper();
    const prepaidOnly = await post(
      '/api/payments',
      { method: 'cod', addressId: own.addressId, couponCode: 'APPONLY' },
      own.cookie,
    );
    expect(prepaidOnly).toEqual({
      status: 400,
      body: { ok: false, kind: 'invalid', message: 'The coupon APPONLY is for orders paid online only.' },
    });
    expect(await rowsOf(buyer.id)).toEqual(before);
    expect(await rowsOf(own.id)).toEqual({ orders: 0, checkouts: 0 });
  });

  it('refuses a payment method it does not know, and takes none as online, with the saving', async () => {
    const buyer = await shopper();
    for (const method of ['cash', 'COD', 1, ['cod'], { cod: true }]) {
      expect(await post('/api/payments', { method, addressId: buyer.addressId }, buyer.cookie)).toEqual({
        status: 400,
        body: { ok: false, kind: 'invalid', message: 'Please choose how to pay.' },
      });
    }
    expect(await rowsOf(buyer.id)).toEqual({ orders: 0, checkouts: 0 });
    const online = await post('/api/payments', { addressId: buyer.addressId }, buyer.cookie);
    expect(online.body).toMatchObject({ ok: true, amount: 74_900 });
    const explicit = await post('/api/payments', { method: 'online', addressId: buyer.addressId }, buyer.cookie);
    expect(explicit.body).toMatchObject({ ok: true, amount: 74_900 });
  });
});
