// A failed delivery (docs/decisions/0053) in Chromium at 1440 and 390 px: the shopper sees the
// courier's scans and the failed attempt on Your Orders, answers with a corrected phone number,
// and staff see the answer in their queue at /admin/deliveries. The parcel and its scans are
// written as the courier's tracking leaves them; axe on every page on the way.
import { randomUUID } from 'node:crypto';

import {
  expect,
  expectNoA11yViolations,
  expectOnlyFailedRequests,
  insertOrder,
  signInAs,
  test,
  withDatabase,
} from './fixtures.ts';

/** A shipped order of one seeded product whose courier parcel failed to deliver an hour ago. */
async function failedDelivery(userId: string) {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number; name: string; price_paise: number }>(
      'select id, name, price_paise from products order by id limit 1',
    );
    const product = rows[0]!;
    const orderId = await insertOrder(client, {
      userId,
      item: { productId: product.id, name: product.name, size: 'M', pricePaise: product.price_paise },
      status: 'shipped',
      daysAgo: 3,
    });
    const awb = `1904${randomUUID().replaceAll('-', '').replace(/[a-f]/g, '3').slice(0, 10)}`;
    await client.query(
      `insert into shipments (order_id, courier, awb, tracking_url, shipped_at)
       values ($1, 'Delhivery Surface', $2, 'https://shiprocket.co/tracking/' || $2, now() - interval '2 days')`,
      [orderId, awb],
    );
    const parcel = await client.query<{ id: string }>(
      `insert into courier_shipments (order_id, provider, reference, state, courier, awb)
       values ($1, 'shiprocket', $2, 'delivery_failed', 'Delhivery Surface', $3) returning id`,
      [orderId, `e2e-${orderId}`, awb],
    );
    const parcelId = parcel.rows[0]!.id;
    await client.query(
      `insert into tracking_events (courier_shipment_id, state, provider_status, activity, location, occurred_at) values
         ($1, 'picked_up', 'PICKED UP', 'In Transit - Shipment picked up', 'Chomu_SamodRd_D (Rajasthan)', now() - interval '2 days'),
         ($1, 'delivery_failed', 'UNDELIVERED', 'Consignee unavailable - Door locked', 'Mumbai_MiraRd_H (Maharashtra)', now() - interval '1 hour')`,
      [parcelId],
    );
    await client.query(
      `insert into delivery_failures (courier_shipment_id, reason, reported_at)
       values ($1, 'Consignee unavailable - Door locked', now() - interval '1 hour')`,
      [parcelId],
    );
    return { orderId, number: orderId.slice(0, 8).toUpperCase() };
  });
}

test('a failed delivery answered by its shopper, and waiting in the staff queue @both', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const shopper = await signInAs(page);
  const order = await failedDelivery(shopper.id);

  await page.goto('/orders');
  const card = page.getByRole('listitem').filter({ hasText: `Order #${order.number}` });
  await expect(card.getByText('Delivery failed', { exact: true }).first()).toBeVisible();
  const updates = card.getByRole('list', { name: 'Parcel updates' });
  await expect(updates.getByText('Consignee unavailable - Door locked')).toBeVisible();
  await expect(updates.getByText('In Transit - Shipment picked up')).toBeVisible();
  await expectNoA11yViolations(page);

  await card.getByRole('link', { name: 'Tell us what to do' }).click();
  await expect(page.getByRole('heading', { name: `Delivery of order #${order.number}` })).toBeVisible();
  await expect(page.getByText('The courier says: Consignee unavailable - Door locked')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel('Try again, calling a corrected phone number').check();
  await page.getByLabel('Corrected phone number (10 digits)').fill('91234');
  await page.getByRole('button', { name: 'Send my answer' }).click();
  await expect(page.getByText('Enter a phone number of exactly 10 digits.').first()).toBeVisible();
  expectOnlyFailedRequests(consoleErrors, [400]);
  await expectNoA11yViolations(page);

  await page.getByLabel('Corrected phone number (10 digits)').fill('9123456780');
  await page.getByRole('button', { name: 'Send my answer' }).click();
  await expect(page.getByText('Thank you: we will pass your answer to the courier.')).toBeVisible();
  await expect(page.getByText('Another attempt, calling 9123456780')).toBeVisible();
  await expectNoA11yViolations(page);

  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/deliveries');
  await expect(page.getByRole('heading', { name: 'Failed deliveries' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `#${order.number}` });
  await expect(row.getByText('Another attempt, calling 9123456780')).toBeVisible();
  await expect(row.getByRole('button', { name: `Send to courier: order #${order.number}` })).toBeVisible();
  await expectNoA11yViolations(page);
});
