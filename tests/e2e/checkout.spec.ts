// /checkout: delivery addresses, the coupon and the order summary, priced by the server, then
// paying through the local Razorpay sandbox.
import type { Page } from '@playwright/test';

import { paymentWindow, rupees, shopperWithCart } from './checkout-shopper.ts';
import {
  expect,
  expectNoA11yViolations,
  expectOnlyFailedRequests,
  mailsTo,
  signInAs,
  test,
  unitsInStock,
  withDatabase,
} from './fixtures.ts';

async function pricedProduct(): Promise<{ id: number; name: string; price_paise: number }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number; name: string; price_paise: number }>(
      `select p.id, p.name, p.price_paise from products p join product_stock s on s.product_id = p.id and s.size = 'M'
       where p.price_paise between 99900 and 149800 and s.quantity >= 10
       and exists (select 1 from product_stock l where l.product_id = p.id and l.size = 'L' and l.quantity >= 10)
       order by p.id limit 1`,
    );
    return rows[0]!;
  });
}

test('addresses, a coupon and the order summary', async ({ page, consoleErrors }) => {
  const product = await pricedProduct();
  const user = await signInAs(page);
  await withDatabase((db) =>
    db.query("insert into cart_items (user_id, product_id, size, quantity) values ($1, $2, 'M', 1)", [
      user.id,
      product.id,
    ]),
  );

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Select your delivery address and complete your order')).toBeVisible();
  await expect(page.getByText("You don't have any saved delivery addresses yet.")).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(product.name)).toBeVisible();
  await expect(summary.getByText('free delivery')).toBeVisible();
  await expectNoA11yViolations(page);

  // Add an address: errors under each field, then the pincode fills city and state.
  await page.getByRole('button', { name: 'Add New Address' }).click();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(page.getByText('Pincode must be 6 digits.')).toBeVisible();
  await page.getByLabel('Full name').fill('Riya Kapoor');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('House/Flat').fill('Flat 4B, Lotus Towers');
  await page.getByLabel('Street/Address').fill('MG Road');
  await page.getByLabel('Pincode').fill('560001');
  // The city is the pincode's district, as India Post names it.
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(page.getByLabel('Country')).toHaveValue('India');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Save Address' }).click();
  const address = page.getByRole('radio', { name: /Riya Kapoor/ });
  await expect(address).toBeChecked();
  await expect(
    page.getByText('Riya Kapoor, Flat 4B, Lotus Towers, MG Road, Bangalore, Karnataka - 560001, India'),
  ).toBeVisible();

  // The coupon: upper-cased as typed; valid, then expired.
  const coupon = page.getByLabel('Coupon code');
  await coupon.fill('welcome10');
  await expect(coupon).toHaveValue('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  const discount = Math.floor(product.price_paise / 10);
  await expect(page.getByText(`Coupon applied! You save ${rupees(discount)}.`)).toBeVisible();
  await expect(summary.getByText('Discount')).toBeVisible();
  await expect(summary.getByRole('definition').last()).toHaveText(rupees(product.price_paise - discount));
  await coupon.fill('EXPIRED50');
  await expect(page.getByText(/Coupon applied/)).toBeHidden();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This coupon has expired.')).toBeVisible();
  await expect(summary.getByText('Discount')).toBeHidden();
  await expect(summary.getByRole('definition').last()).toHaveText(rupees(product.price_paise));

  // Edit, then delete with confirmation.
  await page.getByRole('button', { name: 'Edit the address of Riya Kapoor' }).click();
  await page.getByLabel('Street/Address').fill('Brigade Road');
  await page.getByRole('button', { name: 'Update Address' }).click();
  await expect(page.getByText(/Flat 4B, Lotus Towers, Brigade Road, Bangalore/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete the address of Riya Kapoor' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("You don't have any saved delivery addresses yet.")).toBeVisible();
  expectOnlyFailedRequests(consoleErrors, []);
});

async function shopperReadyToPay(page: Page, quantity = 1) {
  const product = await pricedProduct();
  const user = await shopperWithCart(page, product.id, quantity);
  return { product, user };
}

test.describe('paying through the sandbox', () => {
  test('cart → checkout → WELCOME10 → pay → confirmation → orders, and the email arrives', async ({ page }) => {
    const { product, user } = await shopperReadyToPay(page);
    await page.goto('/checkout');
    await expect(page.getByRole('radio', { name: /Riya Kapoor/ })).toBeChecked();
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(/Coupon applied!/)).toBeVisible();
    const total = product.price_paise - Math.floor(product.price_paise / 10);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(paymentWindow(page)).toBeVisible();
    await expect(paymentWindow(page).getByText(rupees(total))).toBeVisible();
    await expectNoA11yViolations(page);
    await paymentWindow(page).getByRole('button', { name: 'Pay by card' }).click();

    await expect(page).toHaveURL(/\/order-confirmation\?payment=pay_/);
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByText('Thank you for your purchase')).toBeVisible();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await expect(page.getByText('Your payment was successful and your order has been placed.')).toBeVisible();
    const paymentId = new URL(page.url()).searchParams.get('payment')!;
    await expect(page.getByText(paymentId)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.reload();
    await expect(page.getByText(paymentId)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart');

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
    const order = page.getByRole('main').getByRole('listitem').filter({ hasText: paymentId });
    await expect(order.getByText('Pending')).toBeVisible();
    await expect(order.getByText('Size: M | Qty: 1')).toBeVisible();
    await expect(order.getByText('Riya Kapoor, Flat 4B, MG Road, Bengaluru, Karnataka - 560001, India')).toBeVisible();
    await expect(order.getByText(rupees(total), { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toContain('your order is confirmed');
    expect(mail!.text).toContain(paymentId);
    expect(mail!.text).toContain(`${product.name} | Size: M | Qty: 1`);
    expect(mail!.html).toContain('MG Road');
  });

  test('buy now pays for just that item, by UPI', async ({ page }) => {
    const { product } = await shopperReadyToPay(page);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).click();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByText(/Size L · Qty 1/)).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await paymentWindow(page).getByRole('button', { name: 'Pay by UPI' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    // The cart line of size M was not part of it.
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart, 1 item');
  });

  test('an order cancelled before it ships is refunded, its unit comes back, and the shopper is emailed', async ({
    page,
  }) => {
    const { product, user } = await shopperReadyToPay(page);
    const unitsOfM = () => unitsInStock(product.id, 'M');
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await paymentWindow(page).getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    const paymentId = new URL(page.url()).searchParams.get('payment')!;
    const units = await unitsOfM();

    await page.goto('/orders');
    const order = page.getByRole('main').getByRole('listitem').filter({ hasText: paymentId });
    await order.getByRole('checkbox', { name: /^Cancel order #\w{8} and refund ₹/ }).check();
    await expectNoA11yViolations(page);
    await order.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText(/^Your order was cancelled\. ₹[\d,.]+ is being refunded/)).toBeVisible();
    await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    expect(await unitsOfM()).toBe(units + 1);

    const mails = await mailsTo(user.email, 2);
    const cancelled = mails.find((mail) => mail.subject.endsWith('your order is now Cancelled'))!;
    expect(cancelled.text).toContain('has been refunded to the account you paid from');
  });

  test('a failed payment shows the error; a closed window lets the shopper try again', async ({
    page,
    consoleErrors,
  }) => {
    await shopperReadyToPay(page);
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await paymentWindow(page).getByRole('button', { name: 'Fail payment' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Your payment could not be completed as this test payment was set to fail.',
    );
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    // The payment window's failed attempt (as Razorpay's, a 400).
    await expect.poll(() => consoleErrors.length).toBe(1);
    expectOnlyFailedRequests(consoleErrors, [400]);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await paymentWindow(page).getByRole('button', { name: 'Close' }).click();
    await expect(paymentWindow(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    await expect(page).toHaveURL('/checkout');
  });

  test('a verify that gets no answer: the payment is confirmed by asking for the order', async ({
    page,
    consoleErrors,
  }) => {
    await shopperReadyToPay(page);
    // The connection drops as the payment window reports success; the webhook still makes the order.
    await page.route('**/api/payments/verify*', (route) => route.abort());
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await paymentWindow(page).getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your payment is being confirmed.' })).toHaveText(
      'Your payment is being confirmed. This can take a minute; please keep this page open.',
    );
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(page).toHaveURL(/\/order-confirmation\?payment=pay_/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart');
    // Only the aborted verify.
    expect(consoleErrors.splice(0).every((error) => error.includes('ERR_FAILED'))).toBe(true);
  });

  test('a payment not confirmed within two minutes points to Your Orders', async ({ page, consoleErrors }) => {
    await page.clock.install();
    await shopperReadyToPay(page);
    // Neither the verify nor the page's questions about the order get an answer.
    await page.route('**/api/payments/verify*', (route) => route.abort());
    await page.route('**/api/payments/status*', (route) => route.abort());
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await paymentWindow(page).getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByText('Your payment is being confirmed.', { exact: false })).toBeVisible();
    await page.clock.fastForward('02:01');
    await expect(page.getByRole('alert')).toHaveText(
      'We could not confirm your payment yet. If money left your account, your order will appear in Your Orders shortly.',
    );
    await expect(page.getByRole('alert').getByRole('link', { name: 'Your Orders' })).toHaveAttribute('href', '/orders');
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expectNoA11yViolations(page);
    expect(consoleErrors.splice(0).every((error) => error.includes('ERR_FAILED'))).toBe(true);
  });

  test('the payment script failing to load says so', async ({ page, consoleErrors }) => {
    await shopperReadyToPay(page);
    await page.route('**/sandbox/razorpay/checkout.js', (route) => route.abort());
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Payment is temporarily unavailable. Please try again later.');
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    expect(consoleErrors.splice(0).every((error) => error.includes('ERR_FAILED'))).toBe(true);
  });
});
