// A drop's rules on every path a browser can take: before the minute nothing of it is put in a
// cart, bought now or held (cash on delivery included), whatever is sent; after it, each shopper
// takes at most its limits, counted over their cart, orders and holds; hidden drops stay out of the
// listing and search until they go live.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { paymentDeps, shopperWithCart, started, useSandbox } from '../../../tests/support/payments.ts';
import { addToCart, updateCartLine } from '../cart/service.ts';
import { listProducts, listRelatedProducts } from '../catalog/service.ts';
import { searchProducts } from '../catalog/search.ts';
import { placeCodOrder } from '../checkout/cash-on-delivery.ts';
import { quoteBuyNow } from '../checkout/quote.ts';
import { startPayment, verifyPayment } from '../checkout/workflow.ts';
import { checkouts, drops, orders, refunds, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { nextDropAfter } from './rules.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;

const FUTURE = new Date('2030-12-05T14:30:00Z');
const NOT_YET = 'This drops on 5 December 2030 at 8:00 pm.';

beforeAll(() => {
  deps = paymentDeps(database.db, sandbox);
});

/** A product in a drop going live at `goesLiveAt`, with the drop's other values as the test says. */
async function dropped(values: Partial<typeof drops.$inferInsert> & { goesLiveAt: Date }, name = 'Drop Tee') {
  const product = await createProduct(database.db, { name, sizes: ['M', 'L', 'XL'], pricePaise: 149_900 }, 20);
  const drop = await createDrop(database.db, [product.id], values);
  return { product, drop };
}

async function openCheckoutsOf(userId: string) {
  return (await database.db.select().from(checkouts).where(eq(checkouts.userId, userId))).filter(
    (checkout) => checkout.status === 'open',
  );
}

describe('before the minute', () => {
  it('refuses the cart, buy now, Continue to Payment and cash on delivery, and holds nothing', async () => {
    // In the cart before it was scheduled, as when staff put a product already on sale into a drop.
    const product = await createProduct(database.db, { name: 'Early Tee', sizes: ['M', 'L'] }, 20);
    const shopper = await shopperWithCart(database.db, [{ productId: product.id, size: 'M', quantity: 1 }]);
    await createDrop(database.db, [product.id], { goesLiveAt: FUTURE });
    const refusal = { ok: false, kind: 'conflict', message: NOT_YET };

    expect(await addToCart(database.db, shopper.userId, { productId: product.id, size: 'L', quantity: 1 })).toEqual(
      refusal,
    );
    expect(
      await updateCartLine(database.db, shopper.userId, { productId: product.id, size: 'M', quantity: 2 }),
    ).toEqual(refusal);
    expect(
      await updateCartLine(database.db, shopper.userId, { productId: product.id, size: 'M', newSize: 'L' }),
    ).toEqual(refusal);
    expect(await quoteBuyNow(database.db, { productId: product.id, size: 'M', quantity: 1 })).toEqual(refusal);
    expect(await startPayment(deps, shopper.userId, { addressId: shopper.addressId })).toEqual(refusal);
    expect(await placeCodOrder(deps, shopper.userId, { addressId: shopper.addressId })).toEqual(refusal);

    expect(await database.db.select().from(checkouts).where(eq(checkouts.userId, shopper.userId))).toEqual([]);
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(20);
    // Less, or a line unselected, is still the shopper's to change.
    expect(
      await updateCartLine(database.db, shopper.userId, { productId: product.id, size: 'M', selected: false }),
    ).toEqual({ ok: true });
  });

  it('goes on sale at the minute itself, judged by the server clock', async () => {
    const { product } = await dropped({ goesLiveAt: new Date(Date.now() + 60_000) });
    const shopper = await shopperWithCart(database.db, []);
    const later = new Date(Date.now() + 61_000);
    expect(await startPayment(deps, shopper.userId, { addressId: shopper.addressId }, later)).toMatchObject({
      ok: false,
      message: 'There is nothing to pay for: your order has no items.',
    });
    const buyNow = { productId: product.id, size: 'M', quantity: 1 };
    expect(await startPayment(deps, shopper.userId, { addressId: shopper.addressId, buyNow }, later)).toMatchObject({
      ok: true,
    });
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(19);
  });
});

describe('a limit per shopper', () => {
  it('counts the cart: one of each size and two in all, with how many may still be taken', async () => {
    const { product } = await dropped({ goesLiveAt: new Date(Date.now() - 1000), limitPerSize: 1, limitTotal: 2 });
    const { userId } = await shopperWithCart(database.db, []);
    const add = (size: string, quantity = 1) =>
      addToCart(database.db, userId, { productId: product.id, size, quantity });

    expect(await add('M', 2)).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This drop allows 1 of each size per shopper: you may take 1 more in size M.',
    });
    expect(await add('M')).toEqual({ ok: true });
    expect(await add('M')).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This drop allows 1 of each size per shopper: you have taken all you may in size M.',
    });
    expect(await add('L')).toEqual({ ok: true });
    expect(await add('XL')).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This drop allows 2 items per shopper: you have taken all you may.',
    });
    // Moving a line to another size is no more than it was; doubling it is.
    expect(await updateCartLine(database.db, userId, { productId: product.id, size: 'L', newSize: 'XL' })).toEqual({
      ok: true,
    });
    expect(await updateCartLine(database.db, userId, { productId: product.id, size: 'XL', quantity: 2 })).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This drop allows 1 of each size per shopper: you have taken all you may in size XL.',
    });
  });

  it('counts orders and holds: bought once, the same size is refused by buy now and by cash on delivery', async () => {
    const { product } = await dropped({ goesLiveAt: new Date(Date.now() - 1000), limitPerSize: 1 });
    const shopper = await shopperWithCart(database.db, [{ productId: product.id, size: 'M', quantity: 1 }]);
    const payment = started(await startPayment(deps, shopper.userId, { addressId: shopper.addressId }));
    expect((await verifyPayment(deps, shopper.userId, await sandbox.pay(payment.razorpayOrderId))).ok).toBe(true);

    const again = { addressId: shopper.addressId, buyNow: { productId: product.id, size: 'M', quantity: 1 } };
    const refusal = {
      ok: false,
      kind: 'conflict',
      message: 'This drop allows 1 of each size per shopper: you have taken all you may in size M.',
    };
    expect(await startPayment(deps, shopper.userId, again)).toEqual(refusal);
    expect(await placeCodOrder(deps, shopper.userId, again)).toEqual(refusal);
    expect(await addToCart(database.db, shopper.userId, { productId: product.id, size: 'M', quantity: 1 })).toEqual(
      refusal,
    );
    // Another size is within the limit; another shopper has a limit of their own.
    const otherSize = { ...again, buyNow: { productId: product.id, size: 'L', quantity: 1 } };
    expect(await startPayment(deps, shopper.userId, otherSize)).toMatchObject({ ok: true });
    const other = await shopperWithCart(database.db, []);
    expect(await placeCodOrder(deps, other.userId, { ...again, addressId: other.addressId })).toMatchObject({
      ok: true,
    });
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(18);
  });

  it("counts the drop's other products against its limit in all", async () => {
    const products = await Promise.all(
      ['Drop Tee A', 'Drop Tee B'].map((name) => createProduct(database.db, { name, sizes: ['M'] }, 20)),
    );
    await createDrop(
      database.db,
      products.map((product) => product.id),
      { goesLiveAt: new Date(Date.now() - 1000), limitTotal: 1 },
    );
    const [a, b] = products as [Product, Product];
    const shopper = await shopperWithCart(database.db, []);
    const buy = (product: Product) => ({
      addressId: shopper.addressId,
      buyNow: { productId: product.id, size: 'M', quantity: 1 },
    });
    expect(await placeCodOrder(deps, shopper.userId, buy(a))).toMatchObject({ ok: true });

    const refusal = {
      ok: false,
      kind: 'conflict',
      message: 'This drop allows 1 item per shopper: you have taken all you may.',
    };
    expect(await addToCart(database.db, shopper.userId, { productId: b.id, size: 'M', quantity: 1 })).toEqual(refusal);
    expect(await placeCodOrder(deps, shopper.userId, buy(b))).toEqual(refusal);
    expect(await startPayment(deps, shopper.userId, buy(b))).toEqual(refusal);
    expect(await unitsLeft(database.db, b.id, 'M')).toBe(20);
  });

  it('refunds a late payment for a released hold when the shopper has since taken the limit', async () => {
    const { product } = await dropped({ goesLiveAt: new Date(Date.now() - 1000), limitTotal: 1 });
    const shopper = await shopperWithCart(database.db, []);
    const buy = (size: string) => ({
      addressId: shopper.addressId,
      buyNow: { productId: product.id, size, quantity: 1 },
    });
    const first = started(await startPayment(deps, shopper.userId, buy('M')));
    // A second tab's Continue to Payment releases the first hold and takes its own.
    const second = started(await startPayment(deps, shopper.userId, buy('L')));
    expect(await openCheckoutsOf(shopper.userId)).toHaveLength(1);
    expect((await verifyPayment(deps, shopper.userId, await sandbox.pay(second.razorpayOrderId))).ok).toBe(true);

    const late = await verifyPayment(deps, shopper.userId, await sandbox.pay(first.razorpayOrderId));
    expect(late).toMatchObject({ ok: false, kind: 'conflict' });
    const bought = await database.db.select().from(orders).where(eq(orders.userId, shopper.userId));
    expect(bought.map((order) => order.itemsJson.map((item) => item.size))).toEqual([['L']]);
    expect(await database.db.select().from(refunds).where(eq(refunds.checkoutId, first.checkoutId))).toHaveLength(1);
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(20);
  });
});

