import type { Page } from '@playwright/test';

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

// The menu and the user icon are the phone's way round the store as well as the desktop's.
test.describe('navbar', { tag: '@both' }, () => {
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

// The row must fit a small phone: an overflowing row squeezed the menu button to 22 px (below a
// 24 px target) and moved it while the page was still being laid out.
for (const width of [360, 390]) {
  test.describe(`navbar at ${width} px`, { tag: '@mobile' }, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every control keeps its size, inside the screen, beside the whole logo', async ({ page }) => {
      await page.goto('/');
      const banner = page.getByRole('banner');
      // A button once hydrated (a link to the form before).
      const search = banner.getByRole('button', { name: 'Search' });
      await expect(search).toBeVisible();
      const logo = banner.getByRole('link', { name: 'Trap the Trend, home' });
      const controls = [
        banner.getByRole('button', { name: 'Open menu' }),
        search,
        banner.getByRole('link', { name: 'Wishlist' }),
        banner.getByRole('link', { name: 'Cart' }),
        banner.getByRole('link', { name: 'Log in' }),
      ];
      const boxes = [];
      for (const control of [...controls, logo]) {
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        boxes.push(box);
      }
      for (const box of boxes.slice(0, -1)) {
        expect(box.width).toBeGreaterThanOrEqual(40);
        expect(box.height).toBeGreaterThanOrEqual(40);
      }
      // The logo's text is not cut: its box is as wide as its text.
      expect(await logo.evaluate((a) => a.scrollWidth <= a.clientWidth + 1)).toBe(true);
      // Left to right, none on top of another.
      for (let i = 1; i < boxes.length - 1; i++) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + 40);
      expect(await layoutShifts(page)).toEqual([]);
    });
  });
}

// docs/product.md §9: under 1200 px the collections are a carousel advancing every 3.5 s. What a
// shopper sees is read from the list itself: how far it is scrolled, which slides lie wholly inside
// it, and which dot is the current one.
function carousel(page: Page) {
  const region = page.getByRole('region', { name: 'Collections slideshow' });
  const list = region.getByRole('list');
  return {
    region,
    list,
    dots: region.getByRole('button', { name: /^Show slide / }),
    current: region.locator('button[aria-current="true"]'),
    scrollLeft: () => list.evaluate((ul) => Math.round(ul.scrollLeft)),
    visibleSlides: () =>
      list.evaluate((ul) => {
        const box = ul.getBoundingClientRect();
        return [...ul.children]
          .filter((slide) => {
            const { left, right } = slide.getBoundingClientRect();
            return left >= box.left - 1 && right <= box.right + 1;
          })
          .map((slide) => slide.getAttribute('aria-label'));
      }),
  };
}

/**
 * The page's layout shifts so far (the entries Chromium records), each with what moved and from where
 * to where: none is `[]`, and a failure names the element, which a sum would not.
 */
function layoutShifts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const shifts: string[] = [];
        const box = (r: DOMRectReadOnly) =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        const name = (node: Node | null) =>
          node instanceof Element
            ? `<${node.localName} class="${node.getAttribute('class') ?? ''}">`
            : String(node?.nodeName);
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as Shift[]) {
            const moved = entry.sources.map((s) => `${name(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`);
            const input = entry.hadRecentInput ? ', after input' : '';
            shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms${input}: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(shifts), 200);
      }),
  );
}

/** Takes the pointer and the focus out of the carousel, which hold it still. */
async function leaveCarousel(page: Page) {
  await page.getByRole('heading', { name: 'Our Collections' }).click();
}

