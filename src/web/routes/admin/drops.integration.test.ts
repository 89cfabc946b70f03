// The admin's drop pages through the real app and production build, as an admin posting forms
// without JavaScript; and what a customer or a visitor gets (the ordinary 404, nothing changed).
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { customerAndAdminCookies } from '../../../../tests/support/accounts.ts';
import { useTestApp } from '../../../../tests/support/app.ts';
import { createProduct } from '../../../../tests/support/factories.ts';
import { bodyOf, expectShows } from '../../../../tests/support/html.ts';
import { auditLog, drops, products, type Drop, type Product } from '../../../server/db/schema.ts';

const { database, auth, get, postForm } = useTestApp();
let cookies: Record<'customer' | 'admin', string>;

beforeAll(async () => {
  cookies = await customerAndAdminCookies(auth, database.db, { email: 'admin@example.test' });
});

const dropNamed = async (name: string) => (await database.db.select().from(drops).where(eq(drops.name, name)))[0];
const dropCount = async () => (await database.db.select({ n: count() }).from(drops))[0]!.n;
const auditCount = async () => (await database.db.select({ n: count() }).from(auditLog))[0]!.n;
const dropIdsOf = async (items: readonly Product[]) =>
  (
    await database.db
      .select({ id: products.id, dropId: products.dropId })
      .from(products)
      .where(
        inArray(
          products.id,
          items.map((item) => item.id),
        ),
      )
      .orderBy(products.id)
  ).map((row) => row.dropId);

/** A drop written straight to the table, for the tests that start from one (a live one, say). */
async function insertDrop(values: Partial<Drop> & { name: string }, items: readonly Product[] = []): Promise<Drop> {
  const [drop] = await database.db
    .insert(drops)
    .values({ goesLiveAt: new Date('2099-01-01T00:00:00Z'), ...values })
    .returning();
  for (const item of items)
    await database.db.update(products).set({ dropId: drop!.id }).where(eq(products.id, item.id));
  return drop!;
}

