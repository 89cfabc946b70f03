// Shared fixtures: every test fails on a browser console.error or an uncaught page error, and
// `expectNoA11yViolations` runs axe on the current page (serious and critical violations fail).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import sharp from 'sharp';

import { LOGIN_POPUP_DISMISSED_KEY } from '../../src/web/components/login-popup.tsx';
import { TEST_ADDRESS } from '../support/addresses.ts';
import { e2eSettings } from '../support/e2e-settings.ts';
import type { NextOidcUser, ReceivedMail } from '../support/test-peers.ts';

const settings = e2eSettings();

export const test = base.extend<{ consoleErrors: string[]; loginPopup: boolean }>({
  // The home page's login popup would cover what most tests look at; its own tests turn it on.
  loginPopup: [false, { option: true }],
  page: async ({ page, loginPopup, javaScriptEnabled }, use) => {
    if (!loginPopup) {
      await page.addInitScript((key) => sessionStorage.setItem(key, '1'), LOGIN_POPUP_DISMISSED_KEY);
    }
    if (javaScriptEnabled !== false) {
      // Buttons are real forms that post before the scripts have loaded; a test of the scripted
      // behaviour waits until the page is interactive (root.tsx marks it), as a person would.
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.headers()['content-type']?.startsWith('text/html')) {
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        }
        return response;
      };
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'the browser logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

/** Chromium reports a document's own 404 status on the console; a 404 page expects exactly that. */
/** A signed-out visitor presses the first Like button on the page, and is asked to log in. */
export async function expectLikeAsksToLogIn(page: Page) {
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Like / })
    .first()
    .click();
  await expect(page.getByText('Please log in to like products.')).toBeVisible();
}

export function expectOnlyDocument404(consoleErrors: string[]) {
  expect(consoleErrors.splice(0)).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
}

/** Chromium logs each failed request (4xx, 5xx) on the console; a test that expects them says which. */
export function expectOnlyFailedRequests(consoleErrors: string[], statuses: number[]) {
  const failed = consoleErrors.splice(0);
  expect(failed.length).toBe(statuses.length);
  for (const [index, status] of statuses.entries()) expect(failed[index]).toContain(`status of ${status}`);
}

/** A unique email for one test. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Mails the test SMTP server received for `to`, waiting up to 10 s for at least `count`. */
export async function mailsTo(to: string, count = 1): Promise<ReceivedMail[]> {
  let mails: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${settings.controlUrl}/mails?to=${encodeURIComponent(to)}`);
        mails = (await response.json()) as ReceivedMail[];
        return mails.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** Who the local OpenID provider signs in next (or the error it answers with). */
export async function nextOidcUser(user: NextOidcUser) {
  const response = await fetch(`${settings.controlUrl}/oidc/next-user`, { method: 'POST', body: JSON.stringify(user) });
  expect(response.ok).toBe(true);
}

/** Runs SQL on the store's database (the e2e run's database on the PostgreSQL server). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Picks a small photo (a JPEG named `name`) in the form's Photos field, as a shopper does. */
export async function attachPhoto(page: Page, name: string) {
  const photo = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel(/^Photos/).setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
}

/** One line of an order: a unit of `productId` in `size` at `pricePaise`. */
export interface OrderedItem {
  productId: number;
  name: string;
  size: string;
  pricePaise: number;
}

/**
 * Writes a paid order of one unit of `item` for `userId` to the address tests use, placed `daysAgo`
 * days ago (today unless the test says), as checkout would have placed it.
 */
export async function insertOrder(
  client: pg.Client,
  order: { id?: string; userId: string; item: OrderedItem; status?: string; daysAgo?: number },
): Promise<string> {
  const id = order.id ?? randomUUID();
  await client.query(
    `insert into orders (id, user_id, email, address_json, items_json, subtotal_paise, total_paise, payment_id, status, created_at)
     values ($1, $2, (select email from users where id = $2), $3, $4, $5, $5, $6, $7, now() - make_interval(days => $8))`,
    [
      id,
      order.userId,
      JSON.stringify(TEST_ADDRESS),
      JSON.stringify([{ ...order.item, quantity: 1 }]),
      order.item.pricePaise,
      `pay_e2e${id.slice(0, 8)}`,
      order.status ?? 'pending',
      order.daysAgo ?? 0,
    ],
  );
  return id;
}

/** How many units of the product's `size` are left in stock. */
export async function unitsInStock(productId: number, size: string): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ quantity: number }>(
      'select quantity from product_stock where product_id = $1 and size = $2',
      [productId, size],
    );
    return rows[0]!.quantity;
  });
}

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Signs a new user in without the login form: writes the user, profile and session straight to
 * the database and gives the browser the signed session cookie better-auth expects.
 */
export async function signInAs(
  page: Page,
  options: { role?: 'customer' | 'admin'; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const user: TestUser = {
    id: randomUUID(),
    email: uniqueEmail(options.role ?? 'customer'),
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? 'Shopper',
  };
  const token = randomBytes(24).toString('base64url');
  await withDatabase(async (client) => {
    // An admin has two-factor sign-in on, as /admin requires (its own journey is two-factor.spec.ts).
    await client.query(
      'insert into users (id, name, email, email_verified, role, two_factor_enabled) values ($1, $2, $3, true, $4, $5)',
      [user.id, `${user.firstName} ${user.lastName}`, user.email, options.role ?? 'customer', options.role === 'admin'],
    );
    await client.query(
      'insert into profiles (id, first_name, last_name, email, phone, gender) values ($1, $2, $3, $4, $5, $6)',
      [user.id, user.firstName, user.lastName, user.email, '9876543210', 'female'],
    );
    await client.query(
      "insert into sessions (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')",
      [randomUUID(), token, user.id],
    );
  });
  const signature = createHmac('sha256', settings.authSecret).update(token).digest('base64');
  await page.context().addCookies([
    {
      name: 'ttt.session_token',
      value: encodeURIComponent(`${token}.${signature}`),
      url: settings.baseUrl,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return user;
}

/** A customer who signs in with a password (through the form, unlike signInAs). */
export async function createPasswordUser(password: string): Promise<TestUser> {
  const user: TestUser = { id: randomUUID(), email: uniqueEmail('password'), firstName: 'Kabir', lastName: 'Sethi' };
  const hash = await hashPassword(password);
  await withDatabase(async (client) => {
    await client.query('insert into users (id, name, email, email_verified) values ($1, $2, $3, true)', [
      user.id,
      `${user.firstName} ${user.lastName}`,
      user.email,
    ]);
    await client.query('insert into profiles (id, first_name, last_name, email) values ($1, $2, $3, $4)', [
      user.id,
      user.firstName,
      user.lastName,
      user.email,
    ]);
    await client.query(
      "insert into accounts (id, user_id, provider_id, account_id, password) values ($1, $2, 'credential', $2, $3)",
      [randomUUID(), user.id, hash],
    );
  });
  return user;
}
