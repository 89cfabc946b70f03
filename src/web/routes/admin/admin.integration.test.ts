// Every admin route and request, listed here once: a visitor and a customer get the ordinary 404
// page, an admin gets the page.
import { beforeAll, describe, expect, it } from 'vitest';

import { customerAndAdminCookies } from '../../../../tests/support/accounts.ts';
import { ORIGIN, useTestApp } from '../../../../tests/support/app.ts';
import { createOrder, createProduct, createUser } from '../../../../tests/support/factories.ts';
import { auditLog, coupons, customerNotes, orders, products, productStock } from '../../../server/db/schema.ts';
import { seedCoupons } from '../../../server/db/seed.ts';

const ADMIN_ROUTES = [
  '/admin',
  '/admin?period=custom&from=2026-01-01&to=2026-01-31',
  '/admin.data',
  '/admin/products',
  '/admin/products?search=bomber&category=jackets',
  '/admin/products.data',
  '/admin/coupons',
  '/admin/coupons/new',
  '/admin/coupons/WELCOME10',
  '/admin/orders',
  '/admin/orders?status=pending',
  '/admin/orders?search=00000000&payment=online&action=to_ship&from=2026-01-01&to=2026-12-31',
  '/admin/orders/export.csv',
  '/admin/orders/export.csv?status=pending&from=2026-01-01',
  '/admin/orders/00000000-0000-4000-8000-000000000008',
  '/admin/customers/admin-area-customer',
  '/admin/products/import',
  '/admin/products/1',
  '/admin/products/1.data',
  '/admin/products/1/stock',
  '/admin/products/1/stock?page-M=2',
  '/admin/products/stock-upload',
  '/admin/audit',
  '/admin/audit?page=2',
  '/admin/delivery-zones',
  '/admin/gst',
  '/admin/gst?month=2026-10',
  '/admin/gst/2026-10/hsn.csv',
];
const ORDER_ID = '00000000-0000-4000-8000-000000000008';
const CUSTOMER_ID = 'admin-area-customer';

/** Every change the area can make, as the admin's browser sends it. */
const ADMIN_REQUESTS: Array<{ path: string; body: () => FormData | URLSearchParams }> = [
  {
    path: '/admin/products/import/files',
    body: () => {
      const form = new FormData();
      form.append('collection', 'trap-themed');
      form.append('category', 'polos');
      form.append('images', new Blob([PNG]), 'sneaky-tee/1.png');
      return form;
    },
  },
  {
    path: '/admin/products/1',
    body: () => {
      const form = new FormData();
      form.append('intent', 'delete');
      return form;
    },
  },
  { path: '/admin/products/1/stock', body: () => new URLSearchParams({ size: 'M', reason: 'received', units: '5' }) },
  {
    path: '/admin/products/stock-upload',
    body: () => {
      const form = new FormData();
      form.append('intent', 'apply');
      form.append('csv', 'product_id,size,quantity\n1,M,9\n');
      form.append('seen', '1,M,3');
      return form;
    },
  },
  { path: `/admin/orders/${ORDER_ID}`, body: () => new URLSearchParams({ to: 'processing' }) },
  {
    path: `/admin/customers/${CUSTOMER_ID}`,
    body: () => new URLSearchParams({ intent: 'note', note: 'Called about the parcel.' }),
  },
  { path: '/admin/coupons', body: () => new URLSearchParams({ intent: 'deactivate', code: 'WELCOME10' }) },
  {
    path: '/admin/coupons/new',
    body: () => new URLSearchParams({ code: 'FREEBIE', kind: 'flat', value: '500', minOrder: '0' }),
  },
  { path: '/admin/coupons/WELCOME10', body: () => new URLSearchParams({ kind: 'percent', value: '90' }) },
  {
    path: '/admin/delivery-zones',
    body: () => new URLSearchParams({ 'name-0': 'Everywhere', 'standardDays-0': '2', 'serviceable-0': 'on' }),
  },
];
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const { database, app, auth, get } = useTestApp();
let cookies: Record<'customer' | 'admin', string>;

