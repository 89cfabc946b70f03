// The login and signup forms load their checking code (react-hook-form, the zod schemas) when the
// shopper first reaches for a field or submits, not with the page (hooks/use-lazy-form.ts, ADR
// 0033); the messages still come on the same events, and what the shopper did before the code
// arrived is not lost.
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';

/** The scripts the page has requested so far whose file name starts with `prefix`. */
function scriptsRequested(page: Page, prefix: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (request.resourceType() === 'script' && file.startsWith(prefix)) seen.push(file);
  });
  return seen;
}

/**
 * Opens `path` and lets it load all it loads up front, which must be no schema; gives the schema
 * scripts the page asks for after that.
 */
async function openWithNoSchema(page: Page, path: string): Promise<string[]> {
  const schemas = scriptsRequested(page, 'validation-');
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(schemas).toEqual([]);
  return schemas;
}

test('the login page loads no schema until the shopper reaches for the form; a blur then shows its message', async ({
  page,
}) => {
  const schemas = await openWithNoSchema(page, '/login');

  const email = page.getByLabel('Email');
  await email.focus();
  await expect.poll(() => schemas.length).toBe(1);
  await email.blur();
  await expect(page.getByText('Email is required')).toBeVisible();
  await email.fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
});

test('a submit before any other interaction is checked as before: the messages, and focus on the first field in error', async ({
  page,
}) => {
  await openWithNoSchema(page, '/signup');

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please fix the validation errors before proceeding.')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
});

test('what the shopper typed and a blur before the code arrived count once it is there', async ({ page }) => {
  // A slow connection: the schemas take a second to arrive.
  await page.route(/\/assets\/validation-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/signup');
  const firstName = page.getByLabel('First name');
  await firstName.fill('R');
  await firstName.blur();
  await expect(page.getByText('Must be at least 2 characters')).toBeVisible();
  await expect(firstName).toHaveValue('R');
  await firstName.fill('Riya');
  await expect(page.getByText('Must be at least 2 characters')).toBeHidden();
  await expect(firstName).toHaveValue('Riya');
});
