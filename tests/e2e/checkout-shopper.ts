// A shopper about to pay: a product to buy, their cart and address ready, and the amounts and
// payment window as checkout shows them.
import type { Page } from '@playwright/test';

import { signInAs, withDatabase, type TestUser } from './fixtures.ts';

/** A product priced `min` to `max` paise with at least `units` units of size M. */
export async function productPriced(min: number, max: number, units: number) {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number; name: string; price_paise: number }>(
      `select p.id, p.name, p.price_paise from products p join product_stock s on s.product_id = p.id and s.size = 'M'
       where p.price_paise between $1 and $2 and s.quantity >= $3 order by p.id limit 1`,
      [min, max, units],
    );
    return rows[0]!;
  });
}

/** A signed-in shopper with `quantity` of the product in size M in their cart and a saved address. */
export async function shopperWithCart(page: Page, productId: number, quantity = 1): Promise<TestUser> {
  const user = await signInAs(page);
  await withDatabase(async (db) => {
    await db.query("insert into cart_items (user_id, product_id, size, quantity) values ($1, $2, 'M', $3)", [
      user.id,
      productId,
      quantity,
    ]);
    await db.query(
      `insert into addresses (user_id, name, phone, house, street, city, pincode, state)
       values ($1, 'Riya Kapoor', '9876543210', 'Flat 4B', 'MG Road', 'Bengaluru', '560001', 'Karnataka')`,
      [user.id],
    );
  });
  return user;
}

export const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

export const paymentWindow = (page: Page) => page.getByRole('dialog', { name: 'Razorpay test payment' });