beforeAll(async () => {
  cookies = await customerAndAdminCookies(auth, database.db, { name: 'Store Admin' });
  await createProduct(
    database.db,
    { name: 'Midnight Bomber Jacket', category: 'jackets', sizes: ['M', 'L'] },
    { M: 3, L: 0 },
  );
  await createProduct(database.db, { name: 'Court Polo', category: 'polos', sizes: ['S'] });
  await seedCoupons(database.db);
  await createUser(database.db, { id: CUSTOMER_ID, name: 'Area Customer' });
  await createOrder(database.db, { id: ORDER_ID, userId: CUSTOMER_ID });
});

/** What an admin request could change. */
async function snapshot() {
  const [productRows, stockRows, orderRows, couponRows, auditRows, noteRows] = await Promise.all([
    database.db.select().from(products).orderBy(products.id),
    database.db.select().from(productStock).orderBy(productStock.productId, productStock.size),
    database.db.select({ id: orders.id, status: orders.status }).from(orders),
    database.db.select().from(coupons).orderBy(coupons.code),
    database.db.select().from(auditLog),
    database.db.select().from(customerNotes),
  ]);
  return { productRows, stockRows, orderRows, couponRows, auditRows, noteRows };
}

describe('the admin area', () => {
  it.each(ADMIN_ROUTES)('%s is the ordinary 404 page to a visitor and to a customer', async (path) => {
    const unknown = await get('/no-such-page');
    for (const cookie of ['', cookies.customer]) {
      const res = await get(path, cookie);
      expect(res.status).toBe(404);
      if (!path.endsWith('.data')) {
        const html = await res.text();
        expect(html).toContain('Page not found');
        // Nothing of the area's code or screens is sent (the requested address is echoed, as on any 404).
        expect(html).not.toContain('routes/admin');
        expect(html).not.toContain('Store admin');
        expect(html.match(/<title>[^<]*<\/title>/)?.[0]).toBe(
          (await unknown.clone().text()).match(/<title>[^<]*<\/title>/)?.[0],
        );
      }
    }
  });

  it.each(ADMIN_REQUESTS)(
    'a POST to $path is the ordinary 404 to a visitor and a customer, and changes nothing',
    async ({ path, body }) => {
      const before = await snapshot();
      for (const cookie of ['', cookies.customer]) {
        const res = await app.request(`${ORIGIN}${path}`, {
          method: 'POST',
          body: body(),
          headers: { Origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        });
        expect(res.status).toBe(404);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(ADMIN_ROUTES)('%s answers an admin', async (path) => {
    expect((await get(path, cookies.admin)).status).toBe(200);
  });

  it("keeps the area's routes out of the client's route discovery for anyone but an admin", async () => {
    const html = await (await get('/')).text();
    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
    expect(version).toBeDefined();
    const manifest = (cookie: string) => get(`/__manifest?paths=/admin,/admin/products&version=${version}`, cookie);
    for (const cookie of ['', cookies.customer]) {
      const res = await manifest(cookie);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('routes/admin');
    }
    expect(await (await manifest(cookies.admin)).text()).toContain('routes/admin/products');
  });

  it('works for an admin: /admin opens the dashboard, the products show stock per size and filters', async () => {
    const home = await (await get('/admin', cookies.admin)).text();
    expect(home).toContain('<h1 id="admin-dashboard-title"');
    // The sections' first, marked as the page shown; the products' link is not.
    expect(home).toContain(
      '<a aria-current="page" class="block rounded-full px-4 py-2 font-semibold bg-ink text-white" href="/admin" data-discover="true">Dashboard</a>',
    );
    expect(home).not.toContain(
      'aria-current="page" class="block rounded-full px-4 py-2 font-semibold bg-ink text-white" href="/admin/products"',
    );

    const all = await (await get('/admin/products', cookies.admin)).text();
    expect(all).toContain('Midnight Bomber Jacket');
    expect(all).toContain('Court Polo');
    expect(all).toContain('M<!-- -->: <!-- -->3');
    expect(all).toContain('Only 3 left');

    const filtered = await get('/admin/products?search=bomber&category=jackets', cookies.admin);
    expect(filtered.status).toBe(200);
    const html = await filtered.text();
    expect(html).toContain('Midnight Bomber Jacket');
    expect(html).not.toContain('Court Polo');
  });
});
