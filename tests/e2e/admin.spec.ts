// The admin area in Chromium: the catalog, orders, coupons, drops and audit log for an admin, and nothing
// at all for anyone else.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import sharp from 'sharp';

import {
  expect,
  expectNoA11yViolations,
  expectOnlyDocument404,
  expectOnlyFailedRequests,
  insertOrder,
  mailsTo,
  signInAs,
  test,
  withDatabase,
} from './fixtures.ts';
import { ownBrowser, ownBrowserAs } from './own-browser.ts';
import { fillParcel, pressMove } from './staff-moves.ts';

test('an admin sees every product with its stock per size, and can filter them', async ({ page }) => {
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL('/admin/products');
  // Exact: the dashboard, still shown a moment after the address changes, has 'Top products'.
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  const rows = page.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(60);
  const shown = page.getByText(/^\d+ products?$/);
  const everyProduct = (await shown.textContent())!;
  await expectNoA11yViolations(page);

  await page.getByLabel('Category').selectOption('polos');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/category=polos/);
  // The address changes a moment before the filtered table is rendered: wait for the new count.
  await expect(shown).not.toHaveText(everyProduct);
  const polos = Number.parseInt((await shown.textContent())!, 10);
  expect(polos).toBeGreaterThan(0);
  expect(polos).toBeLessThan(30);
  await expect(rows).toHaveCount(polos + 1);
  await expect(page.getByRole('cell', { name: /Polos$/ })).toHaveCount(polos);
});

test('a customer and a visitor get the ordinary 404 page', async ({ page, consoleErrors }) => {
  await page.goto('/admin/products');
  expectOnlyDocument404(consoleErrors);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await signInAs(page);
  await page.goto('/admin');
  expectOnlyDocument404(consoleErrors);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoA11yViolations(page);
});

/** Two product folders as staff would pick them: one good, one with a text file named .jpg. */
async function importFolders(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'ttt-import-'));
  const drop = path.join(root, 'new-drop');
  const image = (background: string) =>
    sharp({ create: { width: 400, height: 500, channels: 3, background } })
      .png()
      .toBuffer();
  await mkdir(path.join(drop, 'neon-drift_tee'), { recursive: true });
  await mkdir(path.join(drop, 'broken-bomber'), { recursive: true });
  await writeFile(path.join(drop, 'neon-drift_tee', '1-front.png'), await image('#ff5a1f'));
  await writeFile(
    path.join(drop, 'neon-drift_tee', '2-back.jpg'),
    await sharp({ create: { width: 400, height: 500, channels: 3, background: '#101012' } })
      .jpeg()
      .toBuffer(),
  );
  await writeFile(path.join(drop, 'broken-bomber', '1.png'), await image('#ffd23f'));
  await writeFile(path.join(drop, 'broken-bomber', 'notes.jpg'), 'Remember to reshoot the back.');
  return drop;
}

test('an admin imports folders, edits a price the store then shows, and deletes with confirmation', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Import from folders' }).click();
  await expect(page.getByRole('heading', { name: 'Import from image folders' })).toBeVisible();
  await page.getByLabel('Collection').selectOption('trap-themed');
  await page.getByLabel('Category').selectOption('oversized');
  await page.getByLabel('Choose a folder').setInputFiles(await importFolders());
  await expect(page.getByText('neon-drift_tee: 2 files')).toBeVisible();
  await expect(page.getByText('broken-bomber: 2 files')).toBeVisible();
  await expectNoA11yViolations(page);
  // Hold the upload's answer, to see the progress bar while the server works.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/admin/products/import/files', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importing…' })).toBeDisabled();
  release();

  const main = page.getByRole('main');
  await expect(main.getByRole('status')).toHaveText(
    'Imported "Neon Drift Tee" from neon-drift_tee with 2 images. Edit it',
  );
  await expect(main.getByRole('alert')).toHaveText(
    'The folder broken-bomber was not imported. notes.jpg is not a JPEG, PNG or WebP image.',
  );
  await expectNoA11yViolations(page);

  // Edit: the import's defaults, then a new price.
  await main.getByRole('link', { name: 'Edit it' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Neon Drift Tee' })).toBeVisible();
  const productId = /\/admin\/products\/(\d+)$/.exec(page.url())?.[1];
  await expect(page.getByLabel('Price')).toHaveValue('₹599.00');
  await expect(page.getByLabel('Return policy')).toHaveValue('15 Days Returns & Exchange available.');
  await expectNoA11yViolations(page);
  await page.getByLabel('Price').fill('12abc');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(main.getByText('Enter the price in rupees, such as 1299 or ₹1,299.00.')).toBeVisible();
  await page.getByLabel('Price').fill('₹1,299');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(main.getByRole('status')).toHaveText('Saved "Neon Drift Tee".');

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { name: 'Neon Drift Tee' })).toBeVisible();
  await expect(page.getByRole('main').getByText('₹1,299.00').first()).toBeVisible();
  const picture = page
    .getByRole('main')
    .getByRole('img', { name: /Neon Drift Tee/ })
    .first();
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Delete, after the dialog; cancelling first keeps it.
  await page.goto(`/admin/products/${productId}`);
  await page.getByRole('button', { name: 'Delete product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Neon Drift Tee”?' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete product' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\?deleted=/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Deleted “Neon Drift Tee”.');
  const response = await page.goto(`/product/${productId}`);
  expect(response?.status()).toBe(404);
  // The page is the one kept for visitors; signed in, it asks for the header's own parts again
  // (ADR 0058), and that `.data` request is a 404 too: the document's two failed requests.
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await expect.poll(() => consoleErrors.length).toBe(2);
  expectOnlyFailedRequests(consoleErrors, [404, 404]);
});

