// The login form and the two-factor setup, as a person with a password goes through them.
import type { Page } from '@playwright/test';

import { authenticatorCode } from '../support/two-factor.ts';
import { createPasswordUser, expect, type TestUser, withDatabase } from './fixtures.ts';

/** Fills in the login form the page shows and presses Continue. */
export async function submitLogIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Opens /login and logs in with `email` and `password`. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await submitLogIn(page, email, password);
}

/**
 * A new admin with `password` logs in through the form, opens /admin and is sent to set up
 * two-factor sign-in first.
 */
export async function adminSentToTwoFactorSetup(page: Page, password: string): Promise<TestUser> {
  const admin = await createPasswordUser(password);
  await withDatabase((db) => db.query("update users set role = 'admin' where id = $1", [admin.id]));
  await logIn(page, admin.email, password);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL('/profile/two-factor');
  return admin;
}

/**
 * On /profile/two-factor: confirms the password (an account made through Google has none), starts
 * the setup and reads the key it shows for the authenticator app.
 */
export async function startTwoFactorSetup(page: Page, password?: string): Promise<string> {
  if (password) await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  return (await page.getByTestId('totp-secret').textContent())!.trim();
}

/** Turns two-factor sign-in on with the app's code for `secret`. */
export async function finishTwoFactorSetup(page: Page, secret: string) {
  await page.getByLabel('Authentication code').fill(await authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.').first()).toBeVisible();
  // The app's next code, without waiting 30 s for it: the store forgets the code just used.
  await withDatabase((db) => db.query("delete from rate_limits where key like '2fa:used:%'"));
}
