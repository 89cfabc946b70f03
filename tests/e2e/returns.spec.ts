// After the order, in Chromium (ADR 0025): staff ship an order with tracking, the shopper sees
// the tracking link, the parcel is delivered, the shopper asks to exchange it for another size
// (with a photo), staff approve, pick it up and ship the new size, and the shopper follows that
// parcel too; emailed at each step, with axe on every page on the way.
import { randomUUID } from 'node:crypto';

import {
  attachPhoto,
  expect,
  expectNoA11yViolations,
  insertOrder,
  mailsTo,
  signInAs,
  test,
  unitsInStock,
  withDatabase,
} from './fixtures.ts';
import { ownBrowserAs } from './own-browser.ts';
import { fillParcel, pressMove } from './staff-moves.ts';

test('an order shipped with tracking, delivered, and exchanged for another size, whose new size is shipped', async ({
  page,
  browser,
}) => {
  // A long journey through two browsers, with seven accessibility scans.
  test.setTimeout(90_000);
  const { page: shopperPage, user: customer } = await ownBrowserAs(browser, { firstName: 'Meera', lastName: 'Iyer' });

  // A seeded tee made in M and L with units of L left, bought in M.
  const orderId = randomUUID();
  const number = orderId.slice(0, 8).toUpperCase();
  const product = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number; name: string; price_paise: number; left_l: number }>(
      `select p.id, p.name, p.price_paise, s.quantity as left_l
         from products p join product_stock s on s.product_id = p.id and s.size = 'L'
        where 'M' = any(p.sizes) and s.quantity > 1 order by p.id limit 1`,
    );
    const found = rows[0]!;
    await insertOrder(client, {
      id: orderId,
      userId: customer.id,
      item: { productId: found.id, name: found.name, size: 'M', pricePaise: found.price_paise },
      status: 'processing',
    });
    return found;
  });
  const unitsOfL = () => unitsInStock(product.id, 'L');

  // Staff ship it with Delhivery; the shopper sees the tracking link on Your Orders.
  await signInAs(page, { role: 'admin' });
  await page.goto(`/admin/orders/${orderId}`);
  await fillParcel(page, 'Delhivery', 'DL77700011');
  await pressMove(page, 'Mark as shipped', 'Order moved to Shipped.');
  await shopperPage.goto('/orders');
  const progress = shopperPage.getByRole('list', { name: `Progress of order #${number}` });
  await expect(progress.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
    'href',
    'https://www.delhivery.com/track-v2/package/DL77700011',
  );
  await pressMove(page, 'Mark as delivered', 'Order moved to Delivered.');

  // The shopper asks to exchange M for L, with a photo: the L is set aside at once.
  await shopperPage.reload();
  await shopperPage.getByRole('link', { name: `Return or exchange items of order #${number}` }).click();
  await expect(shopperPage.getByRole('heading', { name: 'Return or exchange' })).toBeVisible();
  await expectNoA11yViolations(shopperPage);
  const before = await unitsOfL();
  await shopperPage.getByLabel('Exchange for another size').check();
  await shopperPage.getByLabel('Size you want instead').selectOption('L');
  await shopperPage.getByLabel('Reason').selectOption('wrong_size');
  await shopperPage.getByLabel('Note (optional)').fill('A size up, please.');
  await attachPhoto(shopperPage, 'fit.jpg');
  await shopperPage.getByRole('button', { name: 'Send request' }).click();
  await expect(
    shopperPage.getByText('Your request was sent. We will email you when it has been reviewed.'),
  ).toBeVisible();
  const summary = `Exchange of 1 × ${product.name} (M → L)`;
  await expect(shopperPage.getByRole('region', { name: 'Your requests for this order' })).toContainText(summary);
  expect(await unitsOfL()).toBe(before - 1);
  await expectNoA11yViolations(shopperPage);

  // Staff find it in the queue, see the photo, approve it, mark the pickup and ship the new size.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Returns' }).click();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: summary }).click();
  await expect(page.getByRole('img', { name: 'The item as the customer sent it (1 of 1)' })).toBeVisible();
  await expect(page.getByText('A size up, please.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Message to the customer (optional)').fill('Our courier comes on Friday.');
  await pressMove(page, 'Approve', 'The request is now approved, awaiting pickup.');
  await pressMove(page, 'Mark as picked up', 'The request is now picked up.');
  await fillParcel(page, 'Blue Dart', 'BD88800022');
  await pressMove(page, 'Ship the new size', 'The request is now replacement shipped.');
  await expectNoA11yViolations(page);

  // The shopper follows the new size's parcel from Your Orders, and was emailed at each step.
  await shopperPage.goto('/orders');
  const returns = shopperPage.getByRole('list', { name: `Returns and exchanges of order #${number}` });
  await expect(returns).toContainText(`${summary}: Replacement shipped`);
  await expect(returns).toContainText('Our team: Our courier comes on Friday.');
  await expect(returns.getByRole('link', { name: 'Track your new size' })).toHaveAttribute(
    'href',
    'https://www.bluedart.com/trackdartresultthirdparty?trackFor=0&trackNo=BD88800022',
  );
  await expectNoA11yViolations(shopperPage);
  const mails = await mailsTo(customer.email, 6);
  const subjects = mails.map((mail) => mail.subject);
  for (const status of ['requested', 'approved, awaiting pickup', 'picked up', 'replacement shipped']) {
    expect(subjects).toContainEqual(expect.stringContaining(`your exchange request (#${number}) is ${status}`));
  }
  const shipped = mails.find((mail) => mail.subject.endsWith('replacement shipped'))!;
  expect(shipped.text).toContain('Blue Dart, AWB BD88800022. Track your parcel:');
  await shopperPage.context().close();
});
