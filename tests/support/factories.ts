// Each test makes the rows it needs; defaults are valid, overrides say what the test is about.
import { randomUUID } from 'node:crypto';

import type { Database } from '../../src/server/db/client.ts';
import { productStock, products, users, type NewProduct, type Product, type User } from '../../src/server/db/schema.ts';

let sequence = 0;

/** A product with `stock` units of each of its sizes (50 unless the test says). */
export async function createProduct(
  db: Database,
  overrides: Partial<NewProduct> = {},
  stock: number | Record<string, number> = 50,
): Promise<Product> {
  sequence += 1;
  const [product] = await db
    .insert(products)
    .values({
      name: `Test Tee ${sequence}`,
      pricePaise: 99_900,
      sizes: ['S', 'M', 'L'],
      images: [`/images/products/test-${sequence}-1`],
      collection: 'trap-themed',
      category: 'oversized',
      description: 'A test tee.',
      deliveryInfo: {
        standardDelivery: '3-5 business days',
        expressDelivery: '1-2 business days',
        pincodeDelivery: true,
      },
      ...overrides,
    })
    .returning();
  await db.insert(productStock).values(
    product!.sizes.map((size) => ({
      productId: product!.id,
      size,
      quantity: typeof stock === 'number' ? stock : (stock[size] ?? 0),
    })),
  );
  return product!;
}

export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const id = randomUUID();
  const [user] = await db
    .insert(users)
    .values({ id, name: 'Test Shopper', email: `shopper-${id}@example.test`, ...overrides })
    .returning();
  return user!;
}

// Orders (admin orders tests): a paid order of one tee, of a new shopper unless the test names one.
import { orders, type Order } from '../../src/server/db/schema.ts';

export async function createOrder(db: Database, overrides: Partial<typeof orders.$inferInsert> = {}): Promise<Order> {
  sequence += 1;
  const itemsJson = overrides.itemsJson ?? [
    { productId: 1, name: `Test Tee ${sequence}`, size: 'M', quantity: 2, pricePaise: 99_900 },
  ];
  const subtotalPaise =
    overrides.subtotalPaise ?? itemsJson.reduce((sum, item) => sum + item.pricePaise * item.quantity, 0);
  const discountPaise = overrides.discountPaise ?? 0;
  const [order] = await db
    .insert(orders)
    .values({
      userId: overrides.userId ?? (await createUser(db)).id,
      addressJson: {
        name: 'Riya Kapoor',
        phone: '9876543210',
        house: 'Flat 4B',
        street: 'MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
        country: 'India',
      },
      itemsJson,
      subtotalPaise,
      discountPaise,
      totalPaise: subtotalPaise - discountPaise,
      paymentId: `pay_test${sequence}${randomUUID().slice(0, 8)}`,
      ...overrides,
    })
    .returning();
  return order!;
}
