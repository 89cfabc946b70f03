// Store credit through the real app (ADR 0048): staff find a customer on /admin/customers, open
// their page (orders, balance, ledger) and grant or take back credit with plain form posts, giving a
// real authenticator code above the limit; every refusal is an alert in words and writes nothing.
// The shopper reads the balance and the history, paged, on /profile. Anyone but an admin gets the
// ordinary 404 for the admin pages, and their posts change nothing. Deleting an account keeps the
// ledger, as it keeps orders.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { customerAndAdminCookies, sessionCookieFor } from '../../../tests/support/accounts.ts';
import { useTestApp } from '../../../tests/support/app.ts';
import { createOrder, createPasswordUser, createUser } from '../../../tests/support/factories.ts';
import { expectShows } from '../../../tests/support/html.ts';
import { authenticatorCode, enrolThroughPages } from '../../../tests/support/two-factor.ts';
import { formatCreditDate } from '../../common/store-credit.ts';
import { auditLog, rateLimits, storeCreditEntries, users, type User } from '../../server/db/schema.ts';
import { addCredit, CREDIT_HISTORY_PAGE_SIZE, creditBalance } from '../../server/store-credit/ledger.ts';

const { database, auth, get, postForm } = useTestApp({ STORE_CREDIT_CODE_ABOVE_RUPEES: '1000' });
let cookies: Record<'customer' | 'admin', string>;
let meera: User;

/** A page's text with React's escaped apostrophes and ampersands put back, and its comment markers gone. */
const textOf = async (res: Response) =>
  (await res.text()).replaceAll('&#x27;', "'").replaceAll('&amp;', '&').replaceAll('<!-- -->', '');

/** Staff's post of `fields` to the customer page of `userId`. */
const postCredit = (userId: string, fields: Record<string, string>) =>
  postForm(`/admin/customers/${userId}`, fields, cookies.admin);

/** The customer page, in words, once it has taken staff's post of `fields`. */
async function pageAfterPost(userId: string, fields: Record<string, string>) {
  const res = await postCredit(userId, fields);
  expect(res.status).toBe(200);
  return textOf(res);
}

const entriesOf = (userId: string) =>
  database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId));