/** The row of a drop in the list's HTML. */
function rowOf(html: string, name: string): string {
  const start = html.indexOf(`<th scope="row" class="px-3 py-2 font-semibold">${name}</th>`);
  expect(start, `a row for ${name}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</tr>', start));
}

/** The tag of the form control named `name`, whatever the order of its attributes. */
function control(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  expect(tag, `a control named ${name}`).toBeDefined();
  return tag!;
}

/** A drop's fields as the form posts them: 5 December 2099 at 8 pm in India, no limits, listed. */
const form = (fields: Record<string, string> = {}): Record<string, string> => ({
  name: 'Winter Heat',
  date: '2099-12-05',
  time: '20:00',
  limitPerSize: '',
  limitTotal: '',
  productIds: '',
  ...fields,
});

describe('the drop list', () => {
  it('says when there are no drops', async () => {
    await database.db.delete(drops);
    const html = await bodyOf(await get('/admin/drops', cookies.admin));
    expectShows(html, [
      '<title>Admin: Drops | Trap the Trend</title>',
      'name="robots" content="noindex"',
      'No drops yet.',
      'href="/admin/drops/new"',
      '>New drop</a>',
    ]);
    // The admin area's menu leads here.
    expect(html).toMatch(/<a[^>]*href="\/admin\/drops"[^>]*>Drops<\/a>/);
  });

  it('lists upcoming drops soonest first, then live ones latest first, with their limits and products', async () => {
    const tee = await createProduct(database.db);
    await insertDrop({ name: 'Later Drop', goesLiveAt: new Date('2099-06-01T04:30:00Z') });
    await insertDrop({ name: 'Sooner Drop', goesLiveAt: new Date('2099-03-01T04:30:00Z'), limitTotal: 3 });
    await insertDrop(
      { name: 'Old Live Drop', goesLiveAt: new Date('2025-01-10T14:30:00Z'), limitPerSize: 2, hiddenUntilLive: true },
      [tee],
    );
    await insertDrop({ name: 'Recent Live Drop', goesLiveAt: new Date('2026-01-10T14:30:00Z') });

    const html = await bodyOf(await get('/admin/drops', cookies.admin));
    const order = ['Sooner Drop', 'Later Drop', 'Recent Live Drop', 'Old Live Drop'].map((name) =>
      html.indexOf(`>${name}</th>`),
    );
    expect(order.every((at) => at > -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    expectShows(rowOf(html, 'Sooner Drop'), [
      '1 March 2099, 10:00 am',
      '>3 in all</td>',
      '>No</td>',
      '>Upcoming</span>',
    ]);
    expectShows(rowOf(html, 'Old Live Drop'), [
      '10 January 2025, 8:00 pm',
      '>2 per size</td>',
      '>Yes</td>',
      'data-testid="product-count">1</td>',
      '>Live</span>',
    ]);
    expectShows(rowOf(html, 'Later Drop'), ['>None</td>', 'data-testid="product-count">0</td>']);
  });
});

describe('creating a drop', () => {
  it('saves it with its moment in India time and its products, and returns to the list, which shows it', async () => {
    const hoodie = await createProduct(database.db, { name: 'Heat Hoodie' });
    const tee = await createProduct(database.db, { name: 'Heat Tee' });
    const audit0 = await auditCount();
    const res = await postForm(
      '/admin/drops/new',
      form({
        name: '  Winter Heat  ',
        limitPerSize: '1',
        limitTotal: '2',
        hiddenUntilLive: 'on',
        productIds: `${hoodie.id}, ${tee.id}`,
      }),
      cookies.admin,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/admin/drops?created=Winter%20Heat');

    const drop = await dropNamed('Winter Heat');
    expect(drop).toMatchObject({
      goesLiveAt: new Date('2099-12-05T14:30:00Z'),
      limitPerSize: 1,
      limitTotal: 2,
      hiddenUntilLive: true,
    });
    expect(await dropIdsOf([hoodie, tee])).toEqual([drop!.id, drop!.id]);
    expect(await auditCount()).toBe(audit0 + 1);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'drop.create'));
    expect(entry).toMatchObject({ entityType: 'drop', entityId: String(drop!.id), actorEmail: 'admin@example.test' });
    expect(entry!.summary).toBe(
      `Created drop "Winter Heat": goes live 5 December 2099, 8:00 pm; limits: 1 per size, 2 in all; hidden until live; products #${hoodie.id}, #${tee.id}`,
    );

    const html = await bodyOf(await get('/admin/drops?created=Winter%20Heat', cookies.admin));
    expectShows(html, ['<div role="status"', 'Drop “Winter Heat” created.']);
    expectShows(rowOf(html, 'Winter Heat'), [
      '>5 December 2099, 8:00 pm</td>',
      '>1 per size, 2 in all</td>',
      '>Yes</td>',
      'data-testid="product-count">2</td>',
      '>Upcoming</span>',
      `href="/admin/drops/${drop!.id}"`,
    ]);
  });

  it('shows the form with labelled fields and the India-time note', async () => {
    const html = await bodyOf(await get('/admin/drops/new', cookies.admin));
    expect(html).toContain('<title>Admin: New drop | Trap the Trend</title>');
    for (const label of ['Name', 'Date', 'Time', 'Of each size', 'In all', 'Hidden until live', 'Product ids'])
      expect(html).toContain(`>${label}</label>`);
    for (const legend of ['Goes live', 'Limits per shopper', 'Visibility', 'Products'])
      expect(html).toContain(`>${legend}</legend>`);
    expectShows(html, ['Date and time are in India time.', 'A product already in another drop is moved to this one']);
    expect(control(html, 'date')).toContain('type="date"');
    expect(control(html, 'time')).toContain('type="time"');
    expect(control(html, 'hiddenUntilLive')).toContain('type="checkbox"');
    expect(control(html, 'hiddenUntilLive')).not.toContain('checked');
    expect(control(html, 'productIds')).toContain('aria-describedby="drop-product-ids-note"');
    // A plain post to the page itself: it works without JavaScript.
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*action="\/admin\/drops\/new"|<form[^>]*action="\/admin\/drops\/new"[^>]*method="post"/,
    );
  });

  const refusals: Array<[string, Record<string, string>, string, string]> = [
    ['an empty name', { name: '   ' }, 'name', 'Enter a name for the drop.'],
    ['a name of 81 characters', { name: 'x'.repeat(81) }, 'name', 'Use at most 80 characters for the name.'],
    ['a day that is not real', { date: '2099-02-30' }, 'date', 'Enter the date as YYYY-MM-DD, such as 2026-12-05.'],
    ['no date', { date: '' }, 'date', 'Enter the date as YYYY-MM-DD, such as 2026-12-05.'],
    ['a time past 23:59', { time: '24:00' }, 'time', 'Enter the time on a 24-hour clock as HH:MM, such as 20:00.'],
    ['a time in the past', { date: '2020-01-01' }, 'time', 'Choose a time in the future.'],
    [
      'a limit of 0',
      { limitPerSize: '0' },
      'limitPerSize',
      'Enter a whole number from 1 to 10, or leave it empty for no limit.',
    ],
    [
      'a limit over 10',
      { limitTotal: '11' },
      'limitTotal',
      'Enter a whole number from 1 to 10, or leave it empty for no limit.',
    ],
    [
      'a limit that is no whole number',
      { limitTotal: '1.5' },
      'limitTotal',
      'Enter a whole number from 1 to 10, or leave it empty for no limit.',
    ],
    [
      'a box sending something else',
      { hiddenUntilLive: 'yes' },
      'hiddenUntilLive',
      'Tick the box, or leave it empty for a drop that shows in the listing before it goes live.',
    ],
    [
      'an id that is no number',
      { productIds: '12, twelve' },
      'productIds',
      'Enter product ids separated by commas or spaces, such as 12, 15.',
    ],
    ['an id no product has', { productIds: '2147483647' }, 'productIds', 'No product has the id 2147483647.'],
  ];

  it.each(refusals)(
    'refuses %s with its message under the field, changing nothing',
    async (_, fields, field, message) => {
      const bystander = await createProduct(database.db);
      const [drops0, audit0] = [await dropCount(), await auditCount()];
      const typed = form({ name: 'Refused Drop', productIds: String(bystander.id), ...fields });
      const html = await bodyOf(await postForm('/admin/drops/new', typed, cookies.admin), 400);
      expectShows(html, ['role="alert"', 'The drop was not saved. Please correct the fields marked below.', message]);
      expect(control(html, field)).toContain('aria-invalid="true"');
      // What was typed comes back, the wrong value with the rest.
      if (field !== 'hiddenUntilLive') expect(control(html, field)).toContain(`value="${typed[field]}"`);
      expect(await dropCount()).toBe(drops0);
      expect(await auditCount()).toBe(audit0);
      expect(await dropIdsOf([bystander])).toEqual([null]);
    },
  );

  it('shows every field’s error at once', async () => {
    const html = await bodyOf(
      await postForm(
        '/admin/drops/new',
        form({ name: '', date: '2020-01-01', limitPerSize: '0', productIds: '2147483646, 2147483647' }),
        cookies.admin,
      ),
      400,
    );
    expectShows(html, [
      'Enter a name for the drop.',
      'Choose a time in the future.',
      'Enter a whole number from 1 to 10, or leave it empty for no limit.',
      'No products have the ids 2147483646, 2147483647.',
    ]);
    expect(control(html, 'limitTotal')).not.toContain('aria-invalid');
  });
});

