// The GST return's figures in Chromium: staff open it from the admin's sections, choose a month,
// read its tables and download its documents issued as the offline tool's CSV.
import { readFile } from 'node:fs/promises';

import { indiaMonth } from '../../src/common/india-time.ts';
import { expect, expectNoA11yViolations, expectOnlyFailedRequests, signInAs, test } from './fixtures.ts';

test('@both staff choose a month and download its GST figures', async ({ page }) => {
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/orders');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'GST return' }).click();
  await expect(page.getByRole('heading', { name: 'GST return' })).toBeVisible();

  const month = indiaMonth(new Date());
  await page.getByLabel('Month').fill(month);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(`/admin/gst?month=${month}`);
  for (const table of ['Totals', 'Sales to consumers', 'HSN summary', 'Documents issued']) {
    await expect(page.getByRole('region', { name: table })).toBeVisible();
  }
  await expectNoA11yViolations(page);

  const invoicesRow = page.getByRole('region', { name: 'Documents issued' }).getByRole('row').nth(1);
  const issued = (await invoicesRow.getByRole('cell').nth(3).textContent())!;
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download documents issued (docs.csv)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`gstr1-${month}-docs.csv`);
  const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe('\uFEFFNature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled');
  expect(lines[1]).toMatch(new RegExp(`^Invoices for outward supply,.*,${issued},0$`));
  expect(lines[2]).toMatch(/^Credit Note,/);
});

test('a month that is not one is refused with its message', async ({ page, consoleErrors }) => {
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/gst?month=2016-01');
  expectOnlyFailedRequests(consoleErrors, [400]);
  await expect(page.getByRole('alert')).toHaveText('Choose a month from July 2017 to this month, as YYYY-MM.');
  await expectNoA11yViolations(page);
});
