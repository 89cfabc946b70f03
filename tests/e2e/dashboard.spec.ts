// The admin's dashboard in Chromium, on a desk and on a phone: a period chosen with the form, its
// figures against the period before, the charts drawn, each chart's table, and a bad range refused.
import { randomUUID } from 'node:crypto';

import { TEST_ADDRESS } from '../support/addresses.ts';
import { expect, expectNoA11yViolations, signInAs, test, withDatabase } from './fixtures.ts';

/**
 * A week long ago that no other journey orders in, one per project (they may share a database):
 * Monday to Sunday, and the Wednesday the orders are placed on.
 */
const WEEKS = {
  desktop: { from: '2025-03-03', to: '2025-03-09', orderedOn: '2025-03-05', shown: '3 Mar 2025 to 9 Mar 2025' },
  mobile: { from: '2025-04-07', to: '2025-04-13', orderedOn: '2025-04-09', shown: '7 Apr 2025 to 13 Apr 2025' },
} as const;

/** Two orders of the week: two units paid online and delivered, one by cash on delivery on its way. */
async function ordersOfTheWeek(orderedOn: string): Promise<{ name: string; pricePaise: number }> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number; name: string; price_paise: number; size: string }>(
      'select id, name, price_paise, sizes[1] as size from products order by id limit 1',
    );
    const product = rows[0]!;
    const shopper = randomUUID();
    await client.query("insert into users (id, name, email) values ($1, 'Meera Iyer', $2)", [
      shopper,
      `meera-${shopper.slice(0, 8)}@example.test`,
    ]);
    const place = (quantity: number, method: 'online' | 'cod', status: string) => {
      const line = {
        productId: product.id,
        name: product.name,
        size: product.size,
        quantity,
        pricePaise: product.price_paise,
      };
      const total = quantity * product.price_paise;
      return client.query(
        `insert into orders (user_id, email, address_json, items_json, subtotal_paise, total_paise, payment_method,
           payment_id, cod_confirmed_at, status, created_at)
         values ($1, (select email from users where id = $1), $2, $3, $4, $4, $5, $6, $7, $8, $9)`,
        [
          shopper,
          JSON.stringify(TEST_ADDRESS),
          JSON.stringify([line]),
          total,
          method,
          method === 'online' ? `pay_dash${randomUUID().slice(0, 12)}` : null,
          method === 'cod' ? `${orderedOn}T09:00:00+05:30` : null,
          status,
          `${orderedOn}T12:00:00+05:30`,
        ],
      );
    };
    await place(2, 'online', 'delivered');
    await place(1, 'cod', 'shipped');
    return { name: product.name, pricePaise: product.price_paise };
  });
}

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

test.describe('the dashboard', { tag: '@both' }, () => {
  test('an admin chooses a week and reads its figures, charts and their tables', async ({ page }, testInfo) => {
    const week = WEEKS[testInfo.project.name as keyof typeof WEEKS];
    const product = await ordersOfTheWeek(week.orderedOn);
    await signInAs(page, { role: 'admin' });

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('aria-current', 'page');
    // The days' charts are drawn once the page runs, whatever the period holds.
    await expect(page.locator('[data-chart="chart-days"] svg.recharts-surface')).toHaveCount(2);

    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('First day (custom range)').fill(week.from);
    await page.getByLabel('Last day (custom range)').fill(week.to);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(`/admin?period=custom&from=${week.from}&to=${week.to}`);
    await expect(page.getByText(`${week.shown} (India time), against`)).toBeVisible();

    const figure = (label: string) =>
      page
        .getByRole('list', { name: 'Figures' })
        .getByRole('listitem')
        .filter({ has: page.getByText(label, { exact: true }) });
    const ordered = 3 * product.pricePaise;
    await expect(figure('Orders')).toContainText('2Up from 0 (previous period: 0)');
    await expect(figure('Revenue')).toContainText(`${rupees(ordered)}${rupees(ordered)} ordered, ₹0.00 went back`);
    await expect(figure('Cash on delivery')).toContainText('33.3%');
    await expect(figure('Returned to origin')).toContainText('0 of 2 shipped orders');

    // Every chart drawn, the phone's width too: the page itself never scrolls sideways.
    for (const chart of ['chart-days', 'chart-categories', 'chart-products', 'chart-sizes']) {
      await expect(page.locator(`[data-chart="${chart}"] svg.recharts-surface`).first()).toBeVisible();
    }
    await expect(page.locator('[data-chart="chart-products"] .recharts-bar-rectangle')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );

    // Each chart's figures as a table.
    await page.getByText('Top products: the figures as a table').click();
    const products = page.getByRole('region', { name: 'Top products' });
    await expect(products.getByRole('row')).toHaveCount(2);
    await expect(products.getByRole('row').nth(1)).toHaveText(`${product.name}3${rupees(ordered)}`);
    await page.getByText('Orders and revenue per day: the figures as a table').click();
    await expect(page.getByRole('region', { name: 'Orders and revenue per day' }).getByRole('row')).toHaveCount(8);
    await expectNoA11yViolations(page);

    // A range that cannot be: said in words, and the last 7 days shown instead.
    await page.getByLabel('First day (custom range)').fill(week.to);
    await page.getByLabel('Last day (custom range)').fill(week.from);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The first day must be on or before the last day. Showing the last 7 days instead.',
    );
    await expect(page.getByLabel('Period', { exact: true })).toHaveValue('7d');
    await expectNoA11yViolations(page);
  });
});
