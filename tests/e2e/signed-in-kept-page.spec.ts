// A signed-in shopper is given the product page kept for visitors; their own parts (the account
// menu, the badges, the hearts) come with one `.data` request after load, and move nothing
// (ADR 0058). The shopper's data is held back here until the visitor's page has been measured.
import type { Page } from '@playwright/test';

import { expect, signInAs, test, withDatabase } from './fixtures.ts';

interface StockedProduct {
  id: number;
  name: string;
}

/** A product of the seeded catalog with plenty left in size M, liked and two in the cart of `userId`. */
async function likedAndInCart(userId: string): Promise<StockedProduct> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<StockedProduct>(
      `select p.id, p.name from products p join product_stock s on s.product_id = p.id and s.size = 'M'
       where s.quantity >= 10 and p.drop_id is null order by p.id limit 1`,
    );
    const product = rows[0]!;
    await db.query('insert into product_likes (user_id, product_id) values ($1, $2)', [userId, product.id]);
    await db.query("insert into cart_items (user_id, product_id, size, quantity) values ($1, $2, 'M', 2)", [
      userId,
      product.id,
    ]);
    return product;
  });
}

/**
 * Holds the product page's `.data` requests until the returned function is called, and lists the
 * address of every `.data` request the page sends.
 */
async function holdPageData(page: Page, productId: number) {
  const asked: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.data'),
    async (route) => {
      const url = new URL(route.request().url());
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === `/product/${productId}.data`) await released;
      await route.continue();
    },
  );
  return { asked, release };
}

/** Where the header and the buy buttons stand on the page. */
async function layoutOf(page: Page, account: string | RegExp) {
  const banner = page.getByRole('banner');
  const boxes = await Promise.all(
    [
      banner,
      banner.getByRole('link', { name: /^Wishlist/ }),
      banner.getByRole('link', { name: /^Cart/ }),
      banner.getByRole(typeof account === 'string' ? 'button' : 'link', { name: account }),
      page.getByRole('button', { name: 'Add to Cart' }),
      page.getByRole('button', { name: 'Buy Now' }),
    ].map((part) => part.boundingBox()),
  );
  expect(boxes.every((box) => box !== null)).toBe(true);
  return boxes;
}

test(
  "a signed-in shopper's product page shows their menu, badges and heart, moving nothing",
  { tag: '@both' },
  async ({ page }) => {
    const user = await signInAs(page, { firstName: 'Ishaan', lastName: 'Verma' });
    const product = await likedAndInCart(user.id);
    const { asked, release } = await holdPageData(page, product.id);
    const heart = page.getByRole('main').getByRole('button', { name: new RegExp(`^Like ${product.name}, \\d+ like`) });

    const response = await page.goto(`/product/${product.id}`);
    // The page kept for visitors (its first answer to this browser also gives it the marker).
    expect(response!.headers()['x-cache']).toMatch(/^(HIT|MISS)$/);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart');
    const before = await layoutOf(page, /^(Log in|Sign up)$/);
    // Once shifts would count, as the browser counts them for Cumulative Layout Shift.
    await page.evaluate(() => {
      (window as unknown as { shifted: number }).shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) {
          (window as unknown as { shifted: number }).shifted += entry.value;
        }
      }).observe({ type: 'layout-shift' });
    });

    release();
    const account = `Account menu for ${user.firstName} ${user.lastName}`;
    await expect(page.getByRole('button', { name: account })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart, 2 items');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Wishlist/ })).toHaveAccessibleName(
      'Wishlist, 1 item',
    );
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    // One request brought every loader's data for the shopper; the delivery check asked nothing, as
    // this browser has checked no pincode.
    expect(asked).toEqual([`/product/${product.id}.data`]);

    expect(await layoutOf(page, account)).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
  },
);

test('Add to Cart, pressed before the shopper’s data arrives, adds to their cart', async ({ page }) => {
  const user = await signInAs(page);
  const product = await likedAndInCart(user.id);
  const { release } = await holdPageData(page, product.id);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // The cart's answer is in; the page waits for its data before telling (a fetcher reloads it).
  await expect(page).toHaveURL(`/product/${product.id}`);
  release();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart, 3 items');
});
