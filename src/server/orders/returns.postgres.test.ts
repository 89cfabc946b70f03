// Races of returns and exchanges, on the PostgreSQL server only (CI sets TEST_DATABASE_URL): the
// last unit of a size wanted by exchanges and checkouts at once, and one shopper sending the same
// request many times at once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { recordDeliveredParcel } from '../../../tests/support/delivered-orders.ts';
import { createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { useJobQueue } from '../../../tests/support/jobs.ts';
import { returnDeps } from '../../../tests/support/order-moves.ts';
import { paymentDeps, shoppersWithCart, useSandbox } from '../../../tests/support/payments.ts';
import { returnRequests, type Product } from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { startPayment } from '../checkout/workflow.ts';
import { requestReturn, RETURN_MESSAGES } from './returns.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const sandbox = useSandbox();
const returnServices = () => returnDeps(database.db, jobs);

/** A shopper with a delivered order of `quantity` M units of the product. */
async function deliveredOrder(product: Product, quantity = 1) {
  const customer = await createUser(database.db);
  const order = await createOrder(database.db, {
    userId: customer.id,
    status: 'delivered',
    itemsJson: [{ productId: product.id, name: product.name, size: 'M', quantity, pricePaise: product.pricePaise }],
  });
  await recordDeliveredParcel(database.db, order.id);
  return { shopper: { id: customer.id, email: customer.email }, order };
}

const exchangeToL = (product: Product) => ({
  item: `${product.id}:M`,
  kind: 'exchange',
  exchangeSize: 'L',
  quantity: '1',
  reason: 'wrong_size',
});

describe('at the same moment', () => {
  it('5 exchanges and 5 checkouts for the last 3 units of a size: exactly 3 are taken, none oversold', async () => {
    const product = await createProduct(database.db, { sizes: ['M', 'L'], pricePaise: 99_900 }, { M: 50, L: 3 });
    const owners = await Promise.all(Array.from({ length: 5 }, () => deliveredOrder(product)));
    const buyers = await shoppersWithCart(database.db, 5, [{ productId: product.id, size: 'L', quantity: 1 }]);
    const deps = paymentDeps(database.db, sandbox);
    const results = await Promise.all([
      ...owners.map(({ shopper, order }) => requestReturn(returnServices(), shopper, order.id, exchangeToL(product))),
      ...buyers.map(({ userId, addressId }) => startPayment(deps, userId, { addressId })),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ ok: false, kind: 'conflict', message: 'Size L is sold out.' });
    }
    expect(await unitsLeft(database.db, product.id, 'L')).toBe(0);
  });

  it('one shopper sending the same request 6 times at once gets it taken once', async () => {
    const product = await createProduct(database.db, { sizes: ['M', 'L'], pricePaise: 99_900 }, { M: 50, L: 50 });
    const { shopper, order } = await deliveredOrder(product, 1);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => requestReturn(returnServices(), shopper, order.id, exchangeToL(product))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ ok: false, message: RETURN_MESSAGES.allAsked });
    }
    expect(await database.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id))).toHaveLength(1);
    expect(await unitsLeft(database.db, product.id, 'L')).toBe(49);
  });
});
