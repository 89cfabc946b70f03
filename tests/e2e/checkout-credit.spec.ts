// Store credit at checkout (ADR 0050): a shopper whose credit staff granted puts it towards an
// order, sees what is left to pay, and pays that by UPI in the Razorpay sandbox; the confirmation
// page and email show the credit used and the amount paid.
import type { Page } from '@playwright/test';

import { paymentWindow, productPriced, rupees, shopperWithCart } from './checkout-shopper.ts';
import { expect, expectNoA11yViolations, mailsTo, test, withDatabase } from './fixtures.ts';

const CREDIT_PAISE = 50_000;

/** A signed-in shopper with the product in their cart, a saved address and store credit (₹500 unless said). */
async function shopperWithCredit(page: Page, productId: number, creditPaise = CREDIT_PAISE) {
  const user = await shopperWithCart(page, productId);
  // As staff grant it: the ledger's trigger keeps the balance.
  await withDatabase((db) =>
    db.query(
      "insert into store_credit_entries (user_id, amount_paise, kind, reason) values ($1, $2, 'staff_grant', 'Sorry for the late parcel')",
      [user.id, creditPaise],
    ),
  );
  return user;
}

test('@both store credit pays part of an order and UPI the rest', async ({ page }) => {
  const product = await productPriced(99_900, 149_800, 10);
  const user = await shopperWithCredit(page, product.id);
  const toPay = product.price_paise - CREDIT_PAISE;

  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Riya Kapoor/ })).toBeChecked();
  const credit = page.getByRole('group', { name: 'Store credit' });
  const useCredit = credit.getByRole('checkbox', { name: 'Use my store credit (₹500.00 available)' });
  await expect(useCredit).not.toBeChecked();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('definition').last()).toHaveText(rupees(product.price_paise));
  await expectNoA11yViolations(page);

  await useCredit.check();
  await expect(summary.getByRole('term').filter({ hasText: /^Store credit$/ })).toBeVisible();
  await expect(summary.getByText(`−${rupees(CREDIT_PAISE)}`)).toBeVisible();
  await expect(summary.getByRole('term').last()).toHaveText('To pay');
  await expect(summary.getByRole('definition').last()).toHaveText(rupees(toPay));
  // The rest is paid online or in cash: the choice stays.
  await expect(page.getByRole('group', { name: 'Payment method' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(paymentWindow(page)).toBeVisible();
  await expect(paymentWindow(page).getByText(rupees(toPay))).toBeVisible();
  await paymentWindow(page).getByRole('button', { name: 'Pay by UPI' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?payment=pay_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const details = page.getByRole('main').getByRole('definition');
  await expect(page.getByRole('term').filter({ hasText: 'Store credit used' })).toBeVisible();
  await expect(details.filter({ hasText: rupees(CREDIT_PAISE) })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Amount paid' })).toBeVisible();
  await expect(details.last()).toHaveText(rupees(toPay));
  await expectNoA11yViolations(page);

  const stored = await withDatabase(async (db) => {
    const order = await db.query<{ total_paise: number; credit_paise: number; payment_method: string }>(
      'select total_paise, credit_paise, payment_method from orders where user_id = $1',
      [user.id],
    );
    const balance = await db.query<{ balance_paise: number }>(
      'select balance_paise from store_credit_balances where user_id = $1',
      [user.id],
    );
    return { orders: order.rows, balance: balance.rows[0]!.balance_paise };
  });
  expect(stored).toEqual({
    orders: [{ total_paise: product.price_paise, credit_paise: CREDIT_PAISE, payment_method: 'online' }],
    balance: 0,
  });

  const [mail] = await mailsTo(user.email);
  expect(mail!.text).toContain(`Total Amount: ${rupees(product.price_paise)}`);
  expect(mail!.text).toContain(`Paid with store credit: ${rupees(CREDIT_PAISE)}`);
  expect(mail!.text).toContain(`Paid online: ${rupees(toPay)}`);
});

test('store credit that covers the order places it at once, with no payment window', async ({ page }) => {
  const product = await productPriced(99_900, 149_800, 10);
  await shopperWithCredit(page, product.id, 200_000);

  await page.goto('/checkout');
  await expect(page.getByRole('group', { name: 'Payment method' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Use my store credit (₹2,000.00 available)' }).check();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('definition').last()).toHaveText(rupees(0));
  await expect(page.getByRole('group', { name: 'Payment method' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeHidden();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paid with store credit' })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('definition')
      .filter({ hasText: rupees(product.price_paise) }),
  ).toBeVisible();
  await expect(paymentWindow(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Paid with store credit' })).toBeVisible();
});
