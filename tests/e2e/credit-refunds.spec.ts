// A return refunded as store credit, in Chromium on a desk and a phone (ADR 0051): the shopper
// asks to return a delivered order's tee and chooses store credit on the return form, staff
// approve it, mark the pickup and refund it with a fresh code from their authenticator app, and
// the shopper finds the credit on Your Orders, on the profile's balance and history, and in the
// email; then spends it on a dearer tee, paying the rest by UPI in the Razorpay sandbox, and the
// profile shows the credit used. With axe on every page on the way.
import type { Page } from '@playwright/test';

import { formatPaise } from '../../src/common/money.ts';
import { authenticatorCode } from '../support/two-factor.ts';
import { expect, expectNoA11yViolations, mailsTo, test, withDatabase } from './fixtures.ts';
import { ownBrowserAs } from './own-browser.ts';
import { paidOrder } from './paid-order.ts';
import { adminSentToTwoFactorSetup, finishTwoFactorSetup, startTwoFactorSetup } from './password-sign-in.ts';
import { pressMove } from './staff-moves.ts';

const PASSWORD = 'Street@2026';

/** A staff member who signs in with a password and sets up their authenticator app, as /admin asks. */
async function adminWithAuthenticator(page: Page): Promise<string> {
  await adminSentToTwoFactorSetup(page, PASSWORD);
  const secret = await startTwoFactorSetup(page, PASSWORD);
  await finishTwoFactorSetup(page, secret);
  return secret;
}

