// Tax invoices (ADR 0024): right after paying, the shopper downloads the order's invoice from Your
// Orders and the PDF says what was bought, from whom and for how much; the confirmation email
// carries the same PDF, and staff download it from the order's page.
import { readFile } from 'node:fs/promises';

import type { Download, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

import { expect, expectNoA11yViolations, mailsTo, signInAs, test, withDatabase } from './fixtures.ts';

/** A shopper with one unit of a product in size M in the cart and a saved address in Karnataka. */
async function shopperReadyToPay(page: Page) {
  const product = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number; name: string; price_paise: number }>(
      `select p.id, p.name, p.price_paise from products p join product_stock s on s.product_id = p.id and s.size = 'M'
       where p.price_paise between 99900 and 149800 and s.quantity >= 10 order by p.id limit 1`,
    );
    return rows[0]!;
  });
  const user = await signInAs(page);
  await withDatabase(async (db) => {
    await db.query("insert into cart_items (user_id, product_id, size, quantity) values ($1, $2, 'M', 1)", [
      user.id,
      product.id,
    ]);
    await db.query(
      `insert into addresses (user_id, name, phone, house, street, city, pincode, state)
       values ($1, 'Riya Kapoor', '9876543210', 'Flat 4B', 'MG Road', 'Bengaluru', '560001', 'Karnataka')`,
      [user.id],
    );
  });
  return { product, user };
}

async function pdfText(download: Download): Promise<string> {
  const bytes = await readFile(await download.path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const amount = (paise: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);

test('the shopper downloads the tax invoice of a paid order from Your Orders', async ({ page }) => {
  const { product, user } = await shopperReadyToPay(page);
  await page.goto('/checkout');
  await page.getByLabel('Coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Coupon applied!/)).toBeVisible();
  const total = product.price_paise - Math.floor(product.price_paise / 10);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page
    .getByRole('dialog', { name: 'Razorpay test payment' })
    .getByRole('button', { name: 'Pay by card' })
    .click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const paymentId = new URL(page.url()).searchParams.get('payment')!;

  await page.goto('/orders');
  const order = page.getByRole('main').getByRole('listitem').filter({ hasText: paymentId });
  const link = order.getByRole('link', { name: /^Tax invoice TTT\/\d{4}-\d{2}\/\d{6}$/ });
  // The invoice is numbered right after the payment (ADR 0060): a moment later, if not yet.
  await expect(async () => {
    if (!(await link.isVisible())) await page.reload();
    await expect(link).toBeVisible({ timeout: 500 });
  }).toPass();
  await expectNoA11yViolations(page);
  const number = (await link.textContent())!.replace('Tax invoice ', '');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);

  const text = await pdfText(download);
  expect(text).toContain('Tax Invoice');
  expect(text).toContain(`Invoice number: ${number}`);
  // The demo seller is in Karnataka, as is the delivery: CGST and SGST.
  expect(text).toContain('GSTIN: 29AAACT1234D1ZR');
  expect(text).toContain('Place of supply: Karnataka');
  expect(text).toContain(`${product.name} (Size M)`);
  expect(text).toContain('CGST (INR)');
  expect(text).toMatch(new RegExp(`Total paid \\(INR\\)\\s+${amount(total)}`));

  const [mail] = await mailsTo(user.email);
  expect(mail!.attachments).toEqual([
    { filename: `${number.replaceAll('/', '-')}.pdf`, contentType: 'application/pdf' },
  ]);

  // Staff download the same document from the order's page.
  const orderId = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>('select id from orders where payment_id = $1', [paymentId]);
    return rows[0]!.id;
  });
  await page.context().clearCookies();
  await signInAs(page, { role: 'admin' });
  await page.goto(`/admin/orders/${orderId}`);
  const adminLink = page.getByRole('link', { name: `Tax invoice ${number}` });
  await expect(adminLink).toBeVisible();
  await expectNoA11yViolations(page);
  const [staffCopy] = await Promise.all([page.waitForEvent('download'), adminLink.click()]);
  expect(await pdfText(staffCopy)).toContain(`Invoice number: ${number}`);
});
