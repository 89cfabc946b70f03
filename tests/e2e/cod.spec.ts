// A cash on delivery order after it is placed, in Chromium at 1440 and 390 px (ADR 0047, ADR 0049):
// its shopper opens the emailed link signed out, logs in, comes back and confirms it; staff ship
// it, mark it delivered and record its cash; another parcel comes back to the store, its units
// put back on sale. The orders are written as checkout places them; axe on every page on the way.
import { randomUUID } from 'node:crypto';

import type pg from 'pg';

import { TEST_ADDRESS } from '../support/addresses.ts';
import { codConfirmPath, newCodConfirmToken } from '../../src/server/orders/cod-token.ts';
import {
  createPasswordUser,
  expect,
  expectNoA11yViolations,
  signInAs,
  test,
  unitsInStock,
  withDatabase,
} from './fixtures.ts';
import { ownBrowserAs } from './own-browser.ts';
import { submitLogIn } from './password-sign-in.ts';
import { fillParcel, pressMove } from './staff-moves.ts';

const PASSWORD = 'Kurta@Lane2026';
const FEE_PAISE = 4_900;

/** A seeded product with a size M in stock. */
async function productWithM(client: pg.Client) {
  const { rows } = await client.query<{ id: number; name: string; price_paise: number }>(
    `select p.id, p.name, p.price_paise from products p
       join product_stock s on s.product_id = p.id and s.size = 'M'
      where s.quantity > 1 order by p.id limit 1`,
  );
  return rows[0]!;
}

/**
 * Writes a cash on delivery order of one unit in M with a ₹49 fee, as checkout places it (awaiting
 * its shopper's confirmation unless `status` says), and gives the link its email carries.
 */
async function insertCodOrder(userId: string, status = 'awaiting_confirmation') {
  const id = randomUUID();
  const { token, hash } = newCodConfirmToken();
  const product = await withDatabase(async (client) => {
    const found = await productWithM(client);
    await client.query(
      `insert into orders (id, user_id, email, address_json, items_json, subtotal_paise, cod_fee_paise, total_paise,
                           payment_method, payment_id, status, cod_confirm_token_hash, cod_confirmed_at)
       values ($1, $2, (select email from users where id = $2), $3, $4, $5::int, $6::int, $5::int + $6::int, 'cod', null, $7, $8,
               case when $7::text = 'awaiting_confirmation' then null else now() end)`,
      [
        id,
        userId,
        JSON.stringify(TEST_ADDRESS),
        JSON.stringify([
          { productId: found.id, name: found.name, size: 'M', quantity: 1, pricePaise: found.price_paise },
        ]),
        found.price_paise,
        FEE_PAISE,
        status,
        hash,
      ],
    );
    return found;
  });
  const rupees = (paise: number) =>
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
  return {
    id,
    number: id.slice(0, 8).toUpperCase(),
    link: codConfirmPath(id, token),
    product,
    total: rupees(product.price_paise + FEE_PAISE),
  };
}

test('a cash on delivery order confirmed from its link, shipped, delivered and its cash received @both', async ({
  page,
  browser,
}) => {
  // A long journey through two browsers, with several accessibility scans.
  test.setTimeout(90_000);
  const shopper = await createPasswordUser(PASSWORD);
  const order = await insertCodOrder(shopper.id);

  // The shopper opens the emailed link signed out: log in first, then back to the order.
  await page.goto(order.link);
  await expect(page).toHaveURL('/login');
  await submitLogIn(page, shopper.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Confirm your order' })).toBeVisible({ timeout: 5000 });
  await expect(page.getByText(`Order #${order.number}`)).toBeVisible();
  await expect(page.getByText(`Cash on delivery: ${order.total} to pay when it arrives`)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('Thank you: your order is confirmed. We will let you know when it ships.')).toBeVisible();
  await expectNoA11yViolations(page);

  // Your Orders: pending now, with the cash still to pay.
  await page.getByRole('link', { name: 'View your orders' }).click();
  const card = page.getByRole('listitem').filter({ hasText: `Order #${order.number}` });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByText(`Cash on delivery: ${order.total} to pay when it arrives`)).toBeVisible();
  await expect(card.getByRole('button', { name: `Confirm order #${order.number}` })).toHaveCount(0);

  // Staff prepare it, ship it, mark it delivered and record the courier's remittance.
  const { page: staff } = await ownBrowserAs(browser, { role: 'admin' });
  await staff.goto(`/admin/orders/${order.id}`);
  await expect(staff.getByText(`Cash on delivery: ${order.total} to collect`)).toBeVisible();
  await pressMove(staff, 'Mark as processing', 'Order moved to Processing.');
  await fillParcel(staff, 'Delhivery', 'DL44400011');
  await pressMove(staff, 'Mark as shipped', 'Order moved to Shipped.');
  // Its invoice was issued as it left.
  await expect(staff.getByRole('link', { name: /Tax invoice/ })).toBeVisible();
  await pressMove(staff, 'Mark as delivered', 'Order moved to Delivered.');
  await expectNoA11yViolations(staff);
  await staff.getByLabel('Remittance reference').fill('UTR-DL-20261127');
  await pressMove(staff, 'Record cash received', `Cash of ${order.total} recorded as received.`);
  await expect(staff.getByText(/^Reference UTR-DL-20261127, remitted on \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Record cash received' })).toHaveCount(0);
  await expectNoA11yViolations(staff);

  // Delivered: the shopper has nothing left to pay.
  await page.reload();
  // The status badge comes before the journey's own 'Delivered' step.
  await expect(card.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(card.getByText(/to pay when it arrives/)).toHaveCount(0);
  await staff.context().close();
});

test('a cash on delivery parcel returned to origin, its units back on sale @both', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const { page: shopperPage, user: shopper } = await ownBrowserAs(browser, { firstName: 'Kabir', lastName: 'Sethi' });
  const order = await insertCodOrder(shopper.id, 'processing');
  const unitsBefore = await unitsInStock(order.product.id, 'M');

  await signInAs(page, { role: 'admin' });
  await page.goto(`/admin/orders/${order.id}`);
  await fillParcel(page, 'Blue Dart', 'BD55500077');
  await pressMove(page, 'Mark as shipped', 'Order moved to Shipped.');
  await page.getByLabel('Put the units back on sale').check();
  await pressMove(page, 'Mark as returned to origin', 'Order moved to Returned to origin.');
  await expect(page.getByText('This order is returned to origin: its status is final.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Credit note/ })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await unitsInStock(order.product.id, 'M')).toBe(unitsBefore + 1);

  await shopperPage.goto('/orders');
  const card = shopperPage.getByRole('listitem').filter({ hasText: `Order #${order.number}` });
  await expect(card.getByText('Returned to origin', { exact: true })).toBeVisible();
  await expect(card.getByText(/to pay when it arrives/)).toHaveCount(0);
  await expectNoA11yViolations(shopperPage);
  await shopperPage.context().close();
});
