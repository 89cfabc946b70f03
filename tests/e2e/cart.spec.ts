// Cart, likes, favorites and the pending intent, signed in and out.
import type { Page } from '@playwright/test';

import {
  createPasswordUser,
  expect,
  expectLikeAsksToLogIn,
  expectNoA11yViolations,
  expectOnlyFailedRequests,
  signInAs,
  test,
  withDatabase,
} from './fixtures.ts';
import { submitLogIn } from './password-sign-in.ts';

const PASSWORD = 'Street@2026';
const INTENT_KEY = 'ttt.pendingIntent.v1';

interface SeededProduct {
  id: number;
  name: string;
  sizes: string[];
}

/** Products of the seeded catalog with plenty left in sizes M and L. */
async function products(count: number): Promise<SeededProduct[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<SeededProduct>(
      `select p.id, p.name, p.sizes from products p
       where p.sizes @> array['M','L']
         and (select count(*) from product_stock s
              where s.product_id = p.id and s.size in ('M', 'L') and s.quantity >= 10) = 2
       order by p.id limit $1`,
      [count],
    );
    return rows;
  });
}

const cartIcon = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const wishlistIcon = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Wishlist/ });

async function chooseSize(page: Page, size: string) {
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: size, exact: true }).click();
}

/** A signed-out shopper with an account chooses `size` on a product page and presses `button`. */
async function pressSignedOut(page: Page, button: 'Add to Cart' | 'Buy Now', size: string) {
  const [product] = await products(1);
  const user = await createPasswordUser(PASSWORD);
  await page.goto(`/product/${product!.id}`);
  await chooseSize(page, size);
  await page.getByRole('button', { name: button }).click();
  return { product: product!, user };
}

/** A new shopper, signed in, on the page of a product with plenty left. */
async function onProductPageSignedIn(page: Page): Promise<SeededProduct> {
  const [product] = await products(1);
  await signInAs(page);
  await page.goto(`/product/${product!.id}`);
  return product!;
}

async function logIn(page: Page, email: string) {
  await expect(page).toHaveURL('/login');
  await submitLogIn(page, email, PASSWORD);
  await expect(page.getByText('Login successful!')).toBeVisible();
}

test.describe('the pending intent', () => {
  test('signed out, Add to Cart goes to log in, and signing in lands on /cart with the line', async ({ page }) => {
    const { product, user } = await pressSignedOut(page, 'Add to Cart', 'L');
    await expect(page).toHaveURL('/login');
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), INTENT_KEY)) ?? 'null');
    expect(stored).toMatchObject({ action: 'addToCart', payload: { product_id: product.id, quantity: 1, size: 'L' } });
    expect(stored.payload.product.name).toBe(product.name);

    await logIn(page, user.email);
    const landed = Date.now();
    await expect(page).toHaveURL('/cart', { timeout: 5000 });
    expect(Date.now() - landed).toBeGreaterThanOrEqual(400);
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(page.getByLabel(`Select ${product.name} (L) for checkout`)).toBeChecked();
    await expect(cartIcon(page)).toHaveAccessibleName('Cart, 1 item');
    expect(await page.evaluate((key) => localStorage.getItem(key), INTENT_KEY)).toBeNull();
  });

  test('signed out, Buy Now goes to log in, and signing in lands on /checkout with the item', async ({ page }) => {
    const { product, user } = await pressSignedOut(page, 'Buy Now', 'M');
    await logIn(page, user.email);
    await expect(page).toHaveURL(`/checkout?buy=${product.id}&size=M&qty=1`, { timeout: 5000 });
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByText(product.name)).toBeVisible();
    await expect(summary.getByText(/Size M · Qty 1/)).toBeVisible();
    await expect(page.getByText('free delivery')).toBeVisible();
    // Buy Now skips the cart (ADR 0011): paying for the item must leave no line behind.
    await expect(cartIcon(page)).toHaveAccessibleName('Cart');
    await expectNoA11yViolations(page);
  });

  test('an intent older than 30 minutes is ignored: signing in goes home', async ({ page }) => {
    const [product] = await products(1);
    const user = await createPasswordUser(PASSWORD);
    await page.goto('/login');
    await page.evaluate(({ key, intent }) => localStorage.setItem(key, JSON.stringify(intent)), {
      key: INTENT_KEY,
      intent: {
        action: 'addToCart',
        payload: { product_id: product!.id, quantity: 1, size: 'M', product: { id: product!.id, name: product!.name } },
        createdAt: Date.now() - 31 * 60_000,
      },
    });
    await logIn(page, user.email);
    await expect(page).toHaveURL('/', { timeout: 5000 });
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
  });

  test('a signed-out visit to /checkout goes to log in, then back to /checkout', async ({ page }) => {
    const user = await createPasswordUser(PASSWORD);
    await page.goto('/checkout');
    await logIn(page, user.email);
    await expect(page).toHaveURL('/checkout', { timeout: 5000 });
    await expect(page.getByText('No items are selected for checkout.')).toBeVisible();
  });
});

