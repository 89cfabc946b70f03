// Shipping through the courier in Chromium (docs/decisions/0053), against the demo store's own
// Shiprocket sandbox: staff make a paid order ready to ship and print its label and the pickup
// manifest (one PDF, its text checked); the sandbox moves the parcel as the courier would, its
// tracking webhook moves the order, and the shopper follows each scan on Your Orders. A delivery
// that fails is answered by the shopper and sent on by staff; an approved return is picked up by
// the courier. Axe on the pages on the way.
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

import { expect, expectNoA11yViolations, mailsTo, signInAs, test, withDatabase } from './fixtures.ts';
import { ownBrowserAs } from './own-browser.ts';
import { paidOrder } from './paid-order.ts';
import { pressMove } from './staff-moves.ts';

/** Staff tick the orders on /admin/orders and press 'Ready to ship'; the text of the PDF it offers. */
async function readyToShip(page: Page, numbers: string[]): Promise<string> {
  await page.goto('/admin/orders');
  for (const number of numbers) await page.getByLabel(`Ship order #${number}`).check();
  await page.getByRole('button', { name: 'Ready to ship' }).click();
  const ready =
    numbers.length === 1 ? `Order #${numbers[0]} is ready to ship.` : `${numbers.length} orders are ready to ship.`;
  await expect(page.getByText(ready)).toBeVisible();
  // The PDF opens in the browser's viewer: read it as the link gives it, with staff's session.
  const link = page.getByRole('link', { name: 'Download labels and manifest' });
  const response = await page.request.get((await link.getAttribute('href'))!);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await response.body()));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** The sandbox moves the parcel of `reference` as the courier would (its buttons are plain forms). */
async function courierMoves(page: Page, reference: string, moves: string[], reason?: string, kind = 'Order') {
  // No React page: the fixtures' goto, which waits for hydration, does not apply.
  await page.mainFrame().goto('/sandbox/shiprocket');
  const parcel = page.getByRole('region', { name: `${kind} ${reference}` });
  for (const move of moves) {
    if (reason && move === 'Delivery failed') await parcel.getByLabel('Reason').selectOption(reason);
    await parcel.getByRole('button', { name: move, exact: true }).click();
  }
}