describe('editing a drop', () => {
  it('shows the saved values in India time, with its products linked by name', async () => {
    const hoodie = await createProduct(database.db, { name: 'Ember Hoodie' });
    const drop = await insertDrop(
      { name: 'Ember', goesLiveAt: new Date('2099-12-31T18:30:00Z'), limitTotal: 4, hiddenUntilLive: true },
      [hoodie],
    );
    const html = await bodyOf(await get(`/admin/drops/${drop.id}`, cookies.admin));
    expect(html).toContain('<title>Admin: Edit drop | Trap the Trend</title>');
    expect(control(html, 'name')).toContain('value="Ember"');
    // 18:30 UTC on the 31st is midnight on New Year's Day in India.
    expect(control(html, 'date')).toContain('value="2100-01-01"');
    expect(control(html, 'time')).toContain('value="00:00"');
    expect(control(html, 'limitPerSize')).toContain('value=""');
    expect(control(html, 'limitTotal')).toContain('value="4"');
    expect(control(html, 'hiddenUntilLive')).toContain('checked=""');
    expect(control(html, 'productIds')).toContain(`value="${hoodie.id}"`);
    expect(html).toContain(`href="/admin/products/${hoodie.id}"`);
    expect(html).toContain('>Ember Hoodie</a>');
    const button = /<button[^>]*>Delete drop<\/button>/.exec(html)?.[0];
    expect(button).toContain('name="intent"');
    expect(button).toContain('value="delete"');
    expect(html).toContain('Its products leave the drop and are on sale at once');
  });

  it('changes a live drop’s limits and products: one taken out leaves it, one from another drop moves in', async () => {
    const [kept, removed, moved] = [
      await createProduct(database.db, { name: 'Kept Tee' }),
      await createProduct(database.db, { name: 'Removed Tee' }),
      await createProduct(database.db, { name: 'Moved Tee' }),
    ];
    const live = await insertDrop({ name: 'Live Now', goesLiveAt: new Date('2026-01-01T04:30:00Z'), limitPerSize: 1 }, [
      kept,
      removed,
    ]);
    const other = await insertDrop({ name: 'Other Drop' }, [moved]);

    const res = await postForm(
      `/admin/drops/${live.id}`,
      // The time stays in the past: a live drop may still have its limits changed.
      form({
        name: 'Live Now',
        date: '2026-01-01',
        time: '10:00',
        limitPerSize: '2',
        limitTotal: '3',
        productIds: `${kept.id} ${moved.id}`,
      }),
      cookies.admin,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/admin/drops?saved=Live%20Now');
    expect(await dropNamed('Live Now')).toMatchObject({
      goesLiveAt: new Date('2026-01-01T04:30:00Z'),
      limitPerSize: 2,
      limitTotal: 3,
    });
    expect(await dropIdsOf([kept, removed, moved])).toEqual([live.id, null, live.id]);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(live.id)));
    expect(entry).toMatchObject({ action: 'drop.update', actorEmail: 'admin@example.test' });
    expect(entry!.summary).toBe(
      `Updated drop "Live Now": limits; added #${moved.id}; removed #${removed.id}; moved #${moved.id} from drop ${other.id}`,
    );
    expect(entry!.before).toMatchObject({ limitPerSize: 1, productIds: [kept.id, removed.id] });
    expect(entry!.after).toMatchObject({ limitPerSize: 2, productIds: [kept.id, moved.id] });

    const html = await bodyOf(await get('/admin/drops?saved=Live%20Now', cookies.admin));
    expect(html).toContain('Drop “Live Now” saved.');
    expectShows(rowOf(html, 'Live Now'), [
      '>2 per size, 3 in all</td>',
      'data-testid="product-count">2</td>',
      '>Live</span>',
    ]);
    expectShows(rowOf(html, 'Other Drop'), ['data-testid="product-count">0</td>']);
  });

  it('refuses bad values, changing nothing', async () => {
    const tee = await createProduct(database.db);
    const drop = await insertDrop({ name: 'Steady', limitTotal: 2 }, [tee]);
    const audit0 = await auditCount();
    const res = await postForm(
      `/admin/drops/${drop.id}`,
      form({ name: 'Steady', limitTotal: '20', productIds: '' }),
      cookies.admin,
    );
    const html = await bodyOf(res, 400);
    expectShows(html, ['Enter a whole number from 1 to 10, or leave it empty for no limit.', 'value="20"']);
    expect(await dropNamed('Steady')).toEqual(drop);
    expect(await dropIdsOf([tee])).toEqual([drop.id]);
    expect(await auditCount()).toBe(audit0);
  });

  it('is a 404 for an unknown drop', async () => {
    for (const path of ['/admin/drops/2147483647', '/admin/drops/abc']) {
      expect((await get(path, cookies.admin)).status).toBe(404);
      expect((await postForm(path, form({ name: 'Ghost' }), cookies.admin)).status).toBe(404);
      expect((await postForm(path, { intent: 'delete' }, cookies.admin)).status).toBe(404);
    }
    expect(await dropNamed('Ghost')).toBeUndefined();
  });
});

