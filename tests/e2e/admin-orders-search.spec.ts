// The back office's orders and customers in Chromium, on a desk and on a phone: staff find an order
// from the number a shopper quotes and from their phone, list what needs action, download the
// matching orders as CSV for accounting, and leave a note on the customer's page.
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { expect, expectNoA11yViolations, insertOrder, signInAs, test, uniqueEmail, withDatabase } from './fixtures.ts';

test('@both staff search an order by number and phone, filter what needs action, export it and note the customer', async ({
  page,
}) => {
  // Two orders of one shopper, to a phone nobody else's order has: one to ship, one delivered
  // with a return waiting for staff. The delivery name starts as a spreadsheet formula would.
  const shopper = { id: randomUUID(), email: uniqueEmail('kavya'), name: 'Kavya Menon' };
  const phone = `7${randomInt(100_000_000, 999_999_999)}`;
  const item = { productId: 1, name: 'Astro Kid Tee', size: 'M', pricePaise: 129_900 };
  const [toShip, returning] = await withDatabase(async (client) => {
    await client.query('insert into users (id, name, email, email_verified) values ($1, $2, $3, true)', [
      shopper.id,
      shopper.name,
      shopper.email,
    ]);
    const ids = [
      await insertOrder(client, { userId: shopper.id, item, status: 'pending' }),
      await insertOrder(client, { userId: shopper.id, item, status: 'delivered', daysAgo: 3 }),
    ];
    await client.query(
      `update orders set address_json = address_json || jsonb_build_object('phone', $1::text, 'name', '=Kavya Menon')
       where id = any($2::uuid[])`,
      [phone, ids],
    );
    await client.query(
      `insert into return_requests (order_id, kind, product_id, size, quantity, reason, refund_destination, expires_at)
       values ($1, 'return', 1, 'M', 1, 'wrong_size', 'original', now() + interval '7 days')`,
      [ids[1]],
    );
    return ids as [string, string];
  });
  const numberOf = (id: string) => id.slice(0, 8).toUpperCase();

  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expectNoA11yViolations(page);
  const search = page.getByLabel('Order number, email, phone or AWB');
  const count = page.getByText(/^\d+ orders? match/);
  const table = page.getByRole('region', { name: 'Orders table' });

  // The number a shopper quotes, in lower case as they might type it.
  await search.fill(numberOf(toShip).toLowerCase());
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`search=${numberOf(toShip).toLowerCase()}`));
  await expect(count).toHaveText('1 order matches · Clear the search and filters');
  await expect(table.getByRole('link', { name: `Order #${toShip.slice(0, 8)}` })).toBeVisible();

  // Their phone, as written on a note: both orders.
  await search.fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(count).toHaveText('2 orders match · Clear the search and filters');

  // Of those, the one whose return waits for staff.
  await page.getByLabel('Needs action').selectOption('return_waiting');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=return_waiting/);
  await expect(count).toHaveText('1 order matches · Clear the search and filters');
  await expect(table.getByRole('link', { name: `Order #${returning.slice(0, 8)}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Order #${toShip.slice(0, 8)}` })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The matching orders as CSV: the line, the figures, and the name that cannot run as a formula.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, row, ...rest] = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(rest).toEqual(['']);
  expect(header).toBe(
    'Order number,Date (India time),Status,Payment method,Customer name,Customer email,Customer phone,' +
      'Place of supply,Line,Product,Size,Quantity,Unit price (INR),Line amount (INR),Order subtotal (INR),' +
      'Discount (INR),COD fee (INR),Store credit used (INR),Order total (INR),Refunded so far (INR),Invoice number',
  );
  expect(row!.split(',')).toEqual([
    numberOf(returning),
    expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    'Delivered',
    'Paid online',
    "'=Kavya Menon",
    shopper.email,
    phone,
    'Karnataka',
    '1',
    'Astro Kid Tee',
    'M',
    '1',
    '1299.00',
    '1299.00',
    '1299.00',
    '0.00',
    '0.00',
    '0.00',
    '1299.00',
    '0.00',
    '',
  ]);

  // The customer's page: the return, and a note for the team.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Search by email or name').fill(shopper.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  // The address changes a moment before the filtered list is rendered: wait for the one customer.
  const customerLink = page.getByRole('link', { name: shopper.name });
  await expect(customerLink).toHaveCount(1);
  await customerLink.click();
  await expect(page.getByRole('heading', { name: shopper.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Returns and exchanges of the customer' })).toContainText(
    'Return of 1 × Astro Kid Tee (M)',
  );
  await expect(page.getByText('No notes yet.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('New note').fill('Prefers a call before delivery.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Note added.');
  const notes = page.getByRole('list', { name: 'Notes, newest first' });
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes).toContainText('Prefers a call before delivery.');
  await expect(page.getByLabel('New note')).toHaveValue('');
  await expectNoA11yViolations(page);
});
