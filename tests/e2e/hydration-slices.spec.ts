// The parts below the fold (the home page's categories, the product page's reviews and related
// products, the footer) hydrate on their own: when they come near the screen, when the
// shopper reaches into them, or when the browser is idle. Before that they are the server's HTML,
// and they must work as it; after, as the scripted page.
import type { Locator, Page } from '@playwright/test';

import { checkDelivery, seededTee } from './delivery-check.ts';
import { expect, test } from './fixtures.ts';

/** Whether React has hydrated the element (it keeps its fiber on the node once it has). */
function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
}

/**
 * The browser never idle, and (with `farAway`) nothing ever near the screen: a part then waits
 * until the shopper reaches into it.
 */
async function holdSlices(page: Page, { farAway = false } = {}) {
  await page.addInitScript((never) => {
    window.requestIdleCallback = () => 0;
    if (never) {
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    }
  }, farAway);
}

const footerLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true });
const relatedProducts = (page: Page) => page.getByRole('region', { name: 'You may also like' });

test(
  'the footer and the product page’s lower parts hydrate when they come near',
  { tag: '@mobile' },
  async ({ page }) => {
    await holdSlices(page);
    await page.goto('/product/1');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await isHydrated(page.getByRole('button', { name: 'Open menu' }))).toBe(true);
    expect(await isHydrated(footerLink(page, 'About Us'))).toBe(false);
    expect(await isHydrated(relatedProducts(page).getByRole('link').first())).toBe(false);

    await relatedProducts(page).scrollIntoViewIfNeeded();
    await expect.poll(() => isHydrated(relatedProducts(page).getByRole('link').first())).toBe(true);
    await footerLink(page, 'About Us').scrollIntoViewIfNeeded();
    await expect.poll(() => isHydrated(footerLink(page, 'About Us'))).toBe(true);
  },
);

test('parts below the fold hydrate once the browser is idle, without scrolling', async ({ page }) => {
  await page.goto('/product/1');
  await expect.poll(() => isHydrated(footerLink(page, 'About Us'))).toBe(true);
  expect(await isHydrated(page.getByRole('heading', { name: 'You may also like' }))).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("a fetcher's answer does not wait for the parts still to hydrate", async ({ page }) => {
  // React renders no change of the router's state around a part that is still the server's HTML:
  // the first change hydrates every part at once, near or not.
  await holdSlices(page, { farAway: true });
  const tee = await seededTee();
  await page.goto(`/product/${tee.id}`);
  expect(await isHydrated(footerLink(page, 'About Us'))).toBe(false);
  await checkDelivery(page, '560001');
  await expect(page.getByText('Delivering to Bangalore, Karnataka')).toBeVisible();
  await expect(page).toHaveURL(`/product/${tee.id}`);
  expect(await isHydrated(footerLink(page, 'About Us'))).toBe(true);
  expect(await isHydrated(relatedProducts(page).getByRole('link').first())).toBe(true);
});

test('a related product and a footer link work before they hydrate', { tag: '@mobile' }, async ({ page }) => {
  await holdSlices(page, { farAway: true });
  await page.goto('/product/1');
  const related = relatedProducts(page).getByRole('link').first();
  const name = (await related.getByRole('heading').textContent())!;
  expect(await isHydrated(related)).toBe(false);
  await related.click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();

  await page.goto('/');
  expect(await isHydrated(footerLink(page, 'About Us'))).toBe(false);
  await footerLink(page, 'About Us').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('after a client-side navigation the lower parts render at once', async ({ page }) => {
  await page.goto('/products');
  await page
    .getByRole('main')
    .getByRole('link')
    .filter({ has: page.getByRole('heading') })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'You may also like' })).toBeVisible();
  expect(await isHydrated(page.getByRole('heading', { name: 'You may also like' }))).toBe(true);
});
