// Cash on delivery's races, on the PostgreSQL server only (CI sets TEST_DATABASE_URL): one shopper
// placing several COD orders at once against the cap, and COD and prepaid shoppers at once for the
// last units of a size.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createOrder, createProduct } from '../../../tests/support/factories.ts';
import { paymentDeps, shopperWithCart, shoppersWithCart, useSandbox } from '../../../tests/support/payments.ts';
import { checkouts, orders } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { placeCodOrder } from './cash-on-delivery.ts';
import { startPayment, verifyPayment } from './workflow.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;

beforeAll(async () => {
  deps = paymentDeps(database.db, sandbox);
  // Every connection of the pool open before the races: a request waiting for a new connection
  // would start late and take its turn, however the code decides.
  await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
});

describe('at the same moment', () => {
  it('a shopper one order below the cap placing 6 COD orders at once gets exactly one', async () => {
    const product = await createProduct(database.db, { sizes: ['M'], pricePaise: 99_900 }, { M: 20 });
    const { userId, addressId } = await shopperWithCart(database.db, []);
    // One on its way already; the cap is 2.
    await createOrder(database.db, { userId, paymentMethod: 'cod', paymentId: null, status: 'pending' });
    const buyNow = { productId: product.id, size: 'M', quantity: 1 };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => placeCodOrder(deps, userId, { addressId, buyNow })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    for (const answer of answers.filter((answer) => !answer.ok)) {
      expect(answer).toEqual({
        ok: false,
        kind: 'invalid',
        message:
          'You already have 2 cash on delivery orders on their way. Please pay online, or wait until one is delivered.',
      });
    }
    const mine = await database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(mine.filter((order) => order.status === 'awaiting_confirmation')).toHaveLength(1);
    expect(await database.db.select().from(checkouts).where(eq(checkouts.userId, userId))).toHaveLength(1);
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(19);
  });

  it('20 COD and prepaid shoppers at once for a size with 6 left end with exactly 6 sold and no stock', async () => {
    const product = await createProduct(database.db, { sizes: ['M'], pricePaise: 99_900 }, { M: 6 });
    const crowd = await shoppersWithCart(database.db, 20, [{ productId: product.id, size: 'M', quantity: 1 }]);
    const attempts = await Promise.all(
      crowd.map(async ({ userId, addressId }, index) => {
        const cod = index % 2 === 0;
        const result = cod
          ? await placeCodOrder(deps, userId, { addressId })
          : await startPayment(deps, userId, { addressId });
        return { userId, result };
      }),
    );
    const succeeded = attempts.filter(({ result }) => result.ok);
    expect(succeeded).toHaveLength(6);
    for (const { result } of attempts.filter(({ result }) => !result.ok)) {
      expect(result).toMatchObject({ ok: false, kind: 'conflict', message: 'Size M is sold out.' });
    }
    // The prepaid ones that got their units pay.
    await Promise.all(
      succeeded.map(async ({ userId, result }) => {
        if (!result.ok || !('razorpayOrderId' in result)) return;
        expect((await verifyPayment(deps, userId, await sandbox.pay(result.razorpayOrderId))).ok).toBe(true);
      }),
    );
    const sold = (await database.db.select().from(orders)).filter((order) =>
      order.itemsJson.some((item) => item.productId === product.id),
    );
    expect(sold).toHaveLength(6);
    expect(sold.reduce((units, order) => units + order.itemsJson[0]!.quantity, 0)).toBe(6);
    expect(await unitsLeft(database.db, product.id, 'M')).toBe(0);
  });
});
