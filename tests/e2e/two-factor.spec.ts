// Two-factor sign-in in the browser (ADR 0020): a shopper turns it on from the profile and
// signs in with a code from the app or a backup code; an admin is sent to set it up before the
// admin opens; a Google sign-in asks for the code too.
import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';

import { authenticatorCode } from '../support/two-factor.ts';
import {
  createPasswordUser,
  expect,
  expectNoA11yViolations,
  expectOnlyFailedRequests,
  nextOidcUser,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { adminSentToTwoFactorSetup, finishTwoFactorSetup, logIn, startTwoFactorSetup } from './password-sign-in.ts';

const PASSWORD = 'Street@2026';

/** From /profile/two-factor: starts the setup, reads the key and backup codes, confirms with a code. */
async function setUp(page: Page, { password }: { password: boolean }) {
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const secret = await startTwoFactorSetup(page, password ? PASSWORD : undefined);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
  expect(backupCodes).toHaveLength(10);
  await expectNoA11yViolations(page);
  await finishTwoFactorSetup(page, secret);
  return { secret, backupCodes };
}

test('a shopper turns it on from the profile, then signs in with a code, and with a backup code', async ({
  page,
  consoleErrors,
}) => {
  // Three sign-ins and a setup: more steps than most journeys.
  test.slow();
  const user = await createPasswordUser(PASSWORD);
  await logIn(page, user.email, PASSWORD);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Off: set up two-factor sign-in' }).click();
  await expectNoA11yViolations(page);
  const { secret, backupCodes } = await setUp(page, { password: true });

  await page.context().clearCookies();
  await logIn(page, user.email, PASSWORD);
  await expect(page).toHaveURL('/login/two-factor');
  await expectNoA11yViolations(page);
  await page.getByLabel('Authentication code').fill(await authenticatorCode(secret, 10));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('That code is not right. Check your authenticator app and try again.').first(),
  ).toBeVisible();
  expectOnlyFailedRequests(consoleErrors, [401]);
  await page.getByLabel('Authentication code').fill(await authenticatorCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL('/', { timeout: 5000 });

  await page.context().clearCookies();
  await logIn(page, user.email, PASSWORD);
  await page.getByRole('link', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
});

test('an admin is sent to set it up before the admin opens', async ({ page }) => {
  await adminSentToTwoFactorSetup(page, PASSWORD);
  await expect(page.getByText('Admins must use two-factor sign-in. Set it up to open the admin.')).toBeVisible();
  await setUp(page, { password: true });
  await expect(page.getByText('Admins must keep two-factor sign-in on.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the admin' }).click();
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
});

test('a Google sign-in asks for the code too', async ({ page }) => {
  const email = uniqueEmail('google-2fa');
  const googleUser = { sub: randomUUID(), email, given_name: 'Tara', family_name: 'Menon' };
  await nextOidcUser(googleUser);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto('/profile/two-factor');
  // An account made through Google has no password to confirm.
  await expect(page.getByLabel('Password')).toHaveCount(0);
  const { secret } = await setUp(page, { password: false });

  await page.context().clearCookies();
  await nextOidcUser(googleUser);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL('/login/two-factor');
  await page.getByLabel('Authentication code').fill(await authenticatorCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
});