beforeAll(async () => {
  cookies = await customerAndAdminCookies(auth, database.db);
  meera = await createUser(database.db, { name: 'Meera Iyer', email: 'meera.iyer@example.test' });
  await createUser(database.db, { name: 'Arjun Rao', email: 'arjun@example.test' });
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

describe('/admin/customers', () => {
  it('lists the customers with their orders and credit, found by email or name in any case', async () => {
    await createOrder(database.db, { userId: meera.id });
    const res = await get('/admin/customers', cookies.admin);
    expect(res.status).toBe(200);
    const html = await textOf(res);
    for (const text of ['Meera Iyer', 'meera.iyer@example.test', `href="/admin/customers/${meera.id}"`, 'Arjun Rao']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="/admin/customers"');

    for (const search of ['MEERA.IYER@', 'iyer', 'eera i']) {
      const found = await textOf(await get(`/admin/customers?search=${encodeURIComponent(search)}`, cookies.admin));
      expect(found, search).toContain('Meera Iyer');
      expect(found, search).not.toContain('Arjun Rao');
      expect(found).toContain('1 customer');
    }
    const none = await textOf(await get('/admin/customers?search=%25_nobody', cookies.admin));
    expect(none).toContain('No customers match.');
    // Staff are not customers.
    const staff = await textOf(await get('/admin/customers?search=shopper-', cookies.admin));
    expect(staff).toContain('1 customer');
  });

  it("opens a customer's page with their orders linking to the admin's order page", async () => {
    const order = await createOrder(database.db, { userId: meera.id });
    const res = await get(`/admin/customers/${meera.id}`, cookies.admin);
    expect(res.status).toBe(200);
    const html = await textOf(res);
    expect(html).toContain('<h1 id="admin-customer-title" class="mt-2 text-2xl font-black uppercase">Meera Iyer</h1>');
    expect(html).toContain(`href="/admin/orders/${order.id}"`);
    expect(html).toContain(`Order #${order.id.slice(0, 8)}`);
    expect(html).toContain('Balance: <strong>₹0.00</strong>');
    expect(html).toContain('No store credit yet.');
    expect(html).toContain('Code from your authenticator app (needed above ₹1,000.00)');
    expect((await get('/admin/customers/no-such-customer', cookies.admin)).status).toBe(404);
  });

  it('is the ordinary 404 to a visitor and a customer, whose posts change nothing', async () => {
    for (const cookie of ['', cookies.customer]) {
      for (const path of ['/admin/customers', `/admin/customers/${meera.id}`]) {
        expect((await get(path, cookie)).status).toBe(404);
      }
      const res = await postForm(
        `/admin/customers/${meera.id}`,
        { intent: 'grant', amount: '100', reason: 'Free money' },
        cookie,
      );
      expect(res.status).toBe(404);
    }
    expect(await entriesOf(meera.id)).toEqual([]);
  });
});

describe('granting and taking back credit on the customer page', () => {
  it('grants below the limit without a code, and the shopper sees it on the profile', async () => {
    const shopper = await createUser(database.db, { name: 'Kavya Nair' });
    const page = await pageAfterPost(shopper.id, {
      intent: 'grant',
      amount: '₹750.50',
      reason: 'Sorry for the late parcel',
    });
    expectShows(page, [
      'Granted ₹750.50 of store credit. The balance is now ₹750.50.',
      'Balance: <strong>₹750.50</strong>',
      'Granted by staff',
      'Sorry for the late parcel',
      '+₹750.50',
    ]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, shopper.id));
    expect(audit).toMatchObject({
      action: 'store_credit.grant',
      entityType: 'customer',
      summary: 'Granted ₹750.50 of store credit: Sorry for the late parcel',
    });
    // The audit log links the entry to the customer's page.
    expect(await textOf(await get('/admin/audit', cookies.admin))).toContain(`href="/admin/customers/${shopper.id}"`);

    const profile = await textOf(await get('/profile', await sessionCookieFor(auth, shopper.id)));
    expect(profile).toContain('<h2 id="store-credit" class="text-lg font-bold">Store credit</h2>');
    expect(profile).toContain('Your balance: <strong>₹750.50</strong>');
    expect(profile).toContain(formatCreditDate(new Date()));
    expect(profile).toContain('Sorry for the late parcel');
    expect(profile).toContain('+₹750.50');
  });

  it('needs a right code from the authenticator app above the limit, and writes nothing without one', async () => {
    const shopper = await createUser(database.db);
    const admin = await createUser(database.db, { role: 'admin', twoFactorEnabled: false });
    const enrolled = await enrolThroughPages({ get, postForm }, database.db, await sessionCookieFor(auth, admin.id));
    const grant = { intent: 'grant', amount: '1000.01', reason: 'Goodwill after a damaged parcel' };

    const missing = await postForm(`/admin/customers/${shopper.id}`, grant, enrolled.cookie);
    expect(missing.status).toBe(400);
    const missingPage = await textOf(missing);
    expect(missingPage).toContain('Enter the 6-digit code from your authenticator app.');
    // What was typed is kept for the next try.
    expect(missingPage).toContain('value="1000.01"');
    expect(missingPage).toContain('Goodwill after a damaged parcel</textarea>');
    const wrong = await postForm(`/admin/customers/${shopper.id}`, { ...grant, code: '000000' }, enrolled.cookie);
    expect(wrong.status).toBe(401);
    expect(await textOf(wrong)).toContain('That code is not right. Check your authenticator app and try again.');
    expect(await entriesOf(shopper.id)).toEqual([]);

    const right = await postForm(
      `/admin/customers/${shopper.id}`,
      { ...grant, code: await authenticatorCode(enrolled.secret) },
      enrolled.cookie,
    );
    expect(right.status).toBe(200);
    expect(await textOf(right)).toContain('Granted ₹1,000.01 of store credit. The balance is now ₹1,000.01.');
    expect(await creditBalance(database.db, shopper.id)).toBe(100_001);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, shopper.id));
    expect(audit).toMatchObject({ actorId: admin.id, action: 'store_credit.grant' });
  });

  it('takes back credit, never more than the balance, and refuses bad input in words, writing nothing', async () => {
    const shopper = await createUser(database.db);
    await postCredit(shopper.id, { intent: 'grant', amount: '500', reason: 'Gift' });
    const refusals: Array<[Record<string, string>, number, string]> = [
      [
        { intent: 'revoke', amount: '500.01', reason: 'Too much' },
        400,
        'The customer has ₹500.00 of store credit: you cannot take back more than that.',
      ],
      [{ intent: 'grant', amount: '-100', reason: 'Negative' }, 400, 'The amount must be more than ₹0.00.'],
      [{ intent: 'grant', amount: '0', reason: 'Zero' }, 400, 'The amount must be more than ₹0.00.'],
      [
        { intent: 'grant', amount: '10.999', reason: 'Paise' },
        400,
        'An amount has at most two digits after the point (paise), such as 499.50.',
      ],
      [{ intent: 'grant', amount: 'lots', reason: 'Words' }, 400, 'Enter an amount in rupees, such as 500 or 499.50.'],
      [{ intent: 'grant', amount: '100' }, 400, 'Enter a reason: the customer sees it in their store credit history.'],
      [
        { intent: 'revoke', amount: '100', reason: ' ' },
        400,
        'Enter a reason: the customer sees it in their store credit history.',
      ],
      [{ intent: 'steal', amount: '100', reason: 'x' }, 400, 'Choose to grant or to take back credit.'],
    ];
    for (const [fields, status, message] of refusals) {
      const res = await postCredit(shopper.id, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      const html = await textOf(res);
      expect(html, JSON.stringify(fields)).toContain(message);
      expect(html).toContain('role="alert"');
    }
    expect(await entriesOf(shopper.id)).toHaveLength(1);
    expect(await creditBalance(database.db, shopper.id)).toBe(50_000);

    const page = await pageAfterPost(shopper.id, { intent: 'revoke', amount: '500', reason: 'Granted by mistake' });
    expectShows(page, [
      'Took back ₹500.00 of store credit. The balance is now ₹0.00.',
      'Taken back by staff',
      '−₹500.00',
    ]);

    // A zero balance with a history still shows on the profile.
    const profile = await textOf(await get('/profile', await sessionCookieFor(auth, shopper.id)));
    expect(profile).toContain('Your balance: <strong>₹0.00</strong>');
    expect(profile).toContain('Granted by mistake');
    expect(profile).toContain('−₹500.00');
  });
});

describe('/profile', () => {
  it('shows nothing of store credit to a shopper who never had any', async () => {
    const html = await textOf(await get('/profile', cookies.customer));
    expect(html).toContain('My Profile');
    expect(html).not.toContain('Store credit');
  });

  it('pages the history, newest first', async () => {
    const shopper = await createUser(database.db);
    for (let i = 1; i <= CREDIT_HISTORY_PAGE_SIZE + 1; i += 1) {
      const added = await addCredit(database.db, {
        userId: shopper.id,
        amountPaise: 100 * i,
        kind: 'staff_grant',
        reason: `Gift number ${i}.`,
      });
      expect(added.ok).toBe(true);
    }
    const cookie = await sessionCookieFor(auth, shopper.id);
    const first = await textOf(await get('/profile', cookie));
    expect(first).toContain(`Gift number ${CREDIT_HISTORY_PAGE_SIZE + 1}.`);
    expect(first).not.toContain('Gift number 1.');
    expect(first).toContain('Store credit history, page 1 of 2');
    expect(first).toContain('href="/profile?credit=2"');
    expect(first).toContain('Older entries');
    const second = await textOf(await get('/profile?credit=2', cookie));
    expect(second).toContain('Gift number 1.');
    expect(second).not.toContain('Gift number 2.');
    expect(second).toContain('Newer entries');
    expect(second).toContain('href="/profile"');
    // A page past the last shows the last.
    expect(await textOf(await get('/profile?credit=999999999999', cookie))).toContain('Gift number 1.');
  });
});

describe('deleting an account with store credit', () => {
  it('works, and keeps the ledger as it keeps orders', async () => {
    const password = 'Street@2026';
    const shopper = await createPasswordUser(database.db, password);
    await addCredit(database.db, { userId: shopper.id, amountPaise: 20_000, kind: 'refund', reason: 'Refund' });
    const cookie = await sessionCookieFor(auth, shopper.id);
    const data = JSON.parse(await (await get('/profile/data', cookie)).text()) as {
      storeCredit: { balancePaise: number; entries: Array<{ kind: string; amountPaise: number; reason: string }> };
    };
    expect(data.storeCredit).toMatchObject({
      balancePaise: 20_000,
      entries: [{ kind: 'refund', amountPaise: 20_000, reason: 'Refund' }],
    });

    const done = await postForm('/profile/delete', { confirm: 'yes', password }, cookie);
    expect(done.status).toBe(302);
    const [row] = await database.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(await entriesOf(shopper.id)).toHaveLength(1);
    // Staff see it, and can no longer move it.
    const page = await textOf(await get(`/admin/customers/${shopper.id}`, cookies.admin));
    expect(page).toContain('This account was deleted: its store credit can no longer change.');
    const refused = await postCredit(shopper.id, { intent: 'grant', amount: '10', reason: 'x' });
    expect(refused.status).toBe(409);
    expect(await entriesOf(shopper.id)).toHaveLength(1);
  });
});
