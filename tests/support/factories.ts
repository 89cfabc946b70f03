// Each test makes the rows it needs; defaults are valid, overrides say what the test is about.
import { randomUUID } from 'node:crypto';

import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';

import { TEST_ADDRESS } from './addresses.ts';
import type { Actor } from '../../src/server/shared/audit.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  accounts,
  productStock,
  products,
  users,
  type Coupon,
  type NewProduct,
  type Product,
  type User,
} from '../../src/server/db/schema.ts';

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

/**
 * A user, a shopper unless `overrides` say. An admin has two-factor sign-in on, as the admin screens
 * require (ADR 0020); a test of that gate says `twoFactorEnabled: false`.
 */
export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const id = randomUUID();
  const twoFactorEnabled = overrides.role === 'admin';
  const [user] = await db
    .insert(users)
    .values({ id, name: 'Test Shopper', email: `shopper-${id}@example.test`, twoFactorEnabled, ...overrides })
    .returning();
  return user!;
}

/** A user who signs in with `password` (hashed as better-auth hashes it). */
export async function createPasswordUser(
  db: Database,
  password: string,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  const user = await createUser(db, overrides);
  await db.insert(accounts).values({
    id: randomUUID(),
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await hashPassword(password),
  });
  return user;
}

/** An admin, as the admin services name who acted. */
export async function createAdminActor(db: Database, email: string): Promise<Actor> {
  const admin = await createUser(db, { role: 'admin', email });
  return { id: admin.id, email: admin.email };
}

// Orders (admin orders tests): a paid order of one tee, of a new shopper unless the test names one.
import { orders, type Order } from '../../src/server/db/schema.ts';
import { newCodConfirmToken } from '../../src/server/orders/cod-token.ts';

export async function createOrder(db: Database, overrides: Partial<typeof orders.$inferInsert> = {}): Promise<Order> {
  sequence += 1;
  const itemsJson = overrides.itemsJson ?? [
    { productId: 1, name: `Test Tee ${sequence}`, size: 'M', quantity: 2, pricePaise: 99_900 },
  ];
  const subtotalPaise =
    overrides.subtotalPaise ?? itemsJson.reduce((sum, item) => sum + item.pricePaise * item.quantity, 0);
  const discountPaise = overrides.discountPaise ?? 0;
  const userId = overrides.userId ?? (await createUser(db)).id;
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      // Placed with the account's email as it is now, as checkout places an order.
      email: sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`,
      addressJson: TEST_ADDRESS,
      itemsJson,
      subtotalPaise,
      discountPaise,
      totalPaise: subtotalPaise - discountPaise + (overrides.codFeePaise ?? 0),
      paymentId: `pay_test${sequence}${randomUUID().slice(0, 8)}`,
      ...overrides,
    })
    .returning();
  return order!;
}

/**
 * A cash on delivery order awaiting its shopper's confirmation, as checkout places one (ADR 0047),
 * and the token its emailed confirmation link carries.
 */
export async function createCodOrder(
  db: Database,
  overrides: Partial<typeof orders.$inferInsert> = {},
): Promise<{ order: Order; token: string }> {
  const { token, hash } = newCodConfirmToken();
  const order = await createOrder(db, {
    paymentMethod: 'cod',
    paymentId: null,
    status: 'awaiting_confirmation',
    codConfirmTokenHash: hash,
    ...overrides,
  });
  return { order, token };
}

/** A coupon's terms when the admin leaves them empty: no minimum, cap, dates or limits. */
export const NO_COUPON_TERMS = {
  minOrderPaise: 0,
  maxDiscountPaise: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perUserLimit: null,
  prepaidOnly: false,
} satisfies Partial<Coupon>;

/** A coupon row as the database would give it, for the rules that judge one; ₹200 off unless the test says. */
export function couponOf(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: 'TEST',
    kind: 'flat',
    value: 20_000,
    ...NO_COUPON_TERMS,
    timesUsed: 0,
    active: true,
    createdAt: new Date(),
    ...overrides,
  };
}
