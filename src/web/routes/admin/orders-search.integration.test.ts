// /admin/orders' search, filters and CSV export, and /admin/customers/:id's history and notes,
// through the real app: what an admin reads, what a bad filter or note is told, what the download
// holds and how it is sent; anyone else gets the ordinary 404.
import { randomUUID } from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../../tests/support/addresses.ts';
import { useTestApp } from '../../../../tests/support/app.ts';
import { createCourierParcel } from '../../../../tests/support/courier.ts';
import { createOrder, createUser } from '../../../../tests/support/factories.ts';
import { indiaDay } from '../../../common/india-time.ts';
import {
  auditLog,
  customerNotes,
  deliveryFailures,
  refunds,
  returnRequests,
  type Order,
  type User,
} from '../../../server/db/schema.ts';

const { database, get, postForm, signIn } = useTestApp();
let admin: { id: string; cookie: string };
let shopperCookie: string;
let meera: User;
let order: Order;
let number: string;

beforeAll(async () => {
  admin = await signIn({ role: 'admin', email: 'desk@example.test' });
  shopperCookie = (await signIn()).cookie;
  meera = await createUser(database.db, { name: 'Meera Iyer', email: 'meera@example.test' });
  order = await createOrder(database.db, {
    id: `5e1a7b2c-${randomUUID().slice(9)}`,
    userId: meera.id,
    addressJson: { ...TEST_ADDRESS, name: '=Meera Iyer', phone: '9988776655' },
    status: 'processing',
    itemsJson: [{ productId: 1, name: 'Midnight Bomber Jacket', size: 'L', quantity: 1, pricePaise: 249_900 }],
  });
  number = order.id.slice(0, 8).toUpperCase();
  // Another order, so that an unfiltered list holds more than the one searched for.
  await createOrder(database.db, { status: 'delivered' });
});

/** The orders the page lists: the count line's figure. */
const countLine = (html: string) => /(\d+)(?:<!-- -->)? (?:<!-- -->)?(orders? match(?:es)?|orders?)\b/.exec(html);

