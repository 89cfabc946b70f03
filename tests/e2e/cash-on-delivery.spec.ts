// Cash on delivery at checkout (ADR 0047): the payment step's choice, an order placed without a
// payment window, its confirmation page and email; and the option disabled, with its reason, for
// an order above the largest total (₹10,000 by default).
import { productPriced, rupees, shopperWithCart } from './checkout-shopper.ts';
import { expect, expectNoA11yViolations, mailsTo, test, unitsInStock } from './fixtures.ts';

test('@both a cash on delivery order goes from checkout to its confirmation page and email', async ({ page }) => {
  const product = await productPriced(99_900, 149_800, 10);
  const user = await shopperWithCart(page, product.id, 1);
  const units = await unitsInStock(product.id, 'M');

  await page.goto('/checkout');
  const choice = page.getByRole('group', { name: 'Payment method' });
  await expect(choice.getByRole('radio', { name: 'Pay online' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  const cod = choice.getByRole('radio', { name: 'Cash on delivery' });
  await expect(cod).toBeEnabled();
  await expect(cod).toHaveAccessibleDescription('Pay in cash when it arrives.');
  await cod.check();
  await expect(cod).toBeChecked();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('definition').last()).toHaveText(rupees(product.price_paise));
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible();
  await expect(page.getByText(`Cash on delivery: ${rupees(product.price_paise)} to pay when it arrives`)).toBeVisible();
  await expect(page.getByText(/Your order waits for your confirmation/)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart');
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Order Placed!' })).toBeVisible();
  expect(await unitsInStock(product.id, 'M')).toBe(units - 1);

  const orderId = new URL(page.url()).searchParams.get('order')!;
  const [mail] = await mailsTo(user.email);
  expect(mail!.subject).toContain('please confirm your order');
  expect(mail!.text).toContain(`Cash on delivery: ${rupees(product.price_paise)} to pay when it arrives`);
  expect(mail!.text).toMatch(
    new RegExp(`Confirm your order: http://localhost:\\d+/orders/${orderId}/confirm\\?token=`),
  );
});

test('@both cash on delivery is shown disabled, with its reason, for an order above ₹10,000', async ({ page }) => {
  const product = await productPriced(200_000, 300_000, 5);
  await shopperWithCart(page, product.id, 5);

  await page.goto('/checkout');
  const choice = page.getByRole('group', { name: 'Payment method' });
  const cod = choice.getByRole('radio', { name: 'Cash on delivery' });
  await expect(cod).toBeDisabled();
  await expect(cod).toHaveAccessibleDescription('Cash on delivery is not available for orders above ₹10,000.');
  await expect(choice.getByText('Cash on delivery is not available for orders above ₹10,000.')).toBeVisible();
  await expect(choice.getByRole('radio', { name: 'Pay online' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  await expectNoA11yViolations(page);
});
