import { expect, expectNoA11yViolations, expectOnlyDocument404, test } from './fixtures.ts';

// The phone's own layout of the first page, and its accessibility scan.
test.describe('home page', { tag: '@both' }, () => {
  test('shows the hero, collections, categories and footer, and passes the accessibility scan', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Trap the Trend/);
    await expect(page.getByRole('link', { name: 'SHOP NOW' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('heading', { name: 'Our Collections' })).toBeVisible();
    for (const [name, slug] of [
      ['Bring Your Childhood', 'bring-your-childhood'],
      ['Trap Themed', 'trap-themed'],
      ['Navratri Drop', 'other-designs'],
    ]) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', `/products?collection=${slug}`);
    }
    await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
    for (const slug of ['jackets', 'sweatshirts', 'oversized', 'regular-fit', 'polos']) {
      await expect(page.locator(`a[href="/products?category=${slug}"]`)).toBeVisible();
    }
    // Seeded on first boot: every category has products.
    await expect(page.locator('a[href="/products?category=jackets"]')).toContainText(/\d+ styles/);

    const footer = page.getByRole('contentinfo');
    for (const label of ['Shop', 'About Us', 'Shipping Policy', 'FAQ', 'Track Order']) {
      await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'hello@trapthetrend.in' })).toHaveAttribute(
      'href',
      'mailto:hello@trapthetrend.in',
    );
    await expect(footer.getByRole('link', { name: '+91 98765 43210' })).toBeVisible();
    await expect(footer.getByRole('img', { name: 'UPI' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Instagram' })).toBeVisible();

    await expectNoA11yViolations(page);
  });

  test('the hero image loads and the skip link reaches the content', async ({ page }) => {
    await page.goto('/');
    const poster = page.locator('img[fetchpriority="high"]');
    await expect(poster).toBeVisible();
    expect(await poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await skip.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('every product tile image on the page exists', async ({ page }) => {
    await page.goto('/');
    const sources = await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
    for (const src of sources) {
      const response = await page.request.get(src);
      expect(response.status(), src).toBe(200);
    }
  });
});

test.describe('unknown pages', () => {
  test('answer 404 with a friendly page that passes the accessibility scan', async ({ page, consoleErrors }) => {
    const response = await page.goto('/definitely-not-here');
    expect(response?.status()).toBe(404);
    expectOnlyDocument404(consoleErrors);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | Trap the Trend');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page.getByRole('heading', { name: 'Our Collections' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('navigating scrolls the new page to the top', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
