// Delivery dates by pincode in Chromium (ADR 0026): the product page's Check delivery, answered
// by the server and remembered on return; the same check as a plain form before the scripts load
// (the /delivery page); and the checkout's address form filling city and state from India Post's
// directory without overwriting a state the shopper chose. Axe on each.
import { checkDelivery, deliveryBy, seededTee } from './delivery-check.ts';
import { expect, expectNoA11yViolations, expectOnlyFailedRequests, signInAs, test, withDatabase } from './fixtures.ts';

test('the product page tells the delivery day for a pincode, and remembers the pincode', async ({
  page,
  consoleErrors,
}) => {
  const tee = await seededTee();
  const checks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/delivery')) checks.push(request.url());
  });
  await page.goto(`/product/${tee.id}`);
  const info = page.getByRole('region', { name: 'Delivery Info' });
  await expect(info.getByLabel('Check delivery')).toHaveValue('');
  // A browser that has checked no pincode yet has nothing to ask about.
  await page.waitForLoadState('networkidle');
  expect(checks).toEqual([]);

  await checkDelivery(page, '7371');
  await expect(info.getByText('Pincode must be 6 digits.')).toBeVisible();
  await checkDelivery(page, '999999');
  await expect(info.getByText('This is not a pincode we know. Please check it.')).toBeVisible();
  await checkDelivery(page, '682551');
  await expect(info.getByText('We do not deliver to this pincode yet')).toBeVisible();

  await checkDelivery(page, '560001');
  await expect(info.getByText('Delivering to Bangalore, Karnataka')).toBeVisible();
  await expect(info.getByRole('listitem').filter({ hasText: 'Standard delivery:' }).last()).toHaveText(
    `Standard delivery: ${deliveryBy(5)}`,
  );
  await expect(info.getByRole('listitem').filter({ hasText: 'Express delivery:' }).last()).toHaveText(
    `Express delivery: ${deliveryBy(2)}`,
  );

  // The North-East's zone takes longer than the product's own 3-5 days, and has no express delivery.
  await checkDelivery(page, '737101');
  await expect(info.getByText('Delivering to East Sikkim, Sikkim')).toBeVisible();
  await expect(info.getByRole('listitem').filter({ hasText: 'Standard delivery:' }).last()).toHaveText(
    `Standard delivery: ${deliveryBy(7)}`,
  );
  await expect(info.getByRole('status')).not.toContainText('Express delivery');
  await expectNoA11yViolations(page);

  // Back another day: the pincode is filled in and answered again.
  await page.goto('/');
  await page.goto(`/product/${tee.id}`);
  await expect(info.getByLabel('Check delivery')).toHaveValue('737101');
  await expect(info.getByText('Delivering to East Sikkim, Sikkim')).toBeVisible();
  expect(checks.at(-1)).toMatch(new RegExp(`/delivery\\.data\\?product=${tee.id}(&|$)`));
  await expect(info.getByText(`Standard delivery: ${deliveryBy(7)}`)).toBeVisible();

  // The page a plain form's check lands on (axe needs the scripts, so it is visited with them here).
  await page.goto(`/delivery?pincode=560001&product=${tee.id}`);
  await expect(page.getByRole('heading', { name: 'Check delivery' })).toBeVisible();
  await expect(page.getByText(`Express delivery: ${deliveryBy(2)}`)).toBeVisible();
  await expectNoA11yViolations(page);
  // The unknown pincode answered 404 (the fetcher's request); nothing else failed.
  expectOnlyFailedRequests(consoleErrors, [404]);
});

test.describe('before the scripts load', () => {
  test.use({ javaScriptEnabled: false });

  test('the check is a plain form answered by the Check delivery page', async ({ page }) => {
    const tee = await seededTee();
    await page.goto(`/product/${tee.id}`);
    await checkDelivery(page, '194101');
    await expect(page).toHaveURL(/\/delivery\?pincode=194101&product=\d+/);
    await expect(page.getByRole('heading', { name: 'Check delivery' })).toBeVisible();
    await expect(page.getByText(tee.name)).toBeVisible();
    await expect(page.getByText('Delivering to Leh, Ladakh')).toBeVisible();
    await expect(page.getByText(`Standard delivery: ${deliveryBy(8)}`)).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(`/product/${tee.id}`);
  });
});

test("the checkout's address form fills city and state from the pincode, never over the shopper's state", async ({
  page,
  consoleErrors,
}) => {
  const tee = await seededTee();
  const user = await signInAs(page);
  await withDatabase((db) =>
    db.query("insert into cart_items (user_id, product_id, size, quantity) values ($1, $2, 'M', 1)", [user.id, tee.id]),
  );
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await checkDelivery(page, '194101');
  await expect(summary.getByText('Delivering to Leh, Ladakh')).toBeVisible();
  await expect(summary.getByText(`Standard delivery: ${deliveryBy(8)}`)).toBeVisible();

  await page.getByRole('button', { name: 'Add New Address' }).click();
  const city = page.getByLabel('City');
  const state = page.getByLabel('State');
  const pincode = page.getByLabel('Pincode');
  // The shopper chose a state first: the pincode fills the city and leaves the state alone.
  await state.selectOption('Goa');
  await pincode.fill('737101');
  await expect(city).toHaveValue('East Sikkim');
  await expect(state).toHaveValue('Goa');
  // A city the autofill put there follows the next pincode; the chosen state still stays.
  await pincode.fill('194101');
  await expect(city).toHaveValue('Leh');
  await expect(state).toHaveValue('Goa');
  // With no state chosen, the pincode's state is filled in: Port Blair is in the Andamans.
  await state.selectOption('');
  await pincode.fill('744101');
  await expect(city).toHaveValue('South Andaman');
  await expect(state).toHaveValue('Andaman and Nicobar Islands');
  // An unknown pincode is said so, and guesses nothing.
  await pincode.fill('999999');
  await expect(page.getByText('This is not a pincode we know. Please check it.')).toBeVisible();
  await expect(city).toHaveValue('South Andaman');
  await expectNoA11yViolations(page);
  expectOnlyFailedRequests(consoleErrors, [404]);
});
