// The legal pages and a shopper's own data through the real app (ADR 0029): /terms and /privacy
// name the seller, the grievance officer and the return window from the settings; the login and
// signup pages and the footer link to them; /profile/data downloads the signed-in shopper's JSON
// and nobody else's; /profile/delete confirms, deletes, signs out and says so, and a refusal
// changes nothing.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { sessionCookieFor } from '../../../tests/support/accounts.ts';
import { useTestApp } from '../../../tests/support/app.ts';
import { createOrder, createPasswordUser } from '../../../tests/support/factories.ts';
import { ACCOUNT_DELETION_MESSAGES } from '../../common/account-deletion.ts';
import { profiles, rateLimits, sessions, users } from '../../server/db/schema.ts';

const SETTINGS = {
  SELLER_LEGAL_NAME: 'Streetline Apparel LLP',
  SELLER_ADDRESS: '21 Residency Road, Bengaluru, Karnataka - 560025',
  SELLER_GSTIN: '29AAACT1234D1ZR',
  SELLER_STATE: 'Karnataka',
  GRIEVANCE_OFFICER_NAME: 'Farah Qureshi',
  GRIEVANCE_OFFICER_EMAIL: 'grievances@streetline.example',
  GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
  RETURN_WINDOW_DAYS: '10',
  ENQUIRY_RETENTION_DAYS: '180',
  STORE_EMAIL: 'care@streetline.example',
};
const { database, auth, get, postForm } = useTestApp(SETTINGS);
const PASSWORD = 'Street@2026';
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

/** A page's text with React's escaped apostrophes and ampersands put back, and its comment markers gone. */
const textOf = async (res: Response) =>
  (await res.text()).replaceAll('&#x27;', "'").replaceAll('&amp;', '&').replaceAll('<!-- -->', '');

describe('the legal pages', () => {
  for (const [path, title] of [
    ['/terms', 'Terms of Use'],
    ['/privacy', 'Privacy Policy'],
  ] as const) {
    it(`${path} names the seller, its GSTIN and the grievance officer from the settings`, async () => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await textOf(res);
      expect(html).toContain(`<title>${title} | Trap the Trend</title>`);
      for (const value of [
        'Streetline Apparel LLP',
        '21 Residency Road, Bengaluru, Karnataka - 560025',
        '29AAACT1234D1ZR',
        'Farah Qureshi',
        'href="mailto:grievances@streetline.example"',
        '+91 80 4000 1234',
        'href="tel:+918040001234"',
        'care@streetline.example',
        'within 48 hours and resolve it within one month',
      ]) {
        expect(html, value).toContain(value);
      }
      for (const demo of ['Demo Grievance Officer', 'Trap the Trend Demo Apparel']) expect(html).not.toContain(demo);
    });
  }

  it('/terms shows the configured return window', async () => {
    expect(await textOf(await get('/terms'))).toContain('For 10 days after delivery you can ask');
  });

  it('/privacy says what is kept after a deletion, and why, and mentions Google only when it is offered', async () => {
    const html = await textOf(await get('/privacy'));
    expect(html).toContain('Section 36 of the Central Goods and Services Tax Act, 2017');
    expect(html).toContain('including the delivery address each order was sent to, because they are tax records');
    expect(html).toContain(
      'Messages you send us from the contact or bulk order forms, with a logo you attach: 180 days, or until you delete your account',
    );
    expect(html).not.toContain('If you sign in with Google');
  });

  it('are linked from the login and signup pages and the footer', async () => {
    for (const path of ['/login', '/signup']) {
      const html = await textOf(await get(path));
      expect(html, path).toMatch(
        /you agree to Trap the Trend's <a [^>]*href="\/terms"[^>]*>Terms of Use<\/a> and <a [^>]*href="\/privacy"/,
      );
    }
    expect(await textOf(await get('/login'))).toContain('By continuing, you agree');
    const footer = /<footer[\s\S]*<\/footer>/.exec(await textOf(await get('/about')))![0];
    expect(footer).toMatch(/href="\/terms"[^>]*>Terms of Use</);
    expect(footer).toMatch(/href="\/privacy"[^>]*>Privacy Policy</);
  });
});