describe('/admin/orders search and filters', () => {
  it('finds an order by its number and by its delivery phone, saying how many match', async () => {
    for (const search of [number, number.toLowerCase(), '+91 99887 76655']) {
      const res = await get(`/admin/orders?search=${encodeURIComponent(search)}`, admin.cookie);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(countLine(html)?.slice(1)).toEqual(['1', 'order matches']);
      expect(html).toContain(`href="/admin/orders/${order.id}"`);
      expect(html).toContain('Meera Iyer');
      // The form keeps the search, and offers to clear it.
      expect(html).toContain(`value="${search}"`);
      expect(html).toContain('Clear the search and filters');
      expect(html).toContain(
        `href="/admin/orders/export.csv?search=${encodeURIComponent(search).replaceAll('%20', '+')}"`,
      );
    }
    const none = await (await get('/admin/orders?search=ZZ999999&status=processing', admin.cookie)).text();
    expect(countLine(none)?.slice(1)).toEqual(['0', 'orders match']);
    expect(none).toContain('No orders match the search and filters.');
    expect(none).not.toContain('Export CSV');
  });

  it('filters what needs action and keeps every filter in the address', async () => {
    const html = await (
      await get('/admin/orders?action=to_ship&payment=online&status=processing', admin.cookie)
    ).text();
    expect(html).toContain(`href="/admin/orders/${order.id}"`);
    expect(countLine(html)?.slice(1)).toEqual(['1', 'order matches']);
    expect(html).toContain('href="/admin/orders/export.csv?status=processing&amp;payment=online&amp;action=to_ship"');
    // Each filter shows what the address holds.
    expect(html).toMatch(/<option value="to_ship" selected="">To ship<\/option>/);
    expect(html).toMatch(/<option value="online" selected="">Paid online<\/option>/);
  });

  it.each([
    ['from=2026-02-30', 'Enter the From date as a date, such as 2026-03-31.'],
    ['to=31%2F03%2F2026', 'Enter the To date as a date, such as 2026-03-31.'],
    ['from=1999-12-31', 'Choose dates between 1 January 2000 and 31 December 2099.'],
    ['from=2026-04-02&to=2026-04-01', 'The From date is after the To date.'],
    ['from=2024-01-01&to=2026-01-01', 'Choose a date range of at most two years.'],
    ['status=lost', 'Choose a status from the list.'],
    ['payment=cheque', 'Choose a payment method from the list.'],
    ['action=call', 'Choose what needs action from the list.'],
    ['cash=always', 'Choose a cash on delivery filter from the list.'],
    ['search=Meera+Iyer', 'Search by an order number (8 characters), an email, a phone number (10 digits) or an AWB.'],
    [`search=${'9'.repeat(300)}`, 'The search can be at most 254 characters.'],
  ])('refuses %s with a message and lists every order', async (query, message) => {
    const all = countLine(await (await get('/admin/orders', admin.cookie)).text())?.[1];
    const res = await get(`/admin/orders?${query}&status=processing`, admin.cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(message);
    expect(html).toContain('The list below is not filtered: it shows every order.');
    expect(countLine(html)?.slice(1)).toEqual([all, 'orders']);
  });

  it('pages a filtered list, each page link keeping the filters', async () => {
    const shopper = await createUser(database.db);
    for (let index = 0; index < 51; index += 1) {
      await createOrder(database.db, {
        userId: shopper.id,
        addressJson: { ...TEST_ADDRESS, phone: '9123400001' },
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
    }
    const first = await (await get('/admin/orders?search=9123400001&payment=online', admin.cookie)).text();
    expect(first).toMatch(/51<!-- --> <!-- -->orders match<!-- --> · page 1 of 2/);
    expect(first).toContain('href="/admin/orders?search=9123400001&amp;payment=online&amp;page=2"');
    const second = await (await get('/admin/orders?search=9123400001&payment=online&page=2', admin.cookie)).text();
    expect(second).toMatch(/ · page 2 of 2/);
    expect(second).toContain('href="/admin/orders?search=9123400001&amp;payment=online"');
    expect(second.match(/href="\/admin\/orders\/[0-9a-f-]{36}"/g)).toHaveLength(1);
  });
});

describe('/admin/orders/export.csv', () => {
  it('downloads the filtered orders as a private CSV attachment, formulas neutralised', async () => {
    const res = await get(`/admin/orders/export.csv?search=${number}`, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="orders-${indiaDay(new Date())}.csv"`);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    // The byte-order mark spreadsheets read Indian scripts by (a decoder would hide it).
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]!.startsWith('Order number,Date (India time),Status,')).toBe(true);
    expect(lines).toHaveLength(3);
    const cells = lines[1]!.split(',');
    expect(cells.slice(2, 8)).toEqual([
      'Processing',
      'Paid online',
      "'=Meera Iyer",
      'meera@example.test',
      '9988776655',
      'Karnataka',
    ]);
    expect(cells.slice(9, 15)).toEqual(['Midnight Bomber Jacket', 'L', '1', '2499.00', '2499.00', '2499.00']);

    const dated = await get('/admin/orders/export.csv?from=2026-01-01&to=2026-01-31', admin.cookie);
    expect(dated.headers.get('Content-Disposition')).toBe('attachment; filename="orders-2026-01-01-to-2026-01-31.csv"');
    expect((await dated.text()).split('\r\n').filter((line) => line !== '')).toHaveLength(52);
  });

  it('refuses a bad filter in words, exporting nothing', async () => {
    const res = await get('/admin/orders/export.csv?from=2026-05-01&to=2026-04-01', admin.cookie);
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBeNull();
    expect(await res.text()).toBe('Nothing was exported. The From date is after the To date.\n');
  });

  it('is the ordinary 404 to a visitor and a customer', async () => {
    for (const cookie of ['', shopperCookie]) {
      const res = await get(`/admin/orders/export.csv?search=${number}`, cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Meera');
    }
  });
});

describe('/admin/customers/:id', () => {
  const path = () => `/admin/customers/${meera.id}`;

  beforeAll(async () => {
    const delivered = await createOrder(database.db, { userId: meera.id, status: 'delivered' });
    const [request] = await database.db
      .insert(returnRequests)
      .values({
        orderId: delivered.id,
        kind: 'return',
        status: 'refunded',
        productId: 1,
        size: 'M',
        quantity: 1,
        reason: 'wrong_size',
        refundDestination: 'payout',
        payoutUpiId: 'meera@okaxis',
        expiresAt: new Date(),
      })
      .returning();
    await database.db.insert(returnRequests).values({
      orderId: delivered.id,
      kind: 'exchange',
      status: 'requested',
      productId: 1,
      size: 'M',
      exchangeSize: 'L',
      quantity: 1,
      reason: 'wrong_size',
      expiresAt: new Date(),
    });
    await database.db.insert(refunds).values({
      orderId: delivered.id,
      returnRequestId: request!.id,
      destination: 'payout',
      amountPaise: 99_900,
      reason: 'Items returned by the customer',
      payoutReference: 'UTR778899',
      paidOutOn: '2026-11-20',
    });
    const parcel = await createCourierParcel(database.db, order.id, { awb: '190455556666', state: 'delivery_failed' });
    await database.db.insert(deliveryFailures).values({
      courierShipmentId: parcel.id,
      reason: 'Door locked',
      reportedAt: new Date('2026-11-25T08:00:00Z'),
      action: 'change_phone',
      phone: '9000011111',
      answeredAt: new Date('2026-11-25T09:00:00Z'),
    });
  });

  it("shows the customer's orders, returns and exchanges, refunds and failed deliveries", async () => {
    const res = await get(path(), admin.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      'Returns and exchanges',
      'Requested',
      'Refunds',
      '₹999.00',
      'UPI meera@okaxis',
      'Paid out on',
      '(reference UTR778899)',
      'Failed deliveries',
      'Door locked',
      'Another attempt, calling 9000011111',
      'Waiting to be sent to the courier',
      'AWB 190455556666',
      'Notes',
      'No notes yet.',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/Return of 1 × Test Tee \d+ \(M\)/);
    expect(html).toMatch(/Exchange of 1 × Test Tee \d+ \(M → L\)/);
  });

  it('adds a note, listed newest first with its author and time, and recorded in the audit log', async () => {
    const first = await postForm(path(), { intent: 'note', note: 'Prefers calls after 6 pm.' }, admin.cookie);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Note added.');
    await postForm(
      path(),
      { intent: 'note', note: '  Asked for a GST invoice\r\nwith her company name.  ' },
      admin.cookie,
    );

    const rows = await database.db.select().from(customerNotes).where(eq(customerNotes.userId, meera.id));
    expect(rows.map((row) => row.body).sort()).toEqual([
      'Asked for a GST invoice\nwith her company name.',
      'Prefers calls after 6 pm.',
    ]);
    expect(rows.every((row) => row.authorId === admin.id && row.authorEmail === 'desk@example.test')).toBe(true);

    const html = await (await get(path(), admin.cookie)).text();
    const newest = html.indexOf('Asked for a GST invoice');
    const older = html.indexOf('Prefers calls after 6 pm.');
    expect(newest).toBeGreaterThan(-1);
    expect(older).toBeGreaterThan(newest);
    expect(html).toContain('desk@example.test, ');
    expect(html).not.toContain('No notes yet.');

    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.note'), eq(auditLog.entityId, meera.id)));
    expect(audit.map((entry) => entry.summary).sort()).toEqual([
      'Note added: Asked for a GST invoice with her company name.',
      'Note added: Prefers calls after 6 pm.',
    ]);
    expect(audit.every((entry) => entry.actorEmail === 'desk@example.test' && entry.entityType === 'customer')).toBe(
      true,
    );
  });

  it('refuses an empty or too long note, and a customer that does not exist, changing nothing', async () => {
    const before = await database.db.select().from(customerNotes);
    const empty = await postForm(path(), { intent: 'note', note: ' \n ' }, admin.cookie);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Write the note first.');

    const long = 'x'.repeat(2_001);
    const tooLong = await postForm(path(), { intent: 'note', note: long }, admin.cookie);
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(html).toContain('A note can be at most 2,000 characters.');
    // What was typed comes back, to be shortened.
    expect(html).toContain(long);
    // 2,000 characters of Indian script are taken: the limit counts characters, not bytes.
    const devanagari = 'न'.repeat(2_000);
    expect((await postForm(path(), { intent: 'note', note: devanagari }, admin.cookie)).status).toBe(200);
    await database.db.delete(customerNotes).where(eq(customerNotes.body, devanagari));

    expect(
      (await postForm(`/admin/customers/${randomUUID()}`, { intent: 'note', note: 'Hello' }, admin.cookie)).status,
    ).toBe(404);
    expect(
      (await postForm(`/admin/customers/${admin.id}`, { intent: 'note', note: 'Hello' }, admin.cookie)).status,
    ).toBe(404);
    expect((await postForm(path(), { intent: 'note', note: 'Hello' }, shopperCookie)).status).toBe(404);

    // A deleted account takes no more notes: nothing would ever erase them.
    const deleted = await createUser(database.db, { deletedAt: new Date() });
    const refused = await postForm(`/admin/customers/${deleted.id}`, { intent: 'note', note: 'Hello' }, admin.cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This account was deleted: notes can no longer be added.');
    const page = await (await get(`/admin/customers/${deleted.id}`, admin.cookie)).text();
    expect(page).not.toContain('Add note');
    expect(await database.db.select().from(customerNotes)).toEqual(before);
  });
});
