// /admin, the dashboard, through the real app: an admin chooses a period with the GET form and
// reads its figures against the period before, each chart's table and the sizes running low (at
// LOW_STOCK_UNITS); bad periods are named and the last 7 days shown instead.
import { beforeAll, describe, expect, it } from 'vitest';

import { customerAndAdminCookies } from '../../../../tests/support/accounts.ts';
import { useTestApp } from '../../../../tests/support/app.ts';
import { createOrder, createProduct, createUser } from '../../../../tests/support/factories.ts';
import { DASHBOARD_MESSAGES, formatRange, readDashboardPeriod } from '../../../common/dashboard.ts';
import { indiaDay } from '../../../common/india-time.ts';

const { database, auth, get } = useTestApp({ LOW_STOCK_UNITS: '3' });
let admin: string;

/** The page's text, without React's comment markers between adjacent text. */
const textOf = async (path: string) => (await (await get(path, admin)).text()).replaceAll('<!-- -->', '');
const JANUARY_WEEK = '/admin?period=custom&from=2026-01-05&to=2026-01-11';

beforeAll(async () => {
  ({ admin } = await customerAndAdminCookies(auth, database.db));
  const db = database.db;
  const tee = await createProduct(
    db,
    { name: 'Saturday Cartoons Tee', category: 'regular-fit', sizes: ['S', 'M'] },
    { S: 2, M: 40 },
  );
  const hoodie = await createProduct(
    db,
    { name: 'Garba Night Hoodie', category: 'sweatshirts', sizes: ['L'] },
    { L: 0 },
  );
  const [kavya, rohan] = [await createUser(db, { name: 'Kavya' }), await createUser(db, { name: 'Rohan' })];
  const tees = (quantity: number, size = 'S') => [
    { productId: tee.id, name: tee.name, size, quantity, pricePaise: 79_900 },
  ];
  // The week before (29 Dec to 4 Jan): one order of Kavya's.
  await createOrder(db, {
    userId: kavya.id,
    itemsJson: tees(1),
    status: 'delivered',
    createdAt: new Date('2026-01-02T06:30:00Z'),
  });
  // The week (5 to 11 Jan): Kavya again online, Rohan by cash on delivery, a hoodie cancelled.
  await createOrder(db, {
    userId: kavya.id,
    itemsJson: tees(2),
    status: 'delivered',
    createdAt: new Date('2026-01-05T06:30:00Z'),
  });
  await createOrder(db, {
    userId: rohan.id,
    itemsJson: tees(1, 'M'),
    paymentMethod: 'cod',
    paymentId: null,
    codConfirmedAt: new Date('2026-01-07T08:00:00Z'),
    status: 'shipped',
    createdAt: new Date('2026-01-07T06:30:00Z'),
  });
  await createOrder(db, {
    userId: rohan.id,
    itemsJson: [{ productId: hoodie.id, name: hoodie.name, size: 'L', quantity: 1, pricePaise: 149_900 }],
    status: 'cancelled',
    createdAt: new Date('2026-01-11T17:00:00Z'),
  });
  // Today: the tees sold recently give the small size its pace.
  await createOrder(db, { userId: kavya.id, itemsJson: tees(1) });
});