test.describe('collections carousel at 1000 px', () => {
  // Two slides fit side by side at 1000 px: two stops, the second showing slides 2 and 3.
  test.use({ viewport: { width: 1000, height: 800 } });

  test('advances after 3.5 s, holds still under the pointer, and loops back to the first', async ({ page }) => {
    await page.goto('/');
    const hydrated = Date.now();
    const { dots, current, scrollLeft, visibleSlides, list } = carousel(page);
    await expect(dots).toHaveCount(2);
    await expect(dots.first()).toHaveAttribute('aria-label', 'Show slide 1 of 2');
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    expect(await visibleSlides()).toEqual(['1 of 3', '2 of 3']);

    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 2', { timeout: 6000 });
    expect(Date.now() - hydrated).toBeGreaterThan(3000);
    await expect.poll(visibleSlides).toEqual(['2 of 3', '3 of 3']);
    const end = await scrollLeft();
    expect(end).toBeGreaterThan(300);

    // The pointer over a slide holds it for longer than the autoplay delay.
    await list.hover();
    await page.waitForTimeout(4500);
    expect(await scrollLeft()).toBe(end);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 2');

    await page.mouse.move(0, 0);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 1 of 2', { timeout: 5000 });
    await expect.poll(scrollLeft).toBe(0);
    expect(await visibleSlides()).toEqual(['1 of 3', '2 of 3']);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('its buttons wrap around, its dots move it and follow a swipe, and Pause stops it', async ({ page }) => {
    await page.goto('/');
    const { region, dots, current, scrollLeft, visibleSlides, list } = carousel(page);
    const previous = region.getByRole('button', { name: 'Previous collection' });
    const next = region.getByRole('button', { name: 'Next collection' });

    await previous.click();
    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 2');
    await expect.poll(visibleSlides).toEqual(['2 of 3', '3 of 3']);
    await next.click();
    await expect(current).toHaveAttribute('aria-label', 'Show slide 1 of 2');
    await expect.poll(scrollLeft).toBe(0);
    await next.click();
    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 2');
    await expect.poll(visibleSlides).toEqual(['2 of 3', '3 of 3']);

    await dots.first().click();
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'false');
    await expect.poll(scrollLeft).toBe(0);

    // A sideways scroll (a trackpad's or a finger's) snaps to the next stop, and the dot follows.
    await list.hover();
    await page.mouse.wheel(200, 0);
    await expect.poll(visibleSlides).toEqual(['2 of 3', '3 of 3']);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 2');

    await region.getByRole('button', { name: 'Pause slideshow' }).click();
    const play = region.getByRole('button', { name: 'Play slideshow' });
    await expect(play).toBeVisible();
    await leaveCarousel(page);
    const paused = await scrollLeft();
    await page.waitForTimeout(4500);
    expect(await scrollLeft()).toBe(paused);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 2');

    await play.click();
    await expect(region.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await leaveCarousel(page);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 1 of 2', { timeout: 5000 });
    await expect.poll(scrollLeft).toBe(0);
  });
});

test.describe('collections carousel at 390 px', { tag: '@mobile' }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('has a stop per slide, and never moves on its own for people who ask for less motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const { region, dots, current, scrollLeft, visibleSlides } = carousel(page);
    await region.scrollIntoViewIfNeeded();
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(2)).toHaveAttribute('aria-label', 'Show slide 3 of 3');
    await expect(region.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.waitForTimeout(4500);
    expect(await scrollLeft()).toBe(0);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 1 of 3');

    await region.getByRole('button', { name: 'Next collection' }).click();
    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 3');
    expect(await visibleSlides()).toEqual(['2 of 3']);
    await dots.nth(2).click();
    expect(await visibleSlides()).toEqual(['3 of 3']);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 3 of 3');
    expect(await layoutShifts(page)).toEqual([]);
    await expectNoA11yViolations(page);
  });

  test("leaves room inside the list for a focused slide's ring, which the list would clip", async ({ page }) => {
    await page.goto('/');
    const { list } = carousel(page);
    await leaveCarousel(page);
    await page.keyboard.press('Tab');
    const link = list.getByRole('link').first();
    await expect(link).toBeFocused();
    const room = await link.evaluate((a) => {
      const ring = a.getBoundingClientRect();
      const clip = a.closest('ul')!.getBoundingClientRect();
      return Math.min(ring.top - clip.top, ring.left - clip.left, clip.bottom - ring.bottom);
    });
    expect(room).toBeGreaterThanOrEqual(3);
  });
});

test.describe('collections carousel below the fold', () => {
  // The hero is at most 80% of the viewport's height: the carousel starts below 300 px.
  test.use({ viewport: { width: 1000, height: 300 } });

  test('does not move while off screen, and starts its 3.5 s once scrolled to', async ({ page }) => {
    await page.goto('/');
    const { region, current, scrollLeft } = carousel(page);
    await expect(region).not.toBeInViewport();
    await page.waitForTimeout(4500);
    expect(await scrollLeft()).toBe(0);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 1 of 2');

    await region.getByRole('list').scrollIntoViewIfNeeded();
    const scrolledTo = Date.now();
    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 2', { timeout: 6000 });
    expect(Date.now() - scrolledTo).toBeGreaterThan(3000);
    await expect.poll(scrollLeft).toBeGreaterThan(300);

    // Scrolled away again, it stops where it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(region).not.toBeInViewport();
    const left = await scrollLeft();
    await page.waitForTimeout(4500);
    expect(await scrollLeft()).toBe(left);
    await expect(current).toHaveAttribute('aria-label', 'Show slide 2 of 2');
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
