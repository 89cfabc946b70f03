// The navbar's live search (docs/product.md §2 "Navbar", §9: 300 ms debounce, at most 10
// suggestions, a toggled bar up to 768 px). The seeded catalogue has 12 jackets and 8 hoodies.
import type { Page } from '@playwright/test';

import { expect, expectNoA11yViolations, test } from './fixtures.ts';

// The field asks through a React Router fetcher: GET /api/search.data?q=….
const isSearchRequest = (url: string) => new URL(url).pathname === '/api/search.data';

/** The search field; it becomes a combobox once React has hydrated the page. */
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });

test.describe('live search on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('asks 300 ms after the last keystroke and shows at most 10 accessible suggestions', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await expect(box).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeHidden();

    // Browser-side clock: when the last keystroke landed and when the request started.
    await page.evaluate(() => {
      document.addEventListener('input', () => ((window as { lastInputAt?: number }).lastInputAt = performance.now()), {
        capture: true,
      });
    });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (isSearchRequest(request.url())) requests.push(request.url());
    });

    await box.pressSequentially('jack', { delay: 60 });
    expect(await suggestions(page).isVisible()).toBe(false);
    expect(requests).toEqual([]);

    // Nor much later: the list is up within 1500 ms of the last keystroke (timed on the browser's clock).
    const sinceLastInputMs = await page.evaluate(
      () => performance.now() - (window as { lastInputAt?: number }).lastInputAt!,
    );
    await expect(suggestions(page)).toBeVisible({ timeout: Math.max(1, 1500 - sinceLastInputMs) });
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).searchParams.get('q')).toBe('jack');
    const waitedMs = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/search'));
      return entry!.startTime - (window as { lastInputAt?: number }).lastInputAt!;
    });
    expect(waitedMs).toBeGreaterThanOrEqual(290);

    const options = suggestions(page).getByRole('option');
    await expect(options).toHaveCount(10);
    await expect(options.first()).toContainText('Jacket');
    await expect(options.first()).toContainText(/₹[\d,]+\.00/);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectNoA11yViolations(page);
  });

  test('ArrowDown and Enter open the chosen product', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('jack');
    await expect(suggestions(page)).toBeVisible();
    const firstName = await suggestions(page).getByRole('option').first().locator('span > span').first().textContent();

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    const first = suggestions(page).getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName!);
    await expect(suggestions(page)).toBeHidden();
  });

  test('a click on a suggestion opens that product', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('hodie');
    const option = suggestions(page).getByRole('option').filter({ hasText: 'Astro Kid Hoodie' });
    await option.click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
  });

  test('Enter without a chosen suggestion lists the search results', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('  bomber & co ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=bomber\+%26\+co$/);
  });

  test('Escape and a click elsewhere close the list; blank text asks nothing', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('hood');
    await expect(suggestions(page)).toBeVisible();
    await box.press('Escape');
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('hood');

    await box.press('ArrowDown');
    await expect(suggestions(page)).toBeVisible();
    await page.getByRole('heading', { name: 'Our Collections' }).click();
    await expect(suggestions(page)).toBeHidden();

    let asked = false;
    page.on('request', (request) => {
      if (isSearchRequest(request.url())) asked = true;
    });
    await box.fill('   ');
    await page.waitForTimeout(600);
    expect(asked).toBe(false);
    await expect(suggestions(page)).toBeHidden();
  });

  test('a late answer to an older search never replaces the newer one', async ({ page }) => {
    const isOlderSearch = (url: URL) => isSearchRequest(url.href) && url.searchParams.get('q') === 'jac';
    await page.route(isOlderSearch, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const stale = {
        id: 1,
        name: 'Stale Suggestion',
        image: null,
        price: '₹1.00',
        pricePaise: 100,
        availability: 'In Stock',
      };
      // The newer keystroke normally aborts this request first; then there is nothing to answer.
      await route.fulfill({ json: { query: 'jac', results: [stale] } }).catch(() => undefined);
    });
    await page.goto('/');
    const box = searchBox(page);
    const staleAsked = page.waitForRequest((request) => isOlderSearch(new URL(request.url())));
    await box.fill('jac');
    await staleAsked;
    await box.fill('jacket');
    await expect(suggestions(page).getByRole('option').first()).toContainText('Jacket');
    await page.waitForTimeout(1700);
    await expect(suggestions(page).getByText('Stale Suggestion')).toHaveCount(0);
    await expect(suggestions(page).getByRole('option').first()).toContainText('Jacket');
  });
});

test.describe('live search on a phone', { tag: '@mobile' }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search button toggles a bar under the header; Escape closes the list, then the bar', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Search', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const box = searchBox(page);
    await expect(box).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    const header = (await page.getByRole('banner').boundingBox())!;
    const bar = (await box.boundingBox())!;
    expect(bar.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(bar.width).toBeGreaterThan(300);

    await box.fill('hood');
    const options = suggestions(page).getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(10);
    await expectNoA11yViolations(page);

    await box.press('Escape');
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toBeVisible();
    await box.press('Escape');
    await expect(box).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(box).toBeVisible();
    await toggle.click();
    await expect(box).toBeHidden();
  });

  test('Enter in the bar lists the search results', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const box = searchBox(page);
    await box.fill('hoodie');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=hoodie$/);
    await expect(box).toBeHidden();
  });
});
