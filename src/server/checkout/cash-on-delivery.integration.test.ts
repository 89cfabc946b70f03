// Placing a cash on delivery order (ADR 0047): placed at once in one transaction, judged by the
// rules on the server, refused with the rules' words and nothing written; and the saving for
// paying online, priced by the server into online checkouts only.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { fakeCourier } from '../../../tests/support/delivery-zones.ts';
import { createOrder, createProduct } from '../../../tests/support/factories.ts';
import { deliverQueuedOrderEmails, TEST_PUBLIC_URL } from '../../../tests/support/jobs.ts';
import { shopperWithCart, started } from '../../../tests/support/payments.ts';
import { useQueuedCheckout } from '../../../tests/support/queued-checkout.ts';
import { addAddress } from '../addresses/service.ts';
import { cartItems, checkouts, coupons, courierQuotes, orders, taxDocuments, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { codConfirmPath, codConfirmTokenHash } from '../orders/cod-token.ts';
import { codHistory, placeCodOrder } from './cash-on-delivery.ts';
import { startPayment, verifyPayment } from './workflow.ts';

const database = useTestDatabase();
const { sandbox, deps, placedCount, withMethods } = useQueuedCheckout(database);
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Astro Tee', pricePaise: 79_900, sizes: ['M', 'L'] }, 40);
  await database.db.insert(coupons).values([
    { code: 'TENOFF', kind: 'percent', value: 10 },
    { code: 'APPONLY', kind: 'flat', value: 10_000, prepaidOnly: true },
  ]);
});

/** Everything a placing could write for this shopper, and the stock and coupons it could take. */
async function stateOf(userId: string, product: Product) {
  return {
    checkouts: await database.db.select().from(checkouts).where(eq(checkouts.userId, userId)),
    orders: await database.db.select().from(orders).where(eq(orders.userId, userId)),
    cart: await database.db.select().from(cartItems).where(eq(cartItems.userId, userId)),
    units: await unitsLeft(database.db, product.id, 'M'),
    coupons: await database.db.select().from(coupons).orderBy(coupons.code),
  };
}

