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
  withDatabase,
} from './fixtures.ts';

const PASSWORD = 'Street@2026';

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** From /profile/two-factor: starts the setup, reads the key and backup codes, confirms with a code. */
async function setUp(page: Page, { password }: { password: boolean }) {
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  if (password) await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
  expect(backupCodes).toHaveLength(10);
  await expectNoA11yViolations(page);
  await page.getByLabel('Authentication code').fill(await authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.').first()).toBeVisible();
  // The app's next code, without waiting 30 s for it: the store forgets the code just used.
  await withDatabase((db) => db.query("delete from rate_limits where key like '2fa:used:%'"));
  return { secret, backupCodes };
}

test('a shopper turns it on from the profile, then signs in with a code, and with a backup code', async ({
  page,
  consoleErrors,
}) => {
  // Three sign-ins and a setup: more steps than most journeys.
  test.slow();
  const user = await createPasswordUser(PASSWORD);
  await logIn(page, user.email);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Off: set up two-factor sign-in' }).click();
  await expectNoA11yViolations(page);
  const { secret, backupCodes } = await setUp(page, { password: true });

  await page.context().clearCookies();
  await logIn(page, user.email);
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
  await logIn(page, user.email);
  await page.getByRole('link', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
});

test('an admin is sent to set it up before the admin opens', async ({ page }) => {
  const user = await createPasswordUser(PASSWORD);
  await withDatabase((db) => db.query("update users set role = 'admin' where id = $1", [user.id]));
  await logIn(page, user.email);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL('/profile/two-factor');
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