describe('downloading one’s data', () => {
  it('gives the signed-in shopper their own data as a JSON attachment', async () => {
    const user = await createPasswordUser(database.db, PASSWORD, { name: 'Zoya Khan' });
    await createPasswordUser(database.db, PASSWORD, { name: 'Someone Else' });
    const res = await get('/profile/data', await sessionCookieFor(auth, user.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="trapthetrend-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const data = (await res.json()) as { account: { id: string; name: string; email: string } };
    expect(data.account).toMatchObject({ id: user.id, name: 'Zoya Khan', email: user.email });
  });

  it('sends a visitor to log in', async () => {
    const res = await get('/profile/data');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });
});

describe('deleting one’s account', () => {
  it('asks for the password, deletes, signs out and confirms', async () => {
    const user = await createPasswordUser(database.db, PASSWORD);
    await database.db.insert(profiles).values({ id: user.id, firstName: 'Dev', lastName: 'Anand', email: user.email });
    const cookie = await sessionCookieFor(auth, user.id);
    const page = await textOf(await get('/profile/delete', cookie));
    expect(page).toContain('<h1 class="text-3xl font-black uppercase">Delete my account</h1>');
    expect(page).toContain('name="password"');
    expect(page).toContain('I understand that my account and its personal data will be deleted for good.');
    expect(await textOf(await get('/profile', cookie))).toContain('Download my data');

    const wrong = await postForm('/profile/delete', { confirm: 'yes', password: 'Wrong@2026' }, cookie);
    expect(wrong.status).toBe(401);
    expect(await textOf(wrong)).toContain('Wrong password. Please try again.');
    const unticked = await postForm('/profile/delete', { password: PASSWORD }, cookie);
    expect(unticked.status).toBe(400);
    expect(await textOf(unticked)).toContain(ACCOUNT_DELETION_MESSAGES.confirmNeeded);
    expect((await database.db.select().from(users).where(eq(users.id, user.id)))[0]!.deletedAt).toBeNull();

    const done = await postForm('/profile/delete', { confirm: 'yes', password: PASSWORD }, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/profile/delete?deleted=1');
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await database.db.select().from(profiles).where(eq(profiles.id, user.id))).toEqual([]);

    // The old cookie no longer signs anyone in: the confirmation, and the profile sends to log in.
    const confirmation = await textOf(await get('/profile/delete?deleted=1', cookie));
    expect(confirmation).toContain('Account deleted');
    expect(confirmation).toContain('Your account has been deleted and you have been signed out.');
    expect((await get('/profile', cookie)).headers.get('location')).toBe('/login');
    expect((await get('/profile/delete')).headers.get('location')).toBe('/login');
  });

  it('says why the form is not offered while an order is on its way, and refuses it anyway', async () => {
    const user = await createPasswordUser(database.db, PASSWORD);
    await createOrder(database.db, { userId: user.id, status: 'shipped' });
    const cookie = await sessionCookieFor(auth, user.id);
    const page = await textOf(await get('/profile/delete', cookie));
    expect(page).toContain(ACCOUNT_DELETION_MESSAGES.ordersInProgress);
    expect(page).not.toContain('name="password"');
    const refused = await postForm('/profile/delete', { confirm: 'yes', password: PASSWORD }, cookie);
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain(ACCOUNT_DELETION_MESSAGES.ordersInProgress);
    expect((await database.db.select().from(users).where(eq(users.id, user.id)))[0]!.deletedAt).toBeNull();
  });

  it('is not offered to an admin, and refused', async () => {
    const admin = await createPasswordUser(database.db, PASSWORD, { role: 'admin' });
    const cookie = await sessionCookieFor(auth, admin.id);
    expect(await textOf(await get('/profile/delete', cookie))).toContain(ACCOUNT_DELETION_MESSAGES.admin);
    const refused = await postForm('/profile/delete', { confirm: 'yes', password: PASSWORD }, cookie);
    expect(refused.status).toBe(403);
    expect((await database.db.select().from(users).where(eq(users.id, admin.id)))[0]!.deletedAt).toBeNull();
  });
});
