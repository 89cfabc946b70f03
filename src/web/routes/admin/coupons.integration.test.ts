// The admin's coupon pages through the real app and production build, as an admin posting forms
// without JavaScript; and what a customer or a visitor gets (the ordinary 404, nothing changed).
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { customerAndAdminCookies } from '../../../../tests/support/accounts.ts';
import { ORIGIN, useTestApp } from '../../../../tests/support/app.ts';
import { createProduct } from '../../../../tests/support/factories.ts';
import { bodyOf, expectShows } from '../../../../tests/support/html.ts';
import { auditLog, coupons, type Product } from '../../../server/db/schema.ts';
import { seedCoupons } from '../../../server/db/seed.ts';

const { database, app, auth, get, postForm } = useTestApp();
let cookies: Record<'customer' | 'admin', string>;
let hoodie: Product;

beforeAll(async () => {
  cookies = await customerAndAdminCookies(auth, database.db, { email: 'admin@example.test' });
  await seedCoupons(database.db);
  await database.db.update(coupons).set({ timesUsed: 7 }).where(eq(coupons.code, 'FLAT200'));
  hoodie = await createProduct(database.db, { name: 'Zip Hoodie', sizes: ['M'], pricePaise: 179_900 });
});

const coupon = async (code: string) => (await database.db.select().from(coupons).where(eq(coupons.code, code)))[0];
const auditCount = async () => (await database.db.select({ n: count() }).from(auditLog))[0]!.n;

