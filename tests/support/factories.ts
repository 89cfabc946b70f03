// Each test makes the rows it needs; defaults are valid, overrides say what the test is about.
import { randomUUID } from 'node:crypto';

import type { Database } from '../../src/server/db/client.ts';
import { products, users, type NewProduct, type Product, type User } from '../../src/server/db/schema.ts';

let sequence = 0;

export async function createProduct(db: Database, overrides: Partial<NewProduct> = {}): Promise<Product> {
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