test.describe('a refund as store credit', { tag: '@both' }, () => {
  test('a return refunded to store credit is spent on a new order that pays the rest by UPI', async ({
    page,
    browser,
  }) => {
    // Two browsers, a two-factor setup, a checkout and ten accessibility scans.
    test.setTimeout(180_000);
    const { page: shopperPage, user: shopper } = await ownBrowserAs(browser, { firstName: 'Ravi', lastName: 'Kumar' });

    // A seeded tee bought in M, paid online and delivered today.
    const { id: orderId, number, product } = await paidOrder(shopper.id, 'delivered');
    await withDatabase((client) =>
      client.query(
        `insert into shipments (order_id, courier, awb, tracking_url, shipped_at, delivered_at)
         values ($1, 'Delhivery', 'DL77700033', 'https://www.delhivery.com/track-v2/package/DL77700033', now() - interval '2 days', now())`,
        [orderId],
      ),
    );
    const refund = formatPaise(product.price_paise);
    const summary = `Return of 1 × ${product.name} (M)`;

    // The shopper asks to return it and takes the refund as store credit.
    await shopperPage.goto('/orders');
    await shopperPage.getByRole('link', { name: `Return or exchange items of order #${number}` }).click();
    await expect(shopperPage.getByRole('heading', { name: 'Return or exchange' })).toBeVisible();
    await shopperPage.getByLabel('Return for a refund').check();
    const choice = shopperPage.getByRole('group', { name: 'Where your refund goes' });
    await expect(choice.getByLabel('Refund to the original payment')).toBeChecked();
    await choice.getByLabel('Refund as store credit').check();
    await shopperPage.getByLabel('Reason').selectOption('damaged');
    await expectNoA11yViolations(shopperPage);
    await shopperPage.getByRole('button', { name: 'Send request' }).click();
    await expect(
      shopperPage.getByText('Your request was sent. We will email you when it has been reviewed.'),
    ).toBeVisible();
    const requests = shopperPage.getByRole('region', { name: 'Your requests for this order' });
    await expect(requests).toContainText(summary);
    await expect(requests).toContainText('Refund to store credit');
    // Scanned from the top: on a phone the page has scrolled the form under the sticky, 95% opaque
    // header, and axe would judge the logo's red against the dark lines passing beneath it.
    await shopperPage.evaluate(() => window.scrollTo(0, 0));
    await expectNoA11yViolations(shopperPage);

    // Staff approve it, mark the pickup and refund it, with a fresh code from their app.
    const secret = await adminWithAuthenticator(page);
    await page.goto('/admin/returns');
    await page.getByRole('link', { name: summary }).click();
    await expect(page.locator('dt:has-text("Refund to") + dd')).toHaveText('Store credit');
    await pressMove(page, 'Approve', 'The request is now approved, awaiting pickup.');
    await pressMove(page, 'Mark as picked up', 'The request is now picked up.');
    await page.getByLabel(`I understand ${refund} will be added to the customer's store credit.`).check();
    await page.getByLabel('Code from your authenticator app').fill(await authenticatorCode(secret));
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText(
      `The request is now refunded. ${refund} was added to the customer's store credit. The customer will be emailed.`,
    );
    await expect(page.getByText(`${refund} added to the customer's store credit.`)).toBeVisible();
    await expectNoA11yViolations(page);

    // The shopper sees where the money went, and the credit on the profile.
    await shopperPage.goto('/orders');
    const returns = shopperPage.getByRole('list', { name: `Returns and exchanges of order #${number}` });
    await expect(returns).toContainText(`${summary}: Refunded, ${refund} refunded`);
    await expect(returns).toContainText(`${refund} was added to your store credit.`);
    await expectNoA11yViolations(shopperPage);
    await shopperPage.goto('/profile');
    const credit = shopperPage.getByRole('region', { name: 'Store credit', exact: true });
    await expect(credit).toContainText(`Your balance: ${refund}`);
    const history = credit.getByRole('table', { name: /Store credit history/ });
    await expect(
      history.getByRole('row', { name: new RegExp(`Refund of a return from order #${number}`) }),
    ).toContainText(`+${refund}`);
    await expectNoA11yViolations(shopperPage);

    const mails = await mailsTo(shopper.email, 4);
    const refunded = mails.find((mail) => mail.subject.endsWith(`your return request (#${number}) is refunded`));
    expect(refunded?.text).toContain(`${refund} was added to your store credit.`);

    // The same shopper spends the credit on a dearer tee: the credit pays part, UPI the rest.
    const dearer = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: number; name: string; price_paise: number }>(
        `select p.id, p.name, p.price_paise from products p join product_stock s on s.product_id = p.id and s.size = 'M'
         where p.price_paise > $1 and s.quantity >= 10 order by p.price_paise, p.id limit 1`,
        [product.price_paise],
      );
      // Where it goes is not what this journey checks (checkout.spec.ts adds one through the form).
      await client.query(
        `insert into addresses (user_id, name, phone, house, street, city, pincode, state)
         values ($1, 'Ravi Kumar', '9876543210', 'Flat 4B', 'MG Road', 'Bengaluru', '560001', 'Karnataka')`,
        [shopper.id],
      );
      return rows[0]!;
    });
    const toPay = formatPaise(dearer.price_paise - product.price_paise);
    await shopperPage.goto(`/product/${dearer.id}`);
    await shopperPage.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).click();
    await shopperPage.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(shopperPage.getByText('Added to cart!').last()).toBeVisible();
    await shopperPage.goto('/cart');
    await shopperPage.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(shopperPage).toHaveURL('/checkout');
    await expect(shopperPage.getByRole('radio', { name: /Ravi Kumar/ })).toBeChecked();
    const useCredit = shopperPage
      .getByRole('group', { name: 'Store credit' })
      .getByRole('checkbox', { name: `Use my store credit (${refund} available)` });
    await expect(useCredit).not.toBeChecked();
    await useCredit.check();
    const orderSummary = shopperPage.getByRole('region', { name: 'Order Summary' });
    await expect(orderSummary.getByRole('term').filter({ hasText: /^Store credit$/ })).toBeVisible();
    await expect(orderSummary.getByText(`−${refund}`)).toBeVisible();
    await expect(orderSummary.getByRole('term').last()).toHaveText('To pay');
    await expect(orderSummary.getByRole('definition').last()).toHaveText(toPay);
    await expectNoA11yViolations(shopperPage);

    await shopperPage.getByRole('button', { name: 'Continue to Payment' }).click();
    const paymentWindow = shopperPage.getByRole('dialog', { name: 'Razorpay test payment' });
    await expect(paymentWindow.getByText(toPay)).toBeVisible();
    await paymentWindow.getByRole('button', { name: 'Pay by UPI' }).click();
    await expect(shopperPage).toHaveURL(/\/order-confirmation\?payment=pay_/);
    await expect(shopperPage.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    const details = shopperPage.getByRole('main').getByRole('definition');
    await expect(shopperPage.getByRole('term').filter({ hasText: 'Store credit used' })).toBeVisible();
    await expect(details.filter({ hasText: refund })).toBeVisible();
    await expect(shopperPage.getByRole('term').filter({ hasText: 'Amount paid' })).toBeVisible();
    await expect(details.last()).toHaveText(toPay);
    await expectNoA11yViolations(shopperPage);

    // The profile's balance is spent, and its history says where.
    await shopperPage.goto('/profile');
    await expect(credit).toContainText(`Your balance: ${formatPaise(0)}`);
    await expect(history.getByRole('row', { name: /Used at checkout/ })).toContainText(`−${refund}`);
    await expectNoA11yViolations(shopperPage);
    await shopperPage.context().close();
  });
});