/** The row of a coupon in the list's HTML. */
function rowOf(html: string, code: string): string {
  const start = html.indexOf(`<th scope="row" class="px-3 py-2 font-mono font-semibold">${code}</th>`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</tr>', start));
}

/** The tag of the form control named `name`, whatever the order of its attributes. */
function control(html: string, name: string): string {
  const tag = new RegExp(`<(?:input|select)[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  expect(tag, `a control named ${name}`).toBeDefined();
  return tag!;
}

const SUMMER25 = {
  code: 'summer25',
  kind: 'percent',
  value: '25',
  maxDiscount: '500',
  minOrder: '1,499',
  startsAt: '2026-12-01T10:00',
  endsAt: '2099-12-31T23:59',
  usageLimit: '15',
  perUserLimit: '1',
};

describe('the coupon list', () => {
  it('shows every coupon with its discount, minimum, dates, limits, times used and status', async () => {
    const html = await bodyOf(await get('/admin/coupons', cookies.admin));
    expectShows(html, [
      '<title>Admin: Coupons | Trap the Trend</title>',
      'name="robots" content="noindex"',
      'href="/admin/coupons/new"',
    ]);

    const welcome = rowOf(html, 'WELCOME10');
    expectShows(welcome, [
      '10% off, up to ₹300.00',
      '₹999.00',
      'Any time',
      'No limit',
      'data-testid="times-used">0</td>',
      '>Active</span>',
      'href="/admin/coupons/WELCOME10"',
    ]);
    expect(welcome).toMatch(/<button[^>]*value="deactivate"[^>]*>Deactivate<span class="sr-only"> <!-- -->WELCOME10/);
    expectShows(rowOf(html, 'FLAT200'), ['₹200.00 off', 'data-testid="times-used">7</td>']);
    expectShows(rowOf(html, 'EXPIRED50'), ['Until 1 Jan 2025, 12:00 am', '>Expired</span>', '>None</td>']);
  });
});

describe('creating a coupon', () => {
  it('saves it and returns to the list, which says so and shows it', async () => {
    const res = await postForm('/admin/coupons/new', SUMMER25, cookies.admin);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/admin/coupons?created=SUMMER25');
    expect(await coupon('SUMMER25')).toMatchObject({
      kind: 'percent',
      value: 25,
      maxDiscountPaise: 50_000,
      minOrderPaise: 149_900,
      startsAt: new Date('2026-12-01T04:30:00Z'),
      usageLimit: 15,
      perUserLimit: 1,
      active: true,
    });

    const html = await (await get('/admin/coupons?created=SUMMER25', cookies.admin)).text();
    expectShows(html, ['<div role="status"', 'Coupon SUMMER25 created.']);
    expectShows(rowOf(html, 'SUMMER25'), [
      '25% off, up to ₹500.00',
      '₹1,499.00',
      'From 1 Dec 2026, 10:00 am to 31 Dec 2099, 11:59 pm',
      '15 in all, 1 per customer',
    ]);
  });

  it('shows the form with labelled fields', async () => {
    const html = await bodyOf(await get('/admin/coupons/new', cookies.admin));
    for (const label of ['Code', 'Type', 'Amount off (% or ₹)', 'Maximum discount (₹)', 'Minimum order (₹)']) {
      expect(html).toContain(`>${label}</label>`);
    }
    for (const legend of ['Discount', 'Conditions', 'Dates (India time)', 'Payment'])
      expect(html).toContain(`>${legend}</legend>`);
    expect(html).toContain('>For orders paid online only</label>');
    expect(control(html, 'prepaidOnly')).toContain('type="checkbox"');
    expect(control(html, 'prepaidOnly')).not.toContain('checked');
    expect(control(html, 'startsAt')).toContain('type="datetime-local"');
    expect(control(html, 'endsAt')).toContain('type="datetime-local"');
    expect(control(html, 'code')).toContain('value=""');
    // A plain post to the page itself: it works without JavaScript.
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*action="\/admin\/coupons\/new"|<form[^>]*action="\/admin\/coupons\/new"[^>]*method="post"/,
    );
  });

  it('refuses bad values with the errors as an alert and under the fields, keeping what was typed', async () => {
    const audit0 = await auditCount();
    const typed = {
      ...SUMMER25,
      code: 'BADONE',
      value: '150',
      usageLimit: '-1',
      minOrder: '12abc',
      endsAt: '2026-11-01T10:00',
    };
    const html = await bodyOf(await postForm('/admin/coupons/new', typed, cookies.admin), 400);
    expectShows(html, [
      'role="alert"',
      'The coupon was not saved. Please correct the fields marked below.',
      'Enter a whole percentage from 1 to 100.',
      'A limit cannot be negative; enter 0 or more, or leave it empty for no limit.',
      'Enter the minimum order in rupees, such as 999, or leave it empty for no minimum.',
      'The end must be after the start.',
      'aria-invalid="true"',
    ]);
    // The form shows back what was typed, the wrong values and the right ones alike.
    for (const name of ['code', 'value', 'minOrder', 'endsAt', 'maxDiscount'] as const) {
      expect(control(html, name)).toContain(`value="${typed[name]}"`);
    }
    expect(control(html, 'value')).toContain('aria-invalid="true"');
    expect(control(html, 'maxDiscount')).not.toContain('aria-invalid');
    expect(await coupon('BADONE')).toBeUndefined();
    expect(await auditCount()).toBe(audit0);
  });

  it('refuses a code that is taken', async () => {
    const res = await postForm('/admin/coupons/new', { ...SUMMER25, code: 'flat200', value: '5' }, cookies.admin);
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain('A coupon with the code FLAT200 already exists.');
    expect(await coupon('FLAT200')).toMatchObject({ kind: 'flat', value: 20_000, timesUsed: 7 });
  });
});

describe('editing a coupon', () => {
  it('shows the saved values, with the code read-only', async () => {
    const html = await bodyOf(await get('/admin/coupons/WELCOME10', cookies.admin));
    expect(html).toContain('<title>Admin: Edit coupon | Trap the Trend</title>');
    const code = /<input[^>]*value="WELCOME10"[^>]*>/.exec(html)?.[0];
    expect(code).toContain('readOnly=""');
    expect(html).not.toContain('name="code"');
    expect(control(html, 'value')).toContain('value="10"');
    expect(control(html, 'maxDiscount')).toContain('value="300"');
    expect(control(html, 'minOrder')).toContain('value="999"');
    expect(control(html, 'usageLimit')).toContain('value=""');
    expect(html).toContain('<option value="percent" selected="">');
  });

  it('saves the changes and returns to the list, which says so', async () => {
    const res = await postForm(
      '/admin/coupons/welcome10',
      { kind: 'percent', value: '15', maxDiscount: '', minOrder: '999', usageLimit: '100', perUserLimit: '1' },
      cookies.admin,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/admin/coupons?updated=WELCOME10');
    expect(await coupon('WELCOME10')).toMatchObject({
      value: 15,
      maxDiscountPaise: null,
      minOrderPaise: 99_900,
      usageLimit: 100,
      perUserLimit: 1,
    });
    const html = await (await get('/admin/coupons?updated=WELCOME10', cookies.admin)).text();
    expect(html).toContain('Coupon WELCOME10 updated.');
    const row = rowOf(html, 'WELCOME10');
    expect(row).toContain('15% off');
    expect(row).toContain('100 in all, 1 per customer');
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.update'));
    expect(entry).toMatchObject({ entityId: 'WELCOME10', actorEmail: 'admin@example.test' });
  });

  it('marks a coupon for orders paid online only, shows it in the list, and unmarks it', async () => {
    const fields = { kind: 'flat', value: '50', maxDiscount: '', minOrder: '' };
    const created = await postForm(
      '/admin/coupons/new',
      { ...fields, code: 'app50', prepaidOnly: 'on' },
      cookies.admin,
    );
    expect(created.status).toBe(302);
    expect(await coupon('APP50')).toMatchObject({ prepaidOnly: true, value: 5_000 });
    const list = await (await get('/admin/coupons', cookies.admin)).text();
    expect(rowOf(list, 'APP50')).toContain('>Online only</td>');
    expect(rowOf(list, 'WELCOME10')).toContain('>Online or cash on delivery</td>');
    const form = await (await get('/admin/coupons/APP50', cookies.admin)).text();
    expect(control(form, 'prepaidOnly')).toContain('checked=""');

    // An unticked box sends nothing.
    expect((await postForm('/admin/coupons/APP50', fields, cookies.admin)).status).toBe(302);
    expect(await coupon('APP50')).toMatchObject({ prepaidOnly: false });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, 'APP50'), eq(auditLog.action, 'coupon.update')));
    expect(entry!.summary).toBe('Updated coupon APP50: payment (₹50.00 off)');
    const bad = await postForm('/admin/coupons/APP50', { ...fields, prepaidOnly: 'yes' }, cookies.admin);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(
      'Tick the box, or leave it empty for a coupon that works with cash on delivery too.',
    );
    expect(await coupon('APP50')).toMatchObject({ prepaidOnly: false });
  });

  it('refuses bad values, changing nothing', async () => {
    const before = await coupon('FLAT200');
    const res = await postForm('/admin/coupons/FLAT200', { kind: 'flat', value: '0' }, cookies.admin);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('The amount off must be more than ₹0.');
    expect(html).toContain('value="FLAT200"');
    expect(await coupon('FLAT200')).toEqual(before);
  });

  it('is a 404 for an unknown code', async () => {
    expect((await get('/admin/coupons/NO-SUCH', cookies.admin)).status).toBe(404);
    expect((await postForm('/admin/coupons/NO-SUCH', { kind: 'flat', value: '10' }, cookies.admin)).status).toBe(404);
    expect(await coupon('NO-SUCH')).toBeUndefined();
  });
});

describe('deactivating a coupon', () => {
  const judge = async () => {
    const res = await app.request(`${ORIGIN}/api/checkout/coupon`, {
      method: 'POST',
      body: JSON.stringify({
        code: 'FLAT200',
        buyNow: { productId: hoodie.id, size: 'M', quantity: 1 },
      }),
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie: cookies.customer },
    });
    return ((await res.json()) as { verdict: { is_valid: boolean; message: string } }).verdict;
  };

  it('turns it off for shoppers, with an alert, and activating turns it back on', async () => {
    expect(await judge()).toMatchObject({ is_valid: true, message: 'Coupon applied! You save ₹200.00.' });

    const off = await postForm('/admin/coupons', { intent: 'deactivate', code: 'FLAT200' }, cookies.admin);
    expect(off.status).toBe(200);
    const html = await off.text();
    expect(html).toContain('Coupon FLAT200 deactivated.');
    const row = rowOf(html, 'FLAT200');
    expect(row).toContain('>Inactive</span>');
    expect(row).toMatch(/<button[^>]*value="activate"[^>]*>Activate</);
    expect(await coupon('FLAT200')).toMatchObject({ active: false, timesUsed: 7 });
    expect(await judge()).toEqual({
      is_valid: false,
      message: 'This coupon is no longer active.',
      discount_amount: 0,
      final_amount: 179_900,
    });

    const on = await postForm('/admin/coupons', { intent: 'activate', code: 'FLAT200' }, cookies.admin);
    expect(on.status).toBe(200);
    expect(await on.text()).toContain('Coupon FLAT200 activated.');
    expect(await coupon('FLAT200')).toMatchObject({ active: true });
    expect(await judge()).toMatchObject({ is_valid: true });

    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, 'FLAT200'));
    expect(actions.map((entry) => entry.action).sort()).toEqual(['coupon.activate', 'coupon.deactivate']);
  });

  it('answers an unknown coupon or request with an error alert', async () => {
    const missing = await postForm('/admin/coupons', { intent: 'deactivate', code: 'NOPE' }, cookies.admin);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('No coupon has the code NOPE.');
    const unknown = await postForm('/admin/coupons', { intent: 'delete', code: 'FLAT200' }, cookies.admin);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Unknown request.');
    expect(await coupon('FLAT200')).toMatchObject({ active: true });
  });
});

describe('for anyone but an admin', () => {
  const requests: Array<[string, Record<string, string>]> = [
    ['/admin/coupons', { intent: 'deactivate', code: 'WELCOME10' }],
    ['/admin/coupons/new', { ...SUMMER25, code: 'INTRUDER' }],
    ['/admin/coupons/WELCOME10', { kind: 'flat', value: '1' }],
  ];

  it.each(requests)('%s is the ordinary 404 page, and a post changes nothing', async (path, fields) => {
    const before = await coupon('WELCOME10');
    const audit0 = await auditCount();
    for (const cookie of ['', cookies.customer]) {
      const html = await bodyOf(await get(path, cookie), 404);
      expect(html).toContain('Page not found');
      expect(html).not.toContain('routes/admin');
      expect((await postForm(path, fields, cookie)).status).toBe(404);
    }
    expect(await coupon('WELCOME10')).toEqual(before);
    expect(await coupon('INTRUDER')).toBeUndefined();
    expect(await auditCount()).toBe(audit0);
  });
});
