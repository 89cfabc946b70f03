// Staff's stock in Chromium, at a desk and on a phone: a product's stock page, an adjustment that
// appears in the size's history (and one refused with the units left), and a CSV upload previewed
// and applied.
import { randomUUID } from 'node:crypto';

import {
  expect,
  expectNoA11yViolations,
  expectOnlyFailedRequests,
  signInAs,
  test,
  unitsInStock,
  withDatabase,
} from './fixtures.ts';

/** A product of this test's own, so the catalog's other journeys never see its stock move. */
async function stockedProduct(): Promise<{ id: number; name: string }> {
  const name = `Stockroom Tee ${randomUUID().slice(0, 6)}`;
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into products (name, price_paise, sizes, images, delivery_info, collection, category)
       values ($1, 79900, array['M','L'], '["/images/products/808-bass-drop-puffer-jacket-1"]', $2, 'trap-themed', 'oversized') returning id`,
      [name, JSON.stringify({ standardDelivery: '3-5 days', expressDelivery: '1-2 days', pincodeDelivery: true })],
    );
    const id = rows[0]!.id;
    await client.query(`insert into product_stock (product_id, size, quantity) values ($1, 'M', 3), ($1, 'L', 0)`, [
      id,
    ]);
    return { id, name };
  });
}

test('@both staff adjust a size and see it in its history, then upload counts from a CSV file', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const product = await stockedProduct();
  await signInAs(page, { role: 'admin' });
  await page.goto(`/admin/products/${product.id}`);
  await page.getByRole('link', { name: 'Stock and its history' }).click();
  await expect(page.getByRole('heading', { name: `Stock of ${product.name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Size M: 3 units available to sell' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Size M: 3 units available to sell' })
      .getByText('Reserved now: none (no open checkout, unshipped order or exchange holds this size).'),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  const adjustM = page.getByRole('group', { name: 'Adjust size M' });
  await adjustM.getByLabel('Reason').selectOption('received');
  await adjustM.getByLabel('Units').fill('5');
  await adjustM.getByLabel('Note (optional)').fill('Morning delivery');
  await adjustM.getByRole('button', { name: 'Adjust M' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Size M now has 8 units (received, +5).');
  await expect(page.getByRole('heading', { name: 'Size M: 8 units available to sell' })).toBeVisible();
  const historyM = page.getByRole('region', { name: 'History of size M' });
  await expect(historyM.getByRole('row').nth(1)).toContainText('Received');
  await expect(historyM.getByRole('row').nth(1)).toContainText('+5');
  await expect(historyM.getByRole('row').nth(1)).toContainText('Morning delivery');
  await expect(historyM.getByRole('cell', { name: '8', exact: true })).toBeVisible();

  // More than is left is refused, naming the units left; nothing changes.
  await adjustM.getByLabel('Reason').selectOption('damaged');
  await adjustM.getByLabel('Units').fill('20');
  await adjustM.getByRole('button', { name: 'Adjust M' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Size M has 8 units left: an adjustment cannot take away 20.',
  );
  expectOnlyFailedRequests(consoleErrors, [409]);
  expect(await unitsInStock(product.id, 'M')).toBe(8);
  await expectNoA11yViolations(page);

  // A count of the units available to sell that matches is kept as checked.
  await adjustM.getByLabel('Reason').selectOption('counted');
  await adjustM.getByLabel('Units').fill('8');
  await adjustM.getByRole('button', { name: 'Adjust M' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Size M now has 8 units (counted, 0).');
  await expect(historyM.getByRole('row').nth(1)).toContainText('Counted');
  expect(await unitsInStock(product.id, 'M')).toBe(8);

  // The upload: previewed first, applied when staff confirm it.
  await page.getByRole('link', { name: 'Upload stock counts (CSV)' }).click();
  await expect(page.getByRole('heading', { name: 'Upload stock counts' })).toBeVisible();
  await expectNoA11yViolations(page);
  const csv = `product_id,size,quantity\n${product.id},M,12\n${product.id},L,4\n`;
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'counts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview of the stock upload' });
  await expect(preview.getByRole('row', { name: /M 8 → 12 \+4/ })).toBeVisible();
  await expect(preview.getByRole('row', { name: /L 0 → 4 \+4/ })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await unitsInStock(product.id, 'M')).toBe(8);
  await page.getByRole('button', { name: 'Apply these counts' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Stock set: 2 sizes of 1 product changed; 0 sizes already had that count.',
  );
  expect(await unitsInStock(product.id, 'M')).toBe(12);
  expect(await unitsInStock(product.id, 'L')).toBe(4);

  await page.getByRole('region', { name: 'Counts applied' }).getByRole('link', { name: product.name }).first().click();
  await expect(page.getByRole('heading', { name: 'Size L: 4 units available to sell' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History of size L' }).getByRole('row').nth(1)).toContainText(
    'Stock upload',
  );
});