describe('the dashboard', () => {
  it("shows a custom range's figures against the same days before it", async () => {
    const html = await textOf(JANUARY_WEEK);
    expect(html).toContain('<h1 id="admin-dashboard-title" class="text-2xl font-black uppercase">Dashboard</h1>');
    expect(html).toContain('5 Jan 2026 to 11 Jan 2026 (India time), against 29 Dec 2025 to 4 Jan 2026.');
    // The same days in the orders list, whose revenue adds up with it.
    expect(html).toContain(
      '<a class="font-semibold underline" href="/admin/orders?from=2026-01-05&amp;to=2026-01-11" data-discover="true">These days&#x27; orders</a>',
    );
    // The chooser keeps what was chosen.
    expect(html).toMatch(/<option value="custom" selected="">Custom range<\/option>/);
    expect(html).toContain('type="date" name="from" value="2026-01-05"');
    expect(html).toContain('type="date" name="to" value="2026-01-11"');

    const card = (label: string, value: string, change: string, previous: string, detail?: string) =>
      `<p class="text-sm font-semibold text-muted">${label}</p><p class="mt-1 text-xl font-black sm:text-2xl">${value}</p>${
        detail ? `<p class="text-xs text-muted">${detail}</p>` : ''
      }<p class="mt-2 text-sm"><span class="font-semibold">${change}</span> (previous period: ${previous})</p>`;
    // 2 tees (₹1,598) + 1 tee by cash (₹799) + a hoodie cancelled (₹1,499, all of it back).
    expect(html).toContain(card('Orders', '3', 'Up 200.0%', '1'));
    expect(html).toContain(
      card('Revenue', '₹2,397.00', 'Up 200.0%', '₹799.00', '₹3,896.00 ordered, ₹1,499.00 went back'),
    );
    expect(html).toContain(card('Average order value', '₹1,298.67', 'Up 62.5%', '₹799.00'));
    expect(html).toContain(card('Paid online', '79.5%', 'Down 20.5 points', '100.0%', '₹3,097.00'));
    expect(html).toContain(card('Cash on delivery', '20.5%', 'Up 20.5 points', '0.0%', '₹799.00'));
    expect(html).toContain(card('Store credit', '0.0%', 'No change', '0.0%', '₹0.00'));
    expect(html).toContain(card('Return rate', '0.0%', 'No change', '0.0%', '0 of 1 delivered orders'));
    expect(html).toContain(card('Exchange rate', '0.0%', 'No change', '0.0%', '0 of 1 delivered orders'));
    expect(html).toContain(
      card('Returned to origin', '0.0%', 'No change', '0.0%', '0 of 2 shipped orders; cash on delivery 0.0%'),
    );
    // Rohan is new; Kavya ordered the week before, so she is returning.
    expect(html).toContain(card('New shoppers', '1', 'No change', '1', 'of 2 shoppers'));
    expect(html).toContain(card('Returning shoppers', '1', 'Up from 0', '0'));
  });

  it("gives each chart's figures as a table, the charts being drawn in the browser", async () => {
    const html = await textOf(JANUARY_WEEK);
    const row = (...cells: string[]) =>
      `<tr><th scope="row" class="px-3 py-2 text-left font-normal">${cells[0]}</th>${cells
        .slice(1)
        .map((cell) => `<td class="px-3 py-2 whitespace-nowrap">${cell}</td>`)
        .join('')}</tr>`;
    expect(html).toContain(row('5 Jan 2026', '1', '₹1,598.00'));
    expect(html).toContain(row('6 Jan 2026', '0', '₹0.00'));
    expect(html).toContain(row('7 Jan 2026', '1', '₹799.00'));
    expect(html).toContain(row('11 Jan 2026', '1', '₹0.00'));
    expect(html).toContain(row('Regular Fit', '3', '₹2,397.00'));
    expect(html).toContain(row('Saturday Cartoons Tee', '3', '₹2,397.00'));
    expect(html).not.toContain(row('Sweatshirts', '1', '₹1,499.00'));
    expect(html).toContain(row('S', '2', '2', '0', '50.0%'));
    expect(html).toContain(row('L', '0', '0', '1', '—'));
    for (const title of [
      'Orders and revenue per day',
      'Sales by category',
      'Top products',
      'Sizes that sell out first',
    ]) {
      expect(html).toContain(
        `<summary class="cursor-pointer font-semibold underline">${title}: the figures as a table</summary>`,
      );
    }
    // Drawn only in the browser, by a module no other page loads.
    expect(html).toContain('data-chart="chart-days"');
    expect(html).not.toContain('recharts-surface');
    expect(html).toContain('How the figures are counted');
  });

  it('lists the sizes at or under LOW_STOCK_UNITS with their pace over 14 days', async () => {
    const html = await textOf('/admin');
    expect(html).toContain('Sizes with 3 or fewer units left, the soonest to run out first');
    const cells = (...values: string[]) => values.map((value) => `<td class="px-3 py-2">${value}</td>`).join('');
    expect(html).toMatch(new RegExp(`Garba Night Hoodie</a></td>${cells('L', '0', '0', 'Sold out')}`));
    // Today's tee: 1 sold in 14 days, 2 left: 28 days at that pace.
    expect(html).toMatch(new RegExp(`Saturday Cartoons Tee</a></td>${cells('S', '2', '1', '28 days')}`));
    expect(html).not.toMatch(/Saturday Cartoons Tee<\/a><\/td><td class="px-3 py-2">M</);
  });

  it.each([
    ['period=fortnight', DASHBOARD_MESSAGES.period],
    ['period=custom&from=2026-01-05', DASHBOARD_MESSAGES.missing],
    ['period=custom&from=2026-02-29&to=2026-03-02', DASHBOARD_MESSAGES.day],
    ['period=custom&from=%3Cscript%3E&to=2026-03-02', DASHBOARD_MESSAGES.day],
    ['period=custom&from=2026-01-11&to=2026-01-05', DASHBOARD_MESSAGES.order],
    ['period=custom&from=2020-01-01&to=2026-01-01', DASHBOARD_MESSAGES.tooLong],
    ['period=custom&from=2026-01-01&to=2999-01-01', DASHBOARD_MESSAGES.future],
  ])('?%s: says what is wrong and shows the last 7 days', async (query, message) => {
    const res = await get(`/admin?${query}`, admin);
    expect(res.status).toBe(200);
    const html = (await res.text()).replaceAll('<!-- -->', '');
    expect(html).toContain(
      `<div role="alert" class="mt-4 rounded-md border px-4 py-3 text-sm font-semibold border-red-300 bg-red-50 text-red-900">${message} ${DASHBOARD_MESSAGES.fallback}</div>`,
    );
    const { period } = readDashboardPeriod(new URLSearchParams(), indiaDay(new Date()));
    expect(html).toContain(`${formatRange(period)} (India time), against ${formatRange(period.previous)}.`);
    expect(html).toMatch(/<option value="7d" selected="">Last 7 days<\/option>/);
    expect(html).not.toContain('<script>');
  });
});
