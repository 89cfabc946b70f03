import { expect, expectLikeAsksToLogIn, expectNoA11yViolations, expectOnlyDocument404, test } from './fixtures.ts';

test.describe('browsing', () => {
  test('home → a collection → a product', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Trap Themed' }).first().click();
    await expect(page).toHaveURL(/\/products\?collection=trap-themed$/);
    await expect(page.getByRole('heading', { name: 'Featured Collections' })).toBeVisible();
    await expect(page.getByText(/Trap Themed: \d+ products/)).toBeVisible();
    await expectNoA11yViolations(page);

    const firstCard = page.locator('main article').first();
    const name = (await firstCard.getByRole('heading').textContent())!;
    await firstCard.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(/^₹[\d,]+\.00$/).first()).toBeVisible();
    for (const card of ['Key Highlights', 'Product Details', 'Manufacture & Care', 'Return Policy', 'Delivery Info']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'You may also like' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('Load More appends 12 products and keeps the place', async ({ page }) => {
    await page.goto('/products');
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(12);
    const loadMore = page.getByRole('link', { name: 'Load More' });
    await loadMore.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await loadMore.click();
    await expect(cards).toHaveCount(24);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled - 5);
  });

  test('an unknown product shows Product not found', async ({ page, consoleErrors }) => {
    const response = await page.goto('/product/987654');
    expect(response?.status()).toBe(404);
    expectOnlyDocument404(consoleErrors);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('product actions', () => {
  test('a size must be chosen, liking needs login, images switch with thumbnails', async ({ page }) => {
    await page.goto('/product/1');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please select a size before adding to cart.' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByText('Please select a size before buying.')).toBeVisible();

    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio').first().click();
    await expect(page.getByText('Please select a size before buying.')).toBeHidden();

    await expectLikeAsksToLogIn(page);

    const second = page.getByRole('button', { name: /Show image 2 of/ });
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('main img[alt*="image 2 of"]')).toBeVisible();
  });
});

test.describe('navbar', () => {
  test('the sidebar menu opens, traps focus, closes with Escape and returns focus', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Open menu' });
    await trigger.click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    for (const label of ['Home', 'Profile', 'Wishlist', 'Cart', 'My Orders', 'Career', 'About Us', 'Help & Support']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Instagram' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the user icon leads to log in on phones and to sign up on wider screens', async ({ page }, testInfo) => {
    await page.goto('/');
    const expected = testInfo.project.name === 'mobile' ? 'Log in' : 'Sign up';
    const link = page.getByRole('banner').getByRole('link', { name: expected });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', expected === 'Log in' ? '/login' : '/signup');
  });
});

test.describe('collections carousel at 1000 px', () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test('advances every 3.5 s, pauses on hover, and moves with its buttons', async ({ page }) => {
    await page.goto('/');
    const dots = page.getByRole('button', { name: /^Show slide / });
    const current = page.locator('button[aria-current="true"][aria-label^="Show slide "]');
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 6000 });

    await page.getByRole('button', { name: 'Next collection' }).click();
    await expect(current).not.toHaveAttribute('aria-label', /^Show slide 2 /);
    const afterNext = await current.getAttribute('aria-label');

    // Hovering a slide holds the carousel still for longer than the autoplay delay.
    await page.getByRole('region', { name: 'Collections slideshow' }).hover();
    await page.waitForTimeout(4500);
    await expect(current).toHaveAttribute('aria-label', afterNext!);
  });
});

test.describe('collections carousel below the fold', () => {
  // The hero is at most 80% of the viewport's height: the carousel starts below 400 px.
  test.use({ viewport: { width: 1000, height: 300 } });

  test('loads its code when scrolled into view, then advances and moves with its buttons', async ({ page }) => {
    const carouselCode: string[] = [];
    page.on('request', (request) => {
      if (/embla-carousel/.test(request.url())) carouselCode.push(request.url());
    });
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor();
    await page.waitForTimeout(1000);
    expect(carouselCode).toEqual([]);

    await page.getByRole('region', { name: 'Collections slideshow' }).scrollIntoViewIfNeeded();
    const dots = page.getByRole('button', { name: /^Show slide / });
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 6000 });
    expect(carouselCode.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Next collection' }).click();
    await expect(dots.nth(1)).not.toHaveAttribute('aria-current', 'true');
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('/products and a product page show their content', async ({ page }) => {
    await page.goto('/products');
    await expect(page.locator('main article')).toHaveCount(12);
    await page.getByRole('link', { name: 'Load More' }).click();
    await expect(page.locator('main article')).toHaveCount(24);
    await page.goto('/product/2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Key Highlights' })).toBeVisible();
  });
});