describe('deleting a drop', () => {
  it('deletes it, puts its products on sale, and the list says so', async () => {
    const tee = await createProduct(database.db);
    const drop = await insertDrop({ name: 'Gone Soon', hiddenUntilLive: true }, [tee]);
    const res = await postForm(`/admin/drops/${drop.id}`, { intent: 'delete' }, cookies.admin);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/admin/drops?deleted=Gone%20Soon');
    expect(await dropNamed('Gone Soon')).toBeUndefined();
    expect(await dropIdsOf([tee])).toEqual([null]);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'drop.delete'));
    expect(entry).toMatchObject({ entityId: String(drop.id), summary: `Deleted drop "Gone Soon": #${tee.id} left it` });
    expect(entry!.before).toMatchObject({ name: 'Gone Soon', productIds: [tee.id] });

    const html = await bodyOf(await get('/admin/drops?deleted=Gone%20Soon', cookies.admin));
    expectShows(html, ['Drop “Gone Soon” deleted. Its products are on sale now.'], ['>Gone Soon</th>']);
  });
});

describe('for anyone but an admin', () => {
  it('every drop page is the ordinary 404 page, and a post changes nothing', async () => {
    const tee = await createProduct(database.db);
    const drop = await insertDrop({ name: 'Guarded', limitTotal: 1 }, [tee]);
    const requests: Array<[string, Record<string, string>]> = [
      ['/admin/drops', form({ name: 'Intruder' })],
      ['/admin/drops/new', form({ name: 'Intruder' })],
      [`/admin/drops/${drop.id}`, form({ name: 'Guarded', limitTotal: '9' })],
      [`/admin/drops/${drop.id}`, { intent: 'delete' }],
    ];
    const audit0 = await auditCount();
    for (const cookie of ['', cookies.customer]) {
      for (const [path, fields] of requests) {
        const html = await bodyOf(await get(path, cookie), 404);
        expect(html).toContain('Page not found');
        expect(html).not.toContain('routes/admin');
        expect((await postForm(path, fields, cookie)).status).toBe(404);
      }
    }
    expect(await dropNamed('Guarded')).toEqual(drop);
    expect(await dropNamed('Intruder')).toBeUndefined();
    expect(await dropIdsOf([tee])).toEqual([drop.id]);
    expect(await auditCount()).toBe(audit0);
  });
});
