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
