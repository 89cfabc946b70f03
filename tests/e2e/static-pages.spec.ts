import type { Page } from '@playwright/test';

import { expect, expectNoA11yViolations, test } from './fixtures.ts';

// Demo store settings (src/server/config.ts defaults).
const FOUNDERS = ['Aarav Mehta', 'Kabir Sethi'];
const WHATSAPP = 'https://wa.me/919876543210';
const INSTAGRAM = 'https://www.instagram.com/trapthetrend';

const FAQ_QUESTIONS = [
  'What is Trap the Trend?',
  'Do you take bulk orders for colleges, events and companies?',
  'Can I customise a bulk order?',
  'What sizes do you offer?',
  'How long does delivery take?',
  'Do you ship across India?',
  'Can I return or exchange a product?',
  'How do I track my order?',
  'How can I contact you?',
  'Are your products unisex?',
];

const PLACEHOLDERS = [
  ['/best-seller', 'Best Seller'],
  ['/just-landed', 'Just Landed'],
  ['/categories', 'Categories'],
  ['/collections', 'Collections'],
  ['/career', 'Career'],
  ['/help', 'Help & Support'],
  ['/coming-soon', 'Coming Soon'],
] as const;

/** Opens `path`, named by its title and its one top heading. */
async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page).toHaveTitle(`${heading} | Trap the Trend`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

test.describe('about page', () => {
  test('tells the brand story with both founders from the store settings', async ({ page }) => {
    await openPage(page, '/about', 'About Us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const main = page.getByRole('main');
    await expect(main).toContainText('Trap the Trend');
    for (const founder of FOUNDERS) await expect(main).toContainText(founder);
    await expect(main).toContainText(/youth-first/i);
    await expect(main).toContainText(/bulk and custom orders for colleges, events and companies/);
    await expect(main.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', WHATSAPP);
    await expectNoA11yViolations(page);
  });
});

test.describe('shipping page', () => {
  test('lists the two policy lines word for word', async ({ page }) => {
    await openPage(page, '/shipping', 'Shipping & Return Policy');
    const main = page.getByRole('main');
    await expect(main.getByRole('listitem').filter({ hasText: /^6 Days delivery$/ })).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: /^No Returns on Damage products\.$/ })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('FAQ page', () => {
  test('shows ten numbered questions, one open at a time', async ({ page }) => {
    await openPage(page, '/faq', 'FAQ');
    await expect(page.getByText('Frequently Asked Questions')).toBeVisible();

    const triggers = page.getByRole('main').locator('button[aria-expanded]');
    await expect(triggers).toHaveCount(10);
    for (const [index, question] of FAQ_QUESTIONS.entries()) {
      await expect(triggers.nth(index)).toHaveText(`${index + 1}. ${question}`);
      await expect(triggers.nth(index)).toHaveAttribute('aria-expanded', 'false');
    }
    // Hydrated: every answer starts closed.
    await expect(page.getByText('youth-first streetwear label from India')).toBeHidden();

    const first = page.getByRole('button', { name: `1. ${FAQ_QUESTIONS[0]}` });
    const sizes = page.getByRole('button', { name: `4. ${FAQ_QUESTIONS[3]}` });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('youth-first streetwear label from India')).toBeVisible();

    await sizes.click();
    await expect(sizes).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Our sizes run from XS to XXL.')).toBeVisible();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('youth-first streetwear label from India')).toBeHidden();

    // Collapsible: clicking the open one closes it.
    await sizes.click();
    await expect(sizes).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Our sizes run from XS to XXL.')).toBeHidden();
    await expectNoA11yViolations(page);
  });

  test('answers carry the policy details and the store links', async ({ page }) => {
    await page.goto('/faq');
    // Opens question n and returns its answer region (labelled by its trigger).
    const open = async (n: number) => {
      const name = `${n}. ${FAQ_QUESTIONS[n - 1]}`;
      await page.getByRole('button', { name }).click();
      const answer = page.getByRole('region', { name });
      await expect(answer).toBeVisible();
      return answer;
    };

    const bulk = await open(2);
    await expect(bulk.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', WHATSAPP);
    await expect(bulk.getByRole('link', { name: 'Bulk Orders page' })).toBeVisible();
    await expect(await open(5)).toContainText('5-7 business days');
    await expect(await open(6)).toContainText('Shipping charges depend on your location');
    await expect(await open(7)).toContainText('within 7 days of delivery');
    await expect(await open(8)).toContainText('tracking link by email or WhatsApp');
    const contact = await open(9);
    await expect(contact.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', INSTAGRAM);
    await expect(contact.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', WHATSAPP);
    await expect(contact.getByRole('link', { name: 'Contact Us page' })).toBeVisible();
  });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/faq');
    const first = page.getByRole('button', { name: `1. ${FAQ_QUESTIONS[0]}` });
    const second = page.getByRole('button', { name: `2. ${FAQ_QUESTIONS[1]}` });
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('youth-first streetwear label from India')).toBeVisible();

    // The first answer has no links, so Tab moves straight on to the next question.
    await page.keyboard.press('Tab');
    await expect(second).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('placeholder pages', () => {
  for (const [path, title] of PLACEHOLDERS) {
    test(`${path} shows "${title}"`, async ({ page }) => {
      await openPage(page, path, title);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.getByText("We're working on this page")).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
        'href',
        '/products',
      );
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      await expectNoA11yViolations(page);
    });
  }
});

// axe runs inside the page, so these check content only; the scans above cover the same pages.
test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('every FAQ answer is readable', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
    // Every answer is shown, and the (inert) triggers say so.
    await expect(page.getByRole('main').locator('button[aria-expanded="true"]')).toHaveCount(10);
    for (const text of [
      'youth-first streetwear label from India',
      'Our sizes run from XS to XXL.',
      '5-7 business days',
      'Yes, we ship across India.',
      'within 7 days of delivery',
      'tracking link by email or WhatsApp',
      'Most of our products are unisex',
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
  });

  test('the about and shipping pages are readable', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    for (const founder of FOUNDERS) await expect(page.getByRole('main')).toContainText(founder);

    await page.goto('/shipping');
    await expect(page.getByText('6 Days delivery', { exact: true })).toBeVisible();
    await expect(page.getByText('No Returns on Damage products.', { exact: true })).toBeVisible();
  });
});
