// The admin area in Chromium: the admin's products list, and nothing at all for anyone else.
import { expect, expectNoA11yViolations, expectOnlyDocument404, signInAs, test } from './fixtures.ts';

test('an admin sees every product with its stock per size, and can filter them', async ({ page }) => {
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/products');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' })).toBeVisible();
  const rows = page.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(60);
  await expectNoA11yViolations(page);

  await page.getByLabel('Category').selectOption('polos');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/category=polos/);
  await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
  const polos = await page.getByRole('row').count();
  expect(polos).toBeGreaterThan(1);
  expect(polos).toBeLessThan(30);
  await expect(page.getByRole('cell', { name: /Polos$/ }).first()).toBeVisible();
});

test('a customer and a visitor get the ordinary 404 page', async ({ page, consoleErrors }) => {
  await page.goto('/admin/products');
  expectOnlyDocument404(consoleErrors);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await signInAs(page);
  await page.goto('/admin');
  expectOnlyDocument404(consoleErrors);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoA11yViolations(page);
});