describe('placing a cash on delivery order', () => {
  it('places it at once: the order awaits confirmation, stock, coupon use and cart lines are taken', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 2 }]);
    const before = await unitsLeft(database.db, tee.id, 'M');
    const counted = placedCount();
    const placed = await placeCodOrder(deps, userId, { addressId, couponCode: 'tenoff' });
    if (!placed.ok) throw new Error(placed.message);

    const [order] = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(order).toMatchObject({
      id: placed.orderId,
      status: 'awaiting_confirmation',
      paymentMethod: 'cod',
      paymentId: null,
      subtotalPaise: 159_800,
      discountPaise: 15_980,
      prepaidDiscountPaise: 0,
      codFeePaise: 0,
      totalPaise: 143_820,
      couponCode: 'TENOFF',
      codConfirmedAt: null,
    });
    expect(order!.codConfirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.userId, userId));
    expect(checkout).toMatchObject({
      status: 'paid',
      paymentMethod: 'cod',
      razorpayOrderId: null,
      paymentId: null,
      totalPaise: 143_820,
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(before - 2);
    expect(await database.db.select().from(cartItems).where(eq(cartItems.userId, userId))).toEqual([]);
    const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, 'TENOFF'));
    expect(coupon!.timesUsed).toBe(1);
    // Invoiced when it ships, not now: no money has come in.
    expect(await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, placed.orderId))).toEqual([]);
    expect(placedCount()).toBe(counted + 1);
    expect(await codHistory(database.db, userId)).toEqual({ onTheWay: 1, returnedToOrigin: 0 });
  });

  it('adds the fee as its own amount: total = subtotal - coupon + fee', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'L', quantity: 1 }]);
    const placed = await placeCodOrder(withMethods({ cod: { feePaise: 4_900 } }), userId, {
      addressId,
      couponCode: 'TENOFF',
    });
    expect(placed.ok).toBe(true);
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(order).toMatchObject({
      subtotalPaise: 79_900,
      discountPaise: 7_990,
      codFeePaise: 4_900,
      totalPaise: 76_810,
    });
  });

  it('leaves the cart alone for a buy-now item, and releases the shopper’s open checkout', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 3 }]);
    const held = await unitsLeft(database.db, tee.id, 'M');
    await started(await startPayment(deps, userId, { addressId }));
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(held - 3);
    const placed = await placeCodOrder(deps, userId, {
      addressId,
      buyNow: { productId: tee.id, size: 'L', quantity: 1 },
    });
    expect(placed.ok).toBe(true);
    // The open checkout's 3 units are back; the cart line stays, since a buy-now item was bought.
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(held);
    expect(await database.db.select().from(cartItems).where(eq(cartItems.userId, userId))).toHaveLength(1);
    const rows = await database.db.select().from(checkouts).where(eq(checkouts.userId, userId));
    expect(rows.map((row) => `${row.paymentMethod} ${row.status}`).sort()).toEqual(['cod paid', 'online released']);
  });

  it('queues the confirmation email with the amount to pay and the link that confirms it', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    await deliverQueuedOrderEmails(database, recordingMailer());
    const placed = await placeCodOrder(withMethods({ cod: { feePaise: 4_900 } }), userId, { addressId });
    if (!placed.ok) throw new Error(placed.message);
    const mailer = recordingMailer();
    await deliverQueuedOrderEmails(database, mailer);
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail!.subject).toBe('Trap the Trend: please confirm your order');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('Cash on delivery fee: ₹49.00');
      expect(part).toContain('Total Amount: ₹848.00');
      expect(part).toContain('Cash on delivery: ₹848.00 to pay when it arrives');
      expect(part).toContain('Confirm your order');
      expect(part).not.toContain('Payment id');
    }
    // The link carries the token; the order keeps only its hash.
    const link = new RegExp(`${TEST_PUBLIC_URL}/orders/${placed.orderId}/confirm\\?token=([\\w-]+)`).exec(mail!.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}${codConfirmPath(placed.orderId, token)}`);
    expect(mail!.html).toContain(`href="${TEST_PUBLIC_URL}${codConfirmPath(placed.orderId, token)}"`);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.codConfirmTokenHash).toBe(codConfirmTokenHash(token));
    expect(JSON.stringify(order)).not.toContain(token);
  });
});

describe('a refused cash on delivery order', () => {
  const cod = { paymentMethod: 'cod' as const, paymentId: null };

  /**
   * A shopper with `quantity` of the product (a tee unless the test says) in size M in their cart,
   * earlier cash on delivery orders in the statuses `codOrders` and an open online checkout, who is
   * refused with `reason` and nothing written: their checkout stays held as it was.
   */
  async function refused(
    reason: string,
    options: {
      product?: Product;
      quantity?: number;
      pincode?: string;
      couponCode?: string;
      methods?: Parameters<typeof withMethods>[0];
      codOrders?: Array<(typeof orders.$inferInsert)['status']>;
    } = {},
  ) {
    const product = options.product ?? tee;
    const { userId, addressId: savedId } = await shopperWithCart(database.db, [
      { productId: product.id, size: 'M', quantity: options.quantity ?? 1 },
    ]);
    let addressId = savedId;
    if (options.pincode) {
      const other = await addAddress(database.db, userId, {
        ...TEST_ADDRESS,
        street: 'Aberdeen Bazaar',
        city: 'Port Blair',
        state: 'Andaman and Nicobar Islands',
        pincode: options.pincode,
      });
      if (!other.ok) throw new Error(other.message);
      addressId = other.address.id;
    }
    for (const status of options.codOrders ?? []) await createOrder(database.db, { userId, ...cod, status });
    // An open online checkout, which a refusal must leave held.
    await started(await startPayment(deps, userId, { addressId: savedId }));
    const before = await stateOf(userId, product);
    const answer = await placeCodOrder(withMethods(options.methods ?? {}), userId, {
      addressId,
      couponCode: options.couponCode,
    });
    expect(answer).toEqual({ ok: false, kind: 'invalid', message: reason });
    expect(await stateOf(userId, product)).toEqual(before);
  }

  it('above the largest total', async () => {
    const hoodie = await createProduct(database.db, { pricePaise: 129_900, sizes: ['M'] });
    await refused('Cash on delivery is not available for orders above ₹10,000.', { product: hoodie, quantity: 8 });
  });

  it('above the largest total once the fee is added', async () => {
    await refused('Cash on delivery is not available for orders above ₹1,600.', {
      quantity: 2,
      methods: { cod: { maxOrderPaise: 160_000, feePaise: 10_000 } },
    });
  });

  it('below the smallest total, judged after the coupon', async () => {
    await refused('Cash on delivery is available for orders of ₹799 or more.', {
      couponCode: 'TENOFF',
      methods: { cod: { minOrderPaise: 79_900 } },
    });
  });

  it('for an excluded pincode, or one starting with excluded digits', async () => {
    await refused('Cash on delivery is not available for this pincode.', {
      pincode: '744101',
      methods: { cod: { excludedPincodes: ['744'] } },
    });
    await refused('Cash on delivery is not available for this pincode.', {
      pincode: '744101',
      methods: { cod: { excludedPincodes: ['682', '744101'] } },
    });
  });

  it('where no courier collects cash: the zone table says so (the Andamans), or the courier does', async () => {
    await refused('Cash on delivery is not available for this pincode.', { pincode: '744101' });
    const courier = fakeCourier({ serviceable: true, cod: false, standardDays: 4, expressDays: null });
    await refused('Cash on delivery is not available for this pincode.', {
      methods: { delivery: { provider: courier } },
    });
    expect(courier.asked).toEqual(['560001']);
  });

  it('with a coupon for orders paid online only', async () => {
    await refused('The coupon APPONLY is for orders paid online only.', { couponCode: 'apponly' });
  });

  it('at the cap of orders on their way, counting every status before delivery', async () => {
    await refused(
      'You already have 2 cash on delivery orders on their way. Please pay online, or wait until one is delivered.',
      {
        codOrders: ['awaiting_confirmation', 'shipped'],
      },
    );
    await refused(
      'You already have 3 cash on delivery orders on their way. Please pay online, or wait until one is delivered.',
      {
        methods: { cod: { maxOpenOrders: 3 } },
        codOrders: ['pending', 'processing', 'shipped'],
      },
    );
  });

  it('at the limit of orders returned to origin', async () => {
    await refused(
      'Cash on delivery is not available on your account because earlier cash on delivery parcels were not accepted. Please pay online.',
      {
        codOrders: ['returned_to_origin', 'returned_to_origin'],
      },
    );
  });

  it('when the store has it switched off', async () => {
    await refused('Cash on delivery is not available.', { methods: { cod: { enabled: false } } });
  });

  it('counts delivered, cancelled and online orders out of the cap, and prepaid parcels back out of the limit', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    for (const status of ['delivered', 'cancelled', 'completed'] as const) {
      await createOrder(database.db, { userId, ...cod, status });
    }
    await createOrder(database.db, { userId, status: 'pending' });
    await createOrder(database.db, { userId, ...cod, status: 'returned_to_origin' });
    // A prepaid parcel back undelivered was paid for: it counts for nothing here.
    await createOrder(database.db, { userId, status: 'returned_to_origin' });
    expect(await codHistory(database.db, userId)).toEqual({ onTheWay: 0, returnedToOrigin: 1 });
    expect((await placeCodOrder(deps, userId, { addressId })).ok).toBe(true);
  });

  it('is counted against the limit of payment starts', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    const limited = { ...deps, paymentStartLimit: { max: 1, windowMs: 15 * 60_000 } };
    expect((await startPayment(limited, userId, { addressId })).ok).toBe(true);
    expect(await placeCodOrder(limited, userId, { addressId })).toMatchObject({
      ok: false,
      kind: 'too_many_requests',
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
  });
});

describe('the saving for paying online', () => {
  it('is priced by the server into an online checkout’s discount, and carried to its order', async () => {
    const saving = withMethods({ prepaidDiscount: { kind: 'percent', value: 5 } });
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 2 }]);
    const start = await started(await startPayment(saving, userId, { addressId, couponCode: 'TENOFF' }));
    // 159,800 less 10% is 143,820; 5% of that is 7,191.
    expect(start.amount).toBe(136_629);
    expect((await saving.razorpay.fetchOrder(start.razorpayOrderId)).amount).toBe(136_629);
    const [checkout] = await database.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')));
    expect(checkout).toMatchObject({
      paymentMethod: 'online',
      subtotalPaise: 159_800,
      discountPaise: 15_980 + 7_191,
      prepaidDiscountPaise: 7_191,
      codFeePaise: 0,
      totalPaise: 136_629,
    });
    const verified = await verifyPayment(saving, userId, await sandbox.pay(start.razorpayOrderId));
    if (!verified.ok || !('orderId' in verified)) throw new Error('not placed');
    const [order] = await database.db.select().from(orders).where(eq(orders.id, verified.orderId));
    expect(order).toMatchObject({
      paymentMethod: 'online',
      discountPaise: 23_171,
      prepaidDiscountPaise: 7_191,
      totalPaise: 136_629,
    });
  });

  it('never brings an online total below ₹1', async () => {
    const cheap = await createProduct(database.db, { pricePaise: 10_000, sizes: ['M'] });
    const saving = withMethods({ prepaidDiscount: { kind: 'flat', paise: 50_000 } });
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: cheap.id, size: 'M', quantity: 1 }]);
    const start = await started(await startPayment(saving, userId, { addressId }));
    expect(start.amount).toBe(100);
  });

  it('is not given to cash on delivery', async () => {
    const saving = withMethods({ prepaidDiscount: { kind: 'flat', paise: 5_000 }, cod: { feePaise: 2_500 } });
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'L', quantity: 1 }]);
    const placed = await placeCodOrder(saving, userId, { addressId });
    expect(placed.ok).toBe(true);
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(order).toMatchObject({ discountPaise: 0, prepaidDiscountPaise: 0, codFeePaise: 2_500, totalPaise: 82_400 });
  });

  it('goes with a coupon for orders paid online only, which online payment accepts', async () => {
    const saving = withMethods({ prepaidDiscount: { kind: 'flat', paise: 5_000 } });
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'L', quantity: 1 }]);
    const start = await started(await startPayment(saving, userId, { addressId, couponCode: 'APPONLY' }));
    expect(start.amount).toBe(79_900 - 10_000 - 5_000);
  });
});

describe('an order to a pincode nobody delivers to', () => {
  it('is refused before any payment, online or cash on delivery, and nothing is written', async () => {
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }]);
    // Another courier's answer for this pincode, kept by an earlier test, would be used for a day.
    await database.db.delete(courierQuotes);
    const nobody = withMethods({ delivery: { provider: fakeCourier({ serviceable: false }) } });
    const before = await stateOf(userId, tee);
    const refusal = { ok: false, kind: 'invalid', message: 'We do not deliver to this pincode yet' };
    expect(await startPayment(nobody, userId, { addressId })).toEqual(refusal);
    expect(await placeCodOrder(nobody, userId, { addressId })).toEqual(refusal);
    // The store's own exclusions (DELIVERY_EXCLUDED_PINCODES) are refused alike.
    const excluded = withMethods({
      delivery: { settings: { ...deps.delivery.settings, excluded: ['560'] } },
    });
    expect(await startPayment(excluded, userId, { addressId })).toEqual(refusal);
    expect(await stateOf(userId, tee)).toEqual(before);
  });
});
