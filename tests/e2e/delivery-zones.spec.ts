// Delivery estimates by pincode in Chromium (docs/decisions/0053): the product page's Check
// delivery promises Delhi, Gangtok, Leh and Port Blair different days, as the courier (the demo's
// Shiprocket sandbox) answers; staff correct a zone on /admin/delivery-zones, a mistake shown beside
// its field, and are told the courier's answers decide while it answers (the table's own effect on
// the promise is proven with manual shipping in delivery/check.integration.test.ts). Axe on the
// admin page, with and without errors.
import { checkDelivery, deliveryBy, seededTee } from './delivery-check.ts';
import { expect, expectNoA11yViolations, expectOnlyFailedRequests, signInAs, test, withDatabase } from './fixtures.ts';

// The specs after this one promise by the built-in zones again.
test.afterAll(() => withDatabase((client) => client.query('delete from delivery_zones')));

test("the product page promises each zone's days, and staff edit the zone table", async ({ page, consoleErrors }) => {
  const tee = await seededTee();
  await page.goto(`/product/${tee.id}`);
  const answer = page.getByRole('region', { name: 'Delivery Info' }).getByRole('status');

  // Delhi, a metro city: the product's own 3-5 and 1-2 days are the slower.
  await checkDelivery(page, '110001');
  await expect(answer.getByText('Delivering to Central Delhi, Delhi')).toBeVisible();
  await expect(answer.getByRole('listitem')).toHaveText([
    `Standard delivery: ${deliveryBy(5)}`,
    `Express delivery: ${deliveryBy(2)}`,
  ]);
  // Gangtok and Leh: the North-East's 7 days, Ladakh's 8, and no express delivery.
  await checkDelivery(page, '737101');
  await expect(answer.getByRole('listitem')).toHaveText([`Standard delivery: ${deliveryBy(7)}`]);
  await checkDelivery(page, '194101');
  await expect(answer.getByRole('listitem')).toHaveText([`Standard delivery: ${deliveryBy(8)}`]);
  // Port Blair: the Andamans' 12 days, and no express delivery.
  await checkDelivery(page, '744101');
  await expect(answer.getByText('Delivering to South Andaman, Andaman and Nicobar Islands')).toBeVisible();
  await expect(answer.getByRole('listitem')).toHaveText([`Standard delivery: ${deliveryBy(12)}`]);

  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/products');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Delivery zones' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery zones' })).toBeVisible();
  await expect(page.getByText('These are the built-in zones; they apply until you first save.')).toBeVisible();
  await expect(
    page.getByText('The store ships with Shiprocket: its answers decide, and this table answers only when it cannot.'),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // A mistake is shown beside its field, and nothing is saved.
  const metroExpress = page.getByLabel('Express days of Metro cities', { exact: true });
  await metroExpress.fill('5');
  await page.getByRole('button', { name: 'Save zones' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the zones marked below.' })).toBeVisible();
  await expect(metroExpress).toHaveAccessibleDescription('Express days cannot be more than standard days.');
  await expect(metroExpress).toHaveValue('5');
  await expectNoA11yViolations(page);
  expectOnlyFailedRequests(consoleErrors, [400]);

  await metroExpress.fill('1');
  await page.getByLabel('Standard days of Andaman and Nicobar, Lakshadweep', { exact: true }).fill('9');
  await page.getByRole('button', { name: 'Save zones' }).click();
  await expect(page.getByText('The delivery zones were saved.')).toBeVisible();
  await expect(page.getByText('These are the built-in zones')).toHaveCount(0);
  await expect(page.getByLabel('Standard days of Andaman and Nicobar, Lakshadweep', { exact: true })).toHaveValue('9');

  // Back on the product page, the courier's answer (kept for a day) still decides.
  await page.goto(`/product/${tee.id}`);
  await expect(answer.getByText('Delivering to South Andaman, Andaman and Nicobar Islands')).toBeVisible();
  await expect(answer.getByRole('listitem')).toHaveText([`Standard delivery: ${deliveryBy(12)}`]);
});