describe('hidden until the minute', () => {
  let hidden: Product;
  let hiddenDropId: number;
  let shown: Product;

  beforeAll(async () => {
    let drop;
    ({ product: hidden, drop } = await dropped({ goesLiveAt: FUTURE, hiddenUntilLive: true }, 'Secret Varsity Jacket'));
    hiddenDropId = drop.id;
    ({ product: shown } = await dropped({ goesLiveAt: FUTURE }, 'Teased Varsity Jacket'));
  });

  it('keeps a hidden drop out of the listing, search and related products, and shows a teased one with its moment', async () => {
    const listing = await listProducts(database.db, { search: 'varsity jacket', page: 1 });
    expect(listing.products.map((product) => [product.name, product.dropsAt])).toEqual([
      ['Teased Varsity Jacket', FUTURE.toISOString()],
    ]);
    expect((await searchProducts(database.db, 'varsity')).map((result) => result.name)).toEqual([
      'Teased Varsity Jacket',
    ]);
    expect((await listRelatedProducts(database.db, shown, 50)).map((product) => product.id)).not.toContain(hidden.id);
    expect(await nextDropAfter(database.db, new Date('2030-01-01T00:00:00Z'))).toEqual(FUTURE);
  });

  it('lists it once it has gone live, without its moment', async () => {
    await database.db
      .update(drops)
      .set({ goesLiveAt: new Date(Date.now() - 1000) })
      .where(eq(drops.id, hiddenDropId));
    const listing = await listProducts(database.db, { search: 'varsity jacket', page: 1 });
    expect(listing.products.map((product) => [product.name, product.dropsAt])).toEqual([
      ['Secret Varsity Jacket', null],
      ['Teased Varsity Jacket', FUTURE.toISOString()],
    ]);
  });
});