test('a paid order is labelled, picked up, tracked scan by scan and delivered', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { page: shopper, user: customer } = await ownBrowserAs(browser, { firstName: 'Kavya', lastName: 'Menon' });
  const first = await paidOrder(customer.id);
  const second = await paidOrder(customer.id, 'processing');

  await signInAs(page, { role: 'admin' });
  const text = await readyToShip(page, [first.number, second.number]);
  for (const number of [first.number, second.number]) expect(text).toContain(`Order ${number}`);
  expect(text).toContain('Pickup manifest');
  // Addressed as the order is (the shopper's saved address).
  expect(text).toContain('Riya Kapoor, Bengaluru 560001');
  await expectNoA11yViolations(page);

  // Packed, not shipped: the courier's pickup ships it.
  await page.goto(`/admin/orders/${first.id}`);
  await expect(page.getByText('Label printed')).toBeVisible();
  const awb = await withDatabase(async (client) => {
    const { rows } = await client.query<{ awb: string }>('select awb from courier_shipments where order_id = $1', [
      first.id,
    ]);
    return rows[0]!.awb;
  });
  await expect(page.getByText(awb)).toBeVisible();

  // Booked with the courier: no longer the shopper's to cancel.
  await shopper.goto('/orders');
  const card = shopper.getByRole('listitem').filter({ hasText: `Order #${first.number}` });
  await expect(card.getByText('Packed', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await courierMoves(page, first.number, ['Picked up', 'In transit', 'Out for delivery']);
  await shopper.goto('/orders');
  await expect(card.getByText('Out for delivery', { exact: true }).first()).toBeVisible();
  const updates = card.getByRole('list', { name: 'Parcel updates' });
  await expect(updates.getByRole('listitem')).toHaveCount(3);
  await expectNoA11yViolations(shopper);

  await courierMoves(page, first.number, ['Delivered']);
  await shopper.reload();
  await expect(card.getByText('Delivered', { exact: true }).first()).toBeVisible();
  // Each scan with what happened, where and when (India time), newest first.
  const when = String.raw`, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$`;
  await expect(updates.getByRole('listitem')).toHaveText([
    new RegExp(`^Delivered\\s*Delivered\\s*Bengaluru \\(Karnataka\\)${when}`),
    new RegExp(`^Out for delivery\\s*Out for delivery\\s*Bengaluru \\(Karnataka\\)${when}`),
    new RegExp(`^In transit\\s*In Transit - Shipment received at facility\\s*Bengaluru Hub \\(Karnataka\\)${when}`),
    new RegExp(`^Picked up\\s*Shipment picked up\\s*New Delhi \\(Delhi\\)${when}`),
  ]);
  const [delivered] = await withDatabase(async (client) => {
    const { rows } = await client.query<{ status: string }>('select status from orders where id = $1', [first.id]);
    return rows;
  });
  expect(delivered!.status).toBe('delivered');
});

test('a failed delivery is answered by the shopper and sent on to the courier by staff', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { page: shopper, user: customer } = await ownBrowserAs(browser, { firstName: 'Farhan', lastName: 'Qureshi' });
  const order = await paidOrder(customer.id);
  await signInAs(page, { role: 'admin' });
  await readyToShip(page, [order.number]);
  await courierMoves(page, order.number, ['Picked up', 'Delivery failed'], 'Consignee not available');

  // Packed, shipped, then not delivered: the third email says so.
  const mails = await mailsTo(customer.email, 3);
  expect(mails.map((mail) => mail.subject)).toContain(
    `Trap the Trend: we could not deliver your order #${order.number}`,
  );
  await shopper.goto('/orders');
  const card = shopper.getByRole('listitem').filter({ hasText: `Order #${order.number}` });
  await card.getByRole('link', { name: 'Tell us what to do' }).click();
  await shopper.getByLabel('Try again, calling a corrected phone number').check();
  await shopper.getByLabel('Corrected phone number (10 digits)').fill('9123456780');
  await shopper.getByRole('button', { name: 'Send my answer' }).click();
  await expect(shopper.getByText('Thank you: we will pass your answer to the courier.')).toBeVisible();

  await page.goto('/admin/deliveries');
  const row = page.getByRole('row').filter({ hasText: `#${order.number}` });
  await expect(row.getByText('Another attempt, calling 9123456780')).toBeVisible();
  await row.getByRole('button', { name: `Send to courier: order #${order.number}` }).click();
  await expect(page.getByRole('row').filter({ hasText: `#${order.number}` })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('an approved return is booked for pickup and picked up by the courier', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { user: customer } = await ownBrowserAs(browser, { firstName: 'Ishaan', lastName: 'Bose' });
  const order = await paidOrder(customer.id, 'delivered');
  const requestId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into return_requests (order_id, kind, product_id, size, quantity, reason, refund_destination, expires_at)
       select id, 'return', (items_json->0->>'productId')::int, 'M', 1, 'damaged', 'original', now() + interval '7 days'
         from orders where id = $1 returning id`,
      [order.id],
    );
    return rows[0]!.id;
  });

  await signInAs(page, { role: 'admin' });
  await page.goto(`/admin/returns/${requestId}`);
  await pressMove(page, 'Approve', 'The request is now approved, awaiting pickup.');
  // The approval books the courier's pickup from the shopper, through the job queue.
  const reference = await expect
    .poll(
      () =>
        withDatabase(async (client) => {
          const { rows } = await client.query<{ reference: string }>(
            `select reference from courier_shipments where return_request_id = $1 and state = 'pickup_scheduled'`,
            [requestId],
          );
          return rows[0]?.reference;
        }),
      { timeout: 15_000 },
    )
    .toMatch(new RegExp(`^${order.number}-R`))
    .then(() =>
      withDatabase(async (client) => {
        const { rows } = await client.query<{ reference: string }>(
          'select reference from courier_shipments where return_request_id = $1',
          [requestId],
        );
        return rows[0]!.reference;
      }),
    );

  await courierMoves(page, reference, ['Picked up'], undefined, 'Return');
  await page.goto(`/admin/returns/${requestId}`);
  await expect(page.getByText('Picked up', { exact: true }).first()).toBeVisible();
  const [request] = await withDatabase(async (client) => {
    const { rows } = await client.query<{ status: string }>('select status from return_requests where id = $1', [
      requestId,
    ]);
    return rows;
  });
  expect(request!.status).toBe('picked_up');
  await expectNoA11yViolations(page);
});
