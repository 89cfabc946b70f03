// Store credit in Chromium (ADR 0048), on a desk and a phone: staff find a customer from the admin's
// navigation, grant them credit with a reason on the customer's page, and the shopper reads the
// balance and the entry on their profile; with axe on every page on the way.
import { expect, expectNoA11yViolations, signInAs, test } from './fixtures.ts';
import { ownBrowserAs } from './own-browser.ts';

test.describe('store credit', { tag: '@both' }, () => {
  test('staff grant credit from the customer page, and the shopper sees it on the profile', async ({
    page,
    browser,
  }) => {
    // Two browsers and four accessibility scans.
    test.setTimeout(60_000);
    // The shopper's own browser, the same kind of device as the staff member's.
    const { page: shopperPage, user: shopper } = await ownBrowserAs(browser, {
      firstName: 'Ananya',
      lastName: 'Krishnan',
    });

    // Before any credit, the profile says nothing of it.
    await shopperPage.goto('/profile');
    await expect(shopperPage.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(shopperPage.getByRole('heading', { name: 'Store credit' })).toHaveCount(0);

    await signInAs(page, { role: 'admin' });
    await page.goto('/admin/orders');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
    await page.getByLabel('Search by email or name').fill(shopper.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Ananya Krishnan' }).click();

    await expect(page.getByRole('heading', { name: 'Ananya Krishnan' })).toBeVisible();
    await expect(page.getByText('No store credit yet.')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('Amount in rupees').fill('250');
    await page.getByLabel('Reason (the customer sees it)').fill('Sorry for the late parcel');
    await page.getByRole('button', { name: 'Grant credit' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText(
      'Granted ₹250.00 of store credit. The balance is now ₹250.00.',
    );
    const ledger = page.getByRole('region', { name: 'Store credit history' });
    await expect(ledger).toContainText('Granted by staff');
    await expect(ledger).toContainText('+₹250.00');
    // The form starts empty again for the next one.
    await expect(page.getByLabel('Amount in rupees')).toHaveValue('');
    await expectNoA11yViolations(page);

    await shopperPage.goto('/profile');
    const credit = shopperPage.getByRole('region', { name: 'Store credit', exact: true });
    await expect(credit).toContainText('Your balance: ₹250.00');
    const history = credit.getByRole('table', { name: /Store credit history/ });
    await expect(history.getByRole('row', { name: /Sorry for the late parcel/ })).toContainText('+₹250.00');
    await expectNoA11yViolations(shopperPage);
    await shopperPage.context().close();
  });
});