test.describe('likes and favorites', () => {
  test('like and unlike with the count, the toasts and the wishlist badge; favorites lists them', async ({ page }) => {
    const product = await onProductPageSignedIn(page);
    const like = page.getByRole('main').getByRole('button', { name: new RegExp(`^Like ${product.name}, \\d+ like`) });
    const before = Number(/(\d+) like/.exec((await like.getAttribute('aria-label')) ?? '')![1]);
    await like.click();
    await expect(page.getByText('Added to favorites!')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText(String(before + 1));
    await expect(wishlistIcon(page)).toHaveAccessibleName('Wishlist, 1 item');

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`/product/${product.id}`);
    await like.click();
    await expect(page.getByText('Removed from favorites')).toBeVisible();
    await expect(like).toContainText(String(before));
    await expect(wishlistIcon(page)).toHaveAccessibleName('Wishlist');
    await page.goto('/favorites');
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('signed out, liking asks to log in, and /favorites and /cart ask to sign in', async ({ page }) => {
    await page.goto('/products');
    await expectLikeAsksToLogIn(page);
    await page.goto('/favorites');
    await expect(page.getByText('Please log in to see your wishlist.')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto('/cart');
    await expect(page.getByText('Please log in to view your cart.')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('the cart', () => {
  test('quantity, size change with merge, select and remove, with the badge following', async ({ page }) => {
    const [first, second] = await products(2);
    await signInAs(page);
    for (const [product, size] of [
      [first!, 'M'],
      [first!, 'L'],
      [second!, 'M'],
    ] as const) {
      await page.goto(`/product/${product.id}`);
      await chooseSize(page, size);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText('Added to cart!').last()).toBeVisible();
    }
    await expect(cartIcon(page)).toHaveAccessibleName('Cart, 3 items');

    await page.goto('/cart');
    await expectNoA11yViolations(page);
    const lineM = page.getByRole('listitem').filter({ has: page.getByLabel(`Select ${first!.name} (M) for checkout`) });
    await lineM.getByLabel('Quantity').selectOption('3');
    await expect(cartIcon(page)).toHaveAccessibleName('Cart, 5 items');

    // M (3) moves to L (1): one line of 4.
    await lineM.getByLabel('Size').selectOption('L');
    await expect(page.getByLabel(`Select ${first!.name} (M) for checkout`)).toHaveCount(0);
    const lineL = page.getByRole('listitem').filter({ has: page.getByLabel(`Select ${first!.name} (L) for checkout`) });
    await expect(lineL.getByLabel('Quantity')).toHaveValue('4');
    await expect(cartIcon(page)).toHaveAccessibleName('Cart, 5 items');

    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByText('Items selected')).toBeVisible();
    const selectedCount = summary.getByRole('definition').first();
    const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
    const selectFirst = page.getByLabel(`Select ${first!.name} (L) for checkout`);
    const selectSecond = page.getByLabel(`Select ${second!.name} (M) for checkout`);
    // Each click, then the server's answer (the summary's count), before the next one.
    await selectFirst.click();
    await expect(selectFirst).not.toBeChecked();
    await expect(selectedCount).toHaveText('1');
    await selectSecond.click();
    await expect(selectSecond).not.toBeChecked();
    await expect(selectedCount).toHaveText('0');
    await expect(proceed).toBeDisabled();
    await selectSecond.click();
    await expect(selectSecond).toBeChecked();
    await expect(selectedCount).toHaveText('1');
    await expect(proceed).toBeEnabled();

    await page.getByRole('button', { name: `Remove ${second!.name} (M)` }).click();
    await expect(page.getByLabel(`Select ${second!.name} (M) for checkout`)).toHaveCount(0);
    await expect(cartIcon(page)).toHaveAccessibleName('Cart, 4 items');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();

    await page.getByRole('button', { name: `Remove ${first!.name} (L)` }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(cartIcon(page)).toHaveAccessibleName('Cart');
    await expectNoA11yViolations(page);
  });

  test('without a connection, Add to Cart and a like say so in a toast and the page stays', async ({
    page,
    consoleErrors,
  }) => {
    const product = await onProductPageSignedIn(page);
    await page.route('**/api/{cart,likes}*', (route) => route.abort('internetdisconnected'));
    await chooseSize(page, 'M');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(
      page.getByText('Error adding to cart: Network error. Please check your connection and try again.'),
    ).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^Like ${product.name}`) }).click();
    await expect(
      page.getByText('Error updating like: Network error. Please check your connection and try again.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(cartIcon(page)).toHaveAccessibleName('Cart');
    // Chromium logs the two requests that never got an answer.
    expect(consoleErrors.splice(0)).toEqual([
      'Failed to load resource: net::ERR_INTERNET_DISCONNECTED',
      'Failed to load resource: net::ERR_INTERNET_DISCONNECTED',
    ]);
  });

  test("when the server fails, Add to Cart and a like say 'Unexpected error: …' and the page stays", async ({
    page,
    consoleErrors,
  }) => {
    const product = await onProductPageSignedIn(page);
    // What a shopper gets when the store crashes or the proxy in front of it cannot reach it.
    await page.route('**/api/{cart,likes}*', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    await chooseSize(page, 'M');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const unexpected = page.getByText('Unexpected error: Something went wrong on our side. Please try again.');
    await expect(unexpected).toBeVisible();
    await expect(unexpected).toBeHidden({ timeout: 5000 });
    await page.getByRole('button', { name: new RegExp(`^Like ${product.name}`) }).click();
    await expect(unexpected).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText('Something went wrong', { exact: true })).toHaveCount(0);
    await expect(cartIcon(page)).toHaveAccessibleName('Cart');
    expectOnlyFailedRequests(consoleErrors, [502, 502]);
  });

  test('signed in, Buy Now opens /checkout with the item, priced by the server', async ({ page }) => {
    const product = await onProductPageSignedIn(page);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByText('Please select a size before buying.')).toBeVisible();
    await chooseSize(page, 'L');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(`/checkout?buy=${product.id}&size=L&qty=1`);
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByText(/Size L · Qty 1/)).toBeVisible();
  });
});
