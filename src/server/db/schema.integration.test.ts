// The database itself refuses bad rows (ADR 0004: the server owns the truth).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { addresses, cartItems, orders, productLikes, products } from './schema.ts';

const database = useTestDatabase();

async function rejects(promise: Promise<unknown>, constraint: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to refuse the row`).not.toBeNull();
  const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
  expect(text).toContain(constraint);
}

describe('products', () => {
  it('refuses a zero price, an unknown size, collection or category, and a blank name', async () => {
    const { db } = database;
    await rejects(createProduct(db, { pricePaise: 0 }), 'products_price_check');
    await rejects(createProduct(db, { sizes: ['M', 'XXXL'] }), 'products_sizes_check');
    await rejects(createProduct(db, { collection: 'summer' }), 'products_collection_check');
    await rejects(createProduct(db, { category: 'shoes' }), 'products_category_check');
    await rejects(createProduct(db, { name: '   ' }), 'products_name_check');
  });

  it('keeps the trigram extension and index for search', async () => {
    const result = await database.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'products_name_trgm_idx'`,
    );
    const rows = (result as unknown as { rows: { indexdef: string }[] }).rows;
    expect(rows[0]?.indexdef).toContain('gin_trgm_ops');
  });
});

describe('cart_items', () => {
  it('holds one line per user, product and size, with a quantity from 1 to 10', async () => {
    const { db } = database;
    const user = await createUser(db);
    const product = await createProduct(db);
    await db.insert(cartItems).values({ userId: user.id, productId: product.id, size: 'M', quantity: 2 });
    await rejects(
      db.insert(cartItems).values({ userId: user.id, productId: product.id, size: 'M' }),
      'cart_items_pkey',
    );
    await rejects(
      db.insert(cartItems).values({ userId: user.id, productId: product.id, size: 'L', quantity: 0 }),
      'cart_items_quantity_check',
    );
    await rejects(
      db.insert(cartItems).values({ userId: user.id, productId: product.id, size: 'L', quantity: 11 }),
      'cart_items_quantity_check',
    );
    await rejects(
      db.insert(cartItems).values({ userId: user.id, productId: product.id, size: 'XXXL' }),
      'cart_items_size_check',
    );
  });

  it('goes away with its product', async () => {
    const { db } = database;
    const user = await createUser(db);
    const product = await createProduct(db);
    await db.insert(cartItems).values({ userId: user.id, productId: product.id, size: 'S' });
    await db.delete(products).where(sql`${products.id} = ${product.id}`);
    const left = await db
      .select()
      .from(cartItems)
      .where(sql`${cartItems.productId} = ${product.id}`);
    expect(left).toEqual([]);
  });
});

describe('product_likes', () => {
  it('allows one like per user and product', async () => {
    const { db } = database;
    const user = await createUser(db);
    const product = await createProduct(db);
    await db.insert(productLikes).values({ userId: user.id, productId: product.id });
    await rejects(
      db.insert(productLikes).values({ userId: user.id, productId: product.id }),
      'product_likes_user_product_key',
    );
  });
});

describe('addresses', () => {
  it('refuses a phone that is not 10 digits and a pincode that is not 6', async () => {
    const { db } = database;
    const user = await createUser(db);
    await rejects(
      db.insert(addresses).values({ ...TEST_ADDRESS, userId: user.id, phone: '12345' }),
      'addresses_phone_check',
    );
    await rejects(
      db.insert(addresses).values({ ...TEST_ADDRESS, userId: user.id, pincode: '4110' }),
      'addresses_pincode_check',
    );
    const [saved] = await db
      .insert(addresses)
      .values({ ...TEST_ADDRESS, userId: user.id })
      .returning();
    expect(saved?.country).toBe('India');
  });
});

describe('orders', () => {
  const order = (userId: string, overrides: Partial<typeof orders.$inferInsert> = {}) => ({
    userId,
    email: 'shopper@example.test',
    addressJson: TEST_ADDRESS,
    itemsJson: [{ productId: 1, name: 'Tee', size: 'M', quantity: 1, pricePaise: 99_900 }],
    subtotalPaise: 99_900,
    discountPaise: 0,
    totalPaise: 99_900,
    paymentId: `pay_${Math.random().toString(36).slice(2)}`,
    ...overrides,
  });

  it('refuses an unknown status and a total that does not add up', async () => {
    const { db } = database;
    const user = await createUser(db);
    // The column's type knows the statuses too; the database must refuse one the type would not.
    await rejects(db.insert(orders).values(order(user.id, { status: 'lost' as never })), 'orders_status_check');
    await rejects(db.insert(orders).values(order(user.id, { totalPaise: 1 })), 'orders_amounts_check');
  });

  it('records a payment once and keeps the order when the address goes', async () => {
    const { db } = database;
    const user = await createUser(db);
    const [saved] = await db
      .insert(addresses)
      .values({ ...TEST_ADDRESS, userId: user.id })
      .returning();
    const [created] = await db
      .insert(orders)
      .values(order(user.id, { addressId: saved!.id, paymentId: 'pay_once' }))
      .returning();
    expect(created?.status).toBe('pending');
    await rejects(db.insert(orders).values(order(user.id, { paymentId: 'pay_once' })), 'orders_payment_id_unique');
    await db.delete(addresses).where(sql`${addresses.id} = ${saved!.id}`);
    const [kept] = await db
      .select()
      .from(orders)
      .where(sql`${orders.id} = ${created!.id}`);
    expect(kept?.addressId).toBeNull();
    expect(kept?.addressJson.city).toBe(TEST_ADDRESS.city);
  });
});