test('an admin ships an order with tracking and marks it delivered; the shopper follows it and is emailed each time', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Three browsers, four moves, four emails and five accessibility scans: more than the default 30 s
  // on a busy two-core machine.
  test.setTimeout(60_000);
  // The shopper and, later, a visitor browse in browsers of their own.
  const { page: shopperPage, user: customer } = await ownBrowserAs(browser, { firstName: 'Riya', lastName: 'Kapoor' });
  const orderId = await withDatabase((client) =>
    insertOrder(client, {
      userId: customer.id,
      item: { productId: 1, name: 'Astro Kid Tee', size: 'M', pricePaise: 129900 },
    }),
  );
  const number = orderId.slice(0, 8).toUpperCase();
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/orders?status=pending');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: `Order #${orderId.slice(0, 8)}` }).click();
  await expect(page.getByText('Astro Kid Tee').first()).toBeVisible();
  await expectNoA11yViolations(page);

  await pressMove(page, 'Mark as processing', 'Order moved to Processing.');

  // Shipped with Delhivery: the store fills in the tracking address from the AWB number.
  await fillParcel(page, 'Delhivery', 'DL20261125');
  await expectNoA11yViolations(page);
  await pressMove(page, 'Mark as shipped', 'Order moved to Shipped.');
  const tracking = 'https://www.delhivery.com/track-v2/package/DL20261125';
  await expect(page.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', tracking);

  // The shopper sees the parcel on Your Orders, with the link to follow it.
  await shopperPage.goto('/orders');
  const progress = shopperPage.getByRole('list', { name: `Progress of order #${number}` });
  await expect(progress).toContainText('Delhivery, AWB DL20261125.');
  await expect(progress.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', tracking);
  await expect(progress.getByRole('listitem').filter({ hasText: 'Delivered' })).toContainText('Not yet');
  await expectNoA11yViolations(shopperPage);

  await pressMove(page, 'Mark as delivered', 'Order moved to Delivered.');
  await pressMove(page, 'Mark as completed', 'Order moved to Completed.');
  await expect(page.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);

  const mails = await mailsTo(customer.email, 4);
  expect(mails.map((mail) => mail.subject)).toEqual(
    expect.arrayContaining([/Processing/, /Shipped/, /Delivered/, /Completed/].map((s) => expect.stringMatching(s))),
  );
  expect(mails.find((mail) => mail.subject.endsWith('Shipped'))!.text).toContain(`Track your parcel: ${tracking}`);

  await shopperPage.reload();
  await expect(progress.getByRole('listitem').filter({ hasText: 'Delivered' })).not.toContainText('Not yet');

  // A visitor follows the same order with its number and email, from the footer's Track Order.
  const visitor = await ownBrowser(browser);
  await visitor.goto('/');
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Track Order' }).click();
  await expect(visitor).toHaveURL(/\/track-order$/);
  await visitor.getByLabel('Order number').fill(number);
  await visitor.getByLabel('Email used for the order').fill(customer.email);
  await visitor.getByRole('button', { name: 'Track' }).click();
  await expect(visitor.getByRole('heading', { name: `Order #${number}: Completed` })).toBeVisible();
  await expect(visitor.getByRole('list', { name: `Progress of order #${number}` })).toContainText(
    'Delhivery, AWB DL20261125.',
  );
  await expectNoA11yViolations(visitor);
  await Promise.all([shopperPage.context().close(), visitor.context().close()]);

  // The audit log lists the moves.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByText(`order ${orderId}`).first()).toBeVisible();
  await expectNoA11yViolations(page);
  expect(consoleErrors).toEqual([]);
});

test('an admin creates and deactivates a coupon', async ({ page }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/coupons');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'New coupon' }).click();
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Type').selectOption('flat');
  await page.getByLabel('Amount off (% or ₹)').fill('150');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Coupon ${code} created.`);
  await page.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Coupon ${code} deactivated.`);
  await expect(page.getByRole('button', { name: `Activate ${code}` })).toBeVisible();
});
test('an admin schedules a drop, edits it and deletes it', async ({ page }) => {
  const name = `E2E drop ${Date.now().toString(36)}`;
  // A month ahead, so it is upcoming whatever the hour; the form reads it as India time.
  const date = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Drops' }).click();
  await expect(page.getByRole('heading', { name: 'Drops', level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'New drop' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Time').fill('20:00');
  await page.getByLabel('Of each size').fill('1');
  await page.getByLabel('Hidden until live').check();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create drop' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Drop “${name}” created.`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('8:00 pm');
  await expect(row).toContainText('1 per size');
  await expect(row).toContainText('Upcoming');

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Time')).toHaveValue('20:00');
  await page.getByLabel('In all').fill('2');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Drop “${name}” saved.`);
  await expect(row).toContainText('1 per size, 2 in all');

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await page.getByRole('button', { name: 'Delete drop' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    `Drop “${name}” deleted. Its products are on sale now.`,
  );
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
