// The pages Indian law expects, and a shopper's own data (ADR 0029): the Terms of Use and the
// Privacy Policy, reached from the login page and the footer, name the seller and the grievance
// officer from the settings; a shopper downloads their data from the profile and deletes their
// account, and is signed out.
import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { expect, expectNoA11yViolations, expectOnlyFailedRequests, signInAs, test, withDatabase } from './fixtures.ts';

// The demo store's settings (src/server/config.ts).
const SELLER = 'Trap the Trend Demo Apparel Private Limited';
const GSTIN = '29AAACT1234D1ZR';
const OFFICER = 'Demo Grievance Officer';

const signedOutIcon = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Log in|Sign up)$/ });

test.describe('legal pages', () => {
  test('the login page links to the Terms of Use, which name the seller and the grievance officer', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page).toHaveTitle('Terms of Use | Trap the Trend');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use');
    const main = page.getByRole('main');
    const seller = main.getByRole('definition').filter({ hasText: SELLER });
    await expect(seller.first()).toBeVisible();
    await expect(main.getByText(GSTIN, { exact: true })).toBeVisible();
    await expect(main.getByText(OFFICER, { exact: true })).toBeVisible();
    await expect(main.getByText('For 15 days after delivery you can ask', { exact: false })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the footer links to the Privacy Policy, which says what is kept and how to delete it', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    const main = page.getByRole('main');
    await expect(main.getByText(OFFICER, { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'grievance@trapthetrend.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@trapthetrend.in',
    );
    await expect(
      main.getByText('Section 36 of the Central Goods and Services Tax Act, 2017', { exact: false }),
    ).toBeVisible();
    await expect(main.getByText('If you sign in with Google', { exact: false })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expectNoA11yViolations(page);
  });
});

test.describe('your data', () => {
  test('a shopper downloads their data from the profile', async ({ page }) => {
    const user = await signInAs(page, { firstName: 'Ishaan', lastName: 'Verma' });
    await page.goto('/profile');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^trapthetrend-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({
      account: { id: user.id, name: 'Ishaan Verma', email: user.email },
      profile: { firstName: 'Ishaan', lastName: 'Verma', email: user.email, phone: '9876543210', gender: 'female' },
      addresses: [],
      orders: [],
      reviews: [],
      likes: [],
      cart: [],
    });
  });

  test('a shopper deletes their account, is signed out, and sees it done', async ({ page, consoleErrors }) => {
    const user = await signInAs(page, { firstName: 'Tara', lastName: 'Menon' });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete my account');
    await expectNoA11yViolations(page);

    // An account without a password (made through Google, as signInAs's is) confirms with its email.
    await page.getByLabel(`Type your email (${user.email}) to confirm`).fill('someone@example.test');
    await page.getByLabel('I understand that my account and its personal data will be deleted for good.').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('That is not the email address of this account.').first()).toBeVisible();
    expectOnlyFailedRequests(consoleErrors, [400]);

    await page.getByLabel(`Type your email (${user.email}) to confirm`).fill(user.email);
    await page.getByLabel('I understand that my account and its personal data will be deleted for good.').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account deleted');
    await expect(page.getByText('Your account has been deleted and you have been signed out.')).toBeVisible();
    await expect(signedOutIcon(page)).toBeVisible();
    await expectNoA11yViolations(page);

    const row = await withDatabase(async (client) => {
      const result = await client.query<{ name: string; email: string; deleted: boolean; sessions: string }>(
        `select name, email, deleted_at is not null as deleted,
                (select count(*) from sessions where user_id = users.id) as sessions
           from users where id = $1`,
        [user.id],
      );
      return result.rows[0];
    });
    expect(row).toEqual({
      name: 'Deleted account',
      email: `deleted-${user.id}@deleted.invalid`,
      deleted: true,
      sessions: '0',
    });

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });
});
