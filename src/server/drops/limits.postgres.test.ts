// A drop's limit per shopper under races, on the PostgreSQL server only (CI sets TEST_DATABASE_URL):
// one shopper's tabs paying online and by cash on delivery at once, and a crowd of shoppers each
// racing several tabs for a drop smaller than the crowd. Nobody ends with more than the limit, and
// every unit is either sold once or still in stock.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { paymentDeps, shopperWithCart, useSandbox } from '../../../tests/support/payments.ts';
import { placeCodOrder } from '../checkout/cash-on-delivery.ts';
import { startPayment, verifyPayment } from '../checkout/workflow.ts';
import { coupons, orders } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;

beforeAll(() => {
  deps = paymentDeps(database.db, sandbox);
});

/** Units of the product in each shopper's orders. */
async function boughtBy(productId: number): Promise<Map<string, number>> {
  const units = new Map<string, number>();
  for (const order of await database.db.select().from(orders)) {
    for (const item of order.itemsJson) {
      if (item.productId === productId) units.set(order.userId, (units.get(order.userId) ?? 0) + item.quantity);
    }
  }
  return units;
}

/** One tab of a shopper: Continue to Payment for one unit of a size and pay at once, or place it cash on delivery. */
async function tab(userId: string, addressId: string, productId: number, size: string, cash: boolean) {
  const input = { addressId, buyNow: { productId, size, quantity: 1 } };
  if (cash) return placeCodOrder(deps, userId, input);
  const result = await startPayment(deps, userId, input);
  if (!result.ok || !('razorpayOrderId' in result)) return result;
  return verifyPayment(deps, userId, await sandbox.pay(result.razorpayOrderId));
}

describe("a late payment and the same shopper's next checkout, both with a coupon, at once", () => {
  it('end without a deadlock, within the limit', async () => {
    await database.db.insert(coupons).values({ code: 'DROPTEN', kind: 'percent', value: 10 });
    const product = await createProduct(database.db, { sizes: ['M', 'L'], pricePaise: 149_900 }, 50);
    await createDrop(database.db, [product.id], { goesLiveAt: new Date(Date.now() - 1000), limitTotal: 1 });
    const buy = (addressId: string, size: string) => ({
      addressId,
      couponCode: 'DROPTEN',
      buyNow: { productId: product.id, size, quantity: 1 },
    });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopperWithCart(database.db, [])));
    await Promise.all(
      shoppers.map(async ({ userId, addressId }) => {
        const first = await startPayment(deps, userId, buy(addressId, 'M'));
        if (!first.ok || !('razorpayOrderId' in first)) throw new Error('the first checkout did not start');
        // A second tab releases the first hold; its payment arrives as a third tab starts.
        await startPayment(deps, userId, buy(addressId, 'L'));
        const paid = await sandbox.pay(first.razorpayOrderId);
        await Promise.all([verifyPayment(deps, userId, paid), startPayment(deps, userId, buy(addressId, 'M'))]);
      }),
    );
    // Each late payment is judged against the shopper's newer hold: refunded, or bought within the limit.
    expect([...(await boughtBy(product.id)).values()].every((units) => units <= 1)).toBe(true);
  });
});

describe('a drop limited to one per shopper', () => {
  it("one shopper's eight tabs at once, online and cash on delivery, end with one unit bought", async () => {
    const product = await createProduct(database.db, { sizes: ['M', 'L'], pricePaise: 149_900 }, 20);
    await createDrop(database.db, [product.id], { goesLiveAt: new Date(Date.now() - 1000), limitTotal: 1 });
    const { userId, addressId } = await shopperWithCart(database.db, []);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        tab(userId, addressId, product.id, index % 2 ? 'M' : 'L', index % 4 === 0),
      ),
    );
    expect(results.filter((result) => result.ok).length).toBeGreaterThanOrEqual(1);
    expect([...(await boughtBy(product.id)).values()]).toEqual([1]);
    const left = (await unitsLeft(database.db, product.id, 'M')) + (await unitsLeft(database.db, product.id, 'L'));
    expect(left).toBe(39);
  });

  it('30 shoppers with three tabs each for 10 units: at most one each, and every unit sold once or still there', async () => {
    const product = await createProduct(database.db, { sizes: ['M'], pricePaise: 149_900 }, { M: 10 });
    await createDrop(database.db, [product.id], { goesLiveAt: new Date(Date.now() - 1000), limitPerSize: 1 });
    const crowd = await Promise.all(Array.from({ length: 30 }, () => shopperWithCart(database.db, [])));
    await Promise.all(
      crowd.flatMap(({ userId, addressId }) =>
        [false, false, true].map((cash) => tab(userId, addressId, product.id, 'M', cash)),
      ),
    );
    const bought = await boughtBy(product.id);
    expect(Math.max(...bought.values())).toBe(1);
    const sold = [...bought.values()].reduce((sum, units) => sum + units, 0);
    expect(sold).toBeGreaterThan(0);
    expect(sold + (await unitsLeft(database.db, product.id, 'M'))).toBe(10);
    const paidOnline = await database.db.select().from(orders).where(eq(orders.paymentMethod, 'online'));
    expect(paidOnline.every((order) => bought.has(order.userId))).toBe(true);
  });
});
