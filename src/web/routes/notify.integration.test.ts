// 'Notify me' through the app (docs/drops.md): a visitor's sign-up kept unconfirmed with a
// confirmation link mailed, the link confirming it; the same sign-up again kept once with the same
// answer; a signed-in shopper's kept confirmed, with their own address; the refusals; the form
// posted without scripts; the unsubscribe page, its button and a mail client's one click; the
// product page's forms; and staff's counts of who waits.
import { eq, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { customerAndAdminCookies, recordingMailer } from '../../../tests/support/accounts.ts';
import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { bodyOf, expectShows } from '../../../tests/support/html.ts';
import { jobRows, TEST_PUBLIC_URL, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { waitingRequest } from '../../../tests/support/notify.ts';
import { notifyRequests, rateLimits, type Drop, type NotifyRequest, type Product } from '../../server/db/schema.ts';
import { createLogger } from '../../server/logger.ts';
import { deliverNotifyEmail } from '../../server/notify/sending.ts';

const { database, app, auth, get, postForm, signIn } = useTestApp({
  RATE_LIMIT_NOTIFY_SIGNUPS_PER_IP_PER_HOUR: '12',
  RATE_LIMIT_NOTIFY_CONFIRMATIONS_PER_EMAIL_PER_HOUR: '3',
  PAGE_CACHE_CHANGE_WINDOW_MS: '0',
});

const CHECK_INBOX = 'Almost done: check your inbox and open the link we sent to confirm your email.';
const WHEN_DROP = 'the drop “Winter Heat” goes live on 5 December 2099 at 8:00 pm';
const NOT_VALID =
  'This link is not valid any more: it was used to unsubscribe, or a newer email from us has a newer link.';

let drop: Drop;
let dropped: Product;
/** On sale: M sold out, L in stock. */
let hoodie: Product;

beforeAll(async () => {
  dropped = await createProduct(database.db, { name: 'Winter Heat Jacket' });
  drop = await createDrop(database.db, [dropped.id], {
    name: 'Winter Heat',
    goesLiveAt: new Date('2099-12-05T14:30:00Z'),
  });
  hoodie = await createProduct(database.db, { name: 'Midnight Hoodie', sizes: ['M', 'L'] }, { M: 0, L: 4 });
});

// Each test has the file's allowance of sign-ups to itself (the limit's own test uses it up).
beforeEach(() => database.db.delete(rateLimits).where(like(rateLimits.key, 'notify:%')));

/** What the product page's fetcher sends: JSON, from a page of the store. */
function postJson(body: Record<string, unknown>, cookie = '') {
  return app.request(`${ORIGIN}/api/notify`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
}

const requestsOf = (email: string) => database.db.select().from(notifyRequests).where(eq(notifyRequests.email, email));

/** Sends the notify emails waiting in the queue, as the store's worker does; what the mailer got. */
async function deliverQueued() {
  const mailer = recordingMailer();
  const deps = {
    db: database.db,
    mailer,
    logger: createLogger('silent'),
    storeName: 'Trap the Trend',
    publicUrl: TEST_PUBLIC_URL,
  };
  await workQueuedJobs(database, 'notify-mail', (job) => deliverNotifyEmail(deps, job));
  return mailer.sent;
}

/**
 * Opens a confirmation link as its reader does: the page asks and changes nothing (a mail scanner
 * stops there), then its button posts the link's token. The button's answer.
 */
async function confirmBy(link: string): Promise<Response> {
  const before = await database.db.select().from(notifyRequests);
  const asked = await get(link);
  if (asked.status === 200) {
    expect(await asked.text()).toContain('Confirm my email</button>');
    expect(await database.db.select().from(notifyRequests)).toEqual(before);
  }
  const token = new URL(link, ORIGIN).searchParams.get('token') ?? '';
  return postForm(link, { token });
}

/** The confirmation link in a mail's text, as a path of the store. */
function confirmLink(text: string): string {
  const link = /http:\/\/localhost:3000(\/notify\/confirm\?token=[\w%-]+)/.exec(text)?.[1];
  expect(link, 'a confirmation link').toBeDefined();
  return link!;
}

describe('a visitor signing up', () => {
  it('keeps the address unconfirmed, lower case, and mails a link to confirm it', async () => {
    const res = await postJson({ email: ' Riya@Example.test ', dropId: drop.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: CHECK_INBOX });
    expect(await requestsOf('riya@example.test')).toMatchObject([
      { dropId: drop.id, productId: null, size: null, userId: null, confirmedAt: null, notifiedAt: null },
    ]);

    const [mail, ...others] = await deliverQueued();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      to: 'riya@example.test',
      subject: 'Trap the Trend: confirm your email to be notified',
    });
    expect(mail!.text).toContain(`Someone asked Trap the Trend to email riya@example.test when ${WHEN_DROP}.`);
    expect(mail!.text).toContain('If it was not you, ignore this mail: we will not email you about it.');
    expect(mail!.headers).toBeUndefined();

    // The link's button confirms it, on a page no cache keeps, saying what they will hear about.
    const link = confirmLink(mail!.text);
    const asked = await get(link);
    expect(asked.headers.get('cache-control')).toBe('private, no-store');
    expectShows(await bodyOf(asked), [`Email riya@example.test when ${WHEN_DROP}?`]);
    const page = await confirmBy(link);
    expectShows(await bodyOf(page), [
      'Your email is confirmed.',
      `We&#x27;ll email riya@example.test when ${WHEN_DROP}.`,
    ]);
    const [row] = await requestsOf('riya@example.test');
    expect(row!.confirmedAt).not.toBeNull();
    // Pressed again: it says so, and changes nothing.
    expectShows(await bodyOf(await confirmBy(link)), ['Your email was confirmed already.']);
    expect((await requestsOf('riya@example.test'))[0]!.confirmedAt).toEqual(row!.confirmedAt);
  });

  it('keeps one request however often it is asked for, with the same answer, and only the newest link confirms', async () => {
    const answers = [];
    for (let n = 0; n < 2; n += 1) {
      const res = await postJson({ email: 'twice@example.test', productId: hoodie.id, size: 'm' });
      answers.push([res.status, await res.json()]);
    }
    expect(answers).toEqual([
      [200, { ok: true, message: CHECK_INBOX }],
      [200, { ok: true, message: CHECK_INBOX }],
    ]);
    expect(await requestsOf('twice@example.test')).toMatchObject([
      { productId: hoodie.id, size: 'M', confirmedAt: null },
    ]);
    // Two confirmations were queued; the first one's link stopped working with the second, and is not sent.
    const [older, newer] = (await jobRows(database, 'notify-mail'))
      .map((job) => job.data as { kind: string; token: string })
      .slice(-2);
    expect([older!.kind, newer!.kind]).toEqual(['confirm', 'confirm']);
    const [mail, ...others] = await deliverQueued();
    expect(others).toEqual([]);
    expect(confirmLink(mail!.text)).toBe(`/notify/confirm?token=${newer!.token}`);
    expect(await bodyOf(await confirmBy(`/notify/confirm?token=${older!.token}`), 404)).toContain(NOT_VALID);
    expectShows(await bodyOf(await confirmBy(confirmLink(mail!.text))), [
      'Your email is confirmed.',
      'We&#x27;ll email twice@example.test when Midnight Hoodie is back in stock in size M.',
    ]);

    // Confirmed, and asked for again: the same answer, no mail, and it stays confirmed.
    const again = await postJson({ email: 'twice@example.test', productId: hoodie.id, size: 'M' });
    expect(await again.json()).toEqual({ ok: true, message: CHECK_INBOX });
    expect(await deliverQueued()).toEqual([]);
    expect(await requestsOf('twice@example.test')).toMatchObject([{ confirmedAt: expect.any(Date) }]);
  });

  it('waits again when asked for after it was emailed (sold out again), as confirmed as it was, its link kept', async () => {
    const emailed = await waitingRequest(database.db, {
      email: 'again@example.test',
      productId: hoodie.id,
      size: 'M',
      notifiedAt: new Date(),
    });
    const posted = await postJson({ email: 'again@example.test', productId: hoodie.id, size: 'M' });
    expect(await posted.json()).toEqual({ ok: true, message: CHECK_INBOX });
    // Whoever asked, the owner's yes and the unsubscribe link in the email they have both stand.
    expect(await requestsOf('again@example.test')).toMatchObject([
      { id: emailed.id, confirmedAt: emailed.confirmedAt, notifiedAt: null, tokenHash: emailed.tokenHash },
    ]);
    expect(await deliverQueued()).toEqual([]);
  });
});

describe('a signed-in shopper signing up', () => {
  it("keeps their account's address, confirmed at once, whatever address was sent, and mails nothing", async () => {
    const shopper = await signIn({ email: 'Neha@Example.test' });
    const res = await postJson({ email: 'someone-else@example.test', productId: hoodie.id, size: 'M' }, shopper.cookie);
    expect(await res.json()).toEqual({ ok: true, message: "Done: we'll email neha@example.test when size M is back." });
    expect(await requestsOf('someone-else@example.test')).toEqual([]);
    expect(await requestsOf('neha@example.test')).toMatchObject([
      { userId: shopper.id, productId: hoodie.id, size: 'M', confirmedAt: expect.any(Date), notifiedAt: null },
    ]);
    const drops = await postJson({ dropId: drop.id }, shopper.cookie);
    expect(await drops.json()).toEqual({ ok: true, message: "Done: we'll email neha@example.test when this drops." });
    expect(await requestsOf('neha@example.test')).toHaveLength(2);
    expect(await deliverQueued()).toEqual([]);
  });

  it('confirms the request their address made signed out, without a mail', async () => {
    await postJson({ email: 'later@example.test', dropId: drop.id });
    await database.db.delete(rateLimits);
    const shopper = await signIn({ email: 'later@example.test' });
    await postJson({ dropId: drop.id }, shopper.cookie);
    expect(await requestsOf('later@example.test')).toMatchObject([
      { userId: shopper.id, confirmedAt: expect.any(Date) },
    ]);
    // Only the visitor's confirmation was mailed.
    expect((await deliverQueued()).map((mail) => mail.subject)).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses what nobody can wait for, with a clear message, and keeps nothing', async () => {
    const live = await createProduct(database.db, { name: 'Live Drop Tee' });
    const liveDrop = await createDrop(database.db, [live.id], { goesLiveAt: new Date(Date.now() - 60_000) });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ dropId: liveDrop.id }, 409, 'This drop is live now: you can buy it.'],
      [{ dropId: 999_999 }, 404, 'This drop no longer exists.'],
      [{ productId: hoodie.id, size: 'L' }, 409, 'Size L is in stock: you can buy it now.'],
      [{ productId: hoodie.id, size: 'XS' }, 400, 'This product does not come in size XS.'],
      [{ productId: hoodie.id }, 400, 'Please choose a size to be told of.'],
      [{ productId: 999_999, size: 'M' }, 404, 'Product not found'],
      [{ productId: dropped.id, size: 'M' }, 409, 'This is not on sale yet: ask to hear when its drop goes live.'],
      [{}, 400, 'Choose a drop, or a product and one of its sizes.'],
    ];
    const jobsBefore = (await jobRows(database, 'notify-mail')).length;
    for (const [target, status, message] of cases) {
      const res = await postJson({ email: 'refused@example.test', ...target });
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([status, message]);
    }
    const badEmail = await postJson({ email: 'not-an-address', dropId: drop.id });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({
      ok: false,
      message: 'Please enter a valid email address',
      fieldErrors: { email: 'Please enter a valid email address' },
    });
    expect(await requestsOf('refused@example.test')).toEqual([]);
    expect(await jobRows(database, 'notify-mail')).toHaveLength(jobsBefore);
  });

  it("limits a client's sign-ups an hour (RATE_LIMIT_NOTIFY_SIGNUPS_PER_IP_PER_HOUR)", async () => {
    for (let n = 1; n <= 12; n += 1) {
      expect((await postJson({ email: `fan${n}@example.test`, dropId: drop.id })).status).toBe(200);
    }
    const refused = await postJson({ email: 'fan13@example.test', dropId: drop.id });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ message: 'Too many attempts. Please try again in 60 minutes.' });
    expect(await requestsOf('fan13@example.test')).toEqual([]);
  });

  it('mails one address at most its confirmations an hour, over every target (RATE_LIMIT_NOTIFY_CONFIRMATIONS_PER_EMAIL_PER_HOUR)', async () => {
    const tee = await createProduct(database.db, { name: 'Ember Tee', sizes: ['S'] }, { S: 0 });
    const signUp = async (target: Record<string, unknown>) => {
      const res = await postJson({ email: 'inbox@example.test', ...target });
      expect([res.status, await res.json()]).toEqual([200, { ok: true, message: CHECK_INBOX }]);
    };
    await signUp({ dropId: drop.id });
    await signUp({ productId: hoodie.id, size: 'M' });
    await signUp({ productId: hoodie.id, size: 'M' });
    const linksOf = (rows: NotifyRequest[]) =>
      rows
        .filter((row) => row.productId !== tee.id)
        .map((row) => row.tokenHash)
        .sort();
    const linksBefore = linksOf(await requestsOf('inbox@example.test'));
    const jobsBefore = (await jobRows(database, 'notify-mail')).length;

    // Past the limit: the same answer, no mail, and the links mailed already keep working.
    await signUp({ dropId: drop.id });
    await signUp({ productId: hoodie.id, size: 'M' });
    await signUp({ productId: tee.id, size: 'S' });
    expect(await jobRows(database, 'notify-mail')).toHaveLength(jobsBefore);
    const rows = await requestsOf('inbox@example.test');
    expect(linksOf(rows)).toEqual(linksBefore);
    expect(rows.map((row) => [row.dropId, row.productId, row.size, row.confirmedAt])).toEqual(
      expect.arrayContaining([
        [drop.id, null, null, null],
        [null, hoodie.id, 'M', null],
        [null, tee.id, 'S', null],
      ]),
    );
    expect(rows).toHaveLength(3);
    // The last link of each target asked for within the limit (the first of hoodie M's was replaced).
    const mails = (await deliverQueued()).filter((mail) => mail.to === 'inbox@example.test');
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expectShows(await bodyOf(await confirmBy(confirmLink(mail.text))), ['Your email is confirmed.']);
    }

    // A signed-in shopper's own address is never mailed a link, so it is never held back.
    await database.db.delete(rateLimits).where(like(rateLimits.key, 'notify:ip:%'));
    const shopper = await signIn({ email: 'inbox@example.test' });
    const own = await postJson({ productId: tee.id, size: 'S' }, shopper.cookie);
    expect(await own.json()).toEqual({
      ok: true,
      message: "Done: we'll email inbox@example.test when size S is back.",
    });
    expect(await requestsOf('inbox@example.test')).toContainEqual(
      expect.objectContaining({ productId: tee.id, userId: shopper.id, confirmedAt: expect.any(Date) }),
    );
  });
});

describe('the form posted without scripts', () => {
  it('answers on the /notify page, once, leading back to the product', async () => {
    const back = `/product/${hoodie.id}`;
    const posted = await postForm('/api/notify', {
      email: 'noscript@example.test',
      productId: String(hoodie.id),
      size: 'M',
      returnTo: back,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('Location')).toBe(`/notify?back=${encodeURIComponent(back)}`);
    const cookie = posted.headers.get('Set-Cookie')!.split(';')[0]!;
    expect(await requestsOf('noscript@example.test')).toHaveLength(1);

    const page = await get(posted.headers.get('Location')!, cookie);
    expect(page.headers.get('Set-Cookie')).toContain('Max-Age=0');
    expectShows(await bodyOf(page), [`<p role="status"`, CHECK_INBOX, `href="${back}"`, 'Back to the product']);
    // Shown once: the page read again says nothing of it.
    expectShows(await bodyOf(await get('/notify')), ['ask to hear when its drop goes live'], [CHECK_INBOX]);
  });

  it('shows a refusal there too, and never leads off the site', async () => {
    const posted = await postForm('/api/notify', {
      email: 'noscript@example.test',
      productId: String(hoodie.id),
      size: 'L',
      returnTo: '//evil.example/',
    });
    expect(posted.headers.get('Location')).toBe('/notify?back=%2F');
    const cookie = posted.headers.get('Set-Cookie')!.split(';')[0]!;
    expectShows(await bodyOf(await get('/notify?back=%2F', cookie)), [
      '<p role="alert"',
      'Size L is in stock: you can buy it now.',
    ]);
  });
});

describe('unsubscribing', () => {
  const pathOf = (token: string) => `/notify/unsubscribe?token=${token}`;

  it('asks first: opening the link changes nothing', async () => {
    const request = await waitingRequest(database.db, { email: 'asked@example.test', productId: hoodie.id, size: 'M' });
    for (let n = 0; n < 2; n += 1) {
      const page = await get(pathOf(request.token));
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expectShows(await bodyOf(page), [
        'Stop emails to asked@example.test about Midnight Hoodie in size M?',
        '>Unsubscribe</button>',
      ]);
    }
    expect(await requestsOf('asked@example.test')).toHaveLength(1);
  });

  it("deletes the request with the page's button", async () => {
    const request = await waitingRequest(database.db, { email: 'button@example.test', dropId: drop.id });
    const html = await bodyOf(await postForm(pathOf(request.token), { token: request.token }));
    expect(html).toContain(
      'You&#x27;re unsubscribed: we won&#x27;t email button@example.test about the drop “Winter Heat”.',
    );
    expect(await requestsOf('button@example.test')).toEqual([]);
    // The link is spent.
    expectShows(await bodyOf(await get(pathOf(request.token))), [NOT_VALID], ['>Unsubscribe</button>']);
    expectShows(await bodyOf(await postForm(pathOf(request.token), { token: request.token })), [NOT_VALID]);
  });

  it("deletes it with a mail client's one click (RFC 8058): a POST from no page, without a session", async () => {
    const request = await waitingRequest(database.db, { email: 'oneclick@example.test', dropId: drop.id });
    const res = await app.request(`${ORIGIN}${pathOf(request.token)}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await requestsOf('oneclick@example.test')).toEqual([]);
  });

  it('says so for a link no request has', async () => {
    expectShows(await bodyOf(await get(pathOf('not-a-token'))), [NOT_VALID]);
    expect(await bodyOf(await get('/notify/confirm?token=not-a-token'), 404)).toContain(NOT_VALID);
    expect(await bodyOf(await confirmBy('/notify/confirm?token=not-a-token'), 404)).toContain(NOT_VALID);
  });
});

describe('the product page', () => {
  /** The 'Notify me' form of a page's HTML, or undefined. */
  const notifyForm = (html: string) => /<form[^>]*action="\/api\/notify"[\s\S]*?<\/form>/.exec(html)?.[0];

  it('before a drop, asks a visitor for an address, on the page kept for every visitor', async () => {
    const res = await get(`/product/${dropped.id}`);
    const form = notifyForm(await res.text());
    expect(form).toBeDefined();
    expectShows(form!, [
      'Notify me when it drops',
      `name="dropId" value="${drop.id}"`,
      'name="email"',
      'type="email"',
      '>Notify me</button>',
    ]);
    expect((await get(`/product/${dropped.id}`)).headers.get('X-Cache')).toBe('HIT');
  });

  it("gives a signed-in shopper the visitors' form: nothing of theirs is in the page", async () => {
    const shopper = await signIn();
    const theirs = notifyForm(await (await get(`/product/${dropped.id}`, shopper.cookie)).text());
    const visitors = notifyForm(await (await get(`/product/${dropped.id}`)).text());
    expect(theirs).toBe(visitors);
    expectShows(theirs!, [`name="dropId" value="${drop.id}"`, 'name="email"', '>Notify me</button>']);
  });

  it('on sale, offers the sold-out sizes alone, and nothing when none is sold out', async () => {
    const form = notifyForm(await (await get(`/product/${hoodie.id}`)).text());
    expectShows(
      form!,
      ['Notify me when it&#x27;s back', `name="productId" value="${hoodie.id}"`, '<option value="M">M</option>'],
      ['<option value="L">', 'name="dropId"'],
    );
    const stocked = await createProduct(database.db, { name: 'Stocked Tee' });
    expect(notifyForm(await (await get(`/product/${stocked.id}`)).text())).toBeUndefined();
  });
});

describe("staff's counts", () => {
  let cookies: Record<'customer' | 'admin', string>;
  let counted: Product;
  let countedDrop: Drop;

  beforeAll(async () => {
    cookies = await customerAndAdminCookies(auth, database.db, { email: 'staff@example.test' });
    counted = await createProduct(database.db, { name: 'Counted Tee', sizes: ['S', 'M', 'L'] }, { S: 0, M: 0, L: 3 });
    countedDrop = await createDrop(database.db, [], {
      name: 'Counted Drop',
      goesLiveAt: new Date('2099-06-01T00:00:00Z'),
    });
    const wait = (email: string, values: Partial<typeof notifyRequests.$inferInsert>) =>
      waitingRequest(database.db, { email, ...values });
    // Waiting: confirmed and not yet emailed. Neither an unconfirmed visitor nor one emailed already counts.
    await wait('a@example.test', { dropId: countedDrop.id });
    await wait('b@example.test', { dropId: countedDrop.id });
    await wait('c@example.test', { dropId: countedDrop.id, confirmedAt: null });
    await wait('d@example.test', { dropId: countedDrop.id, notifiedAt: new Date() });
    await wait('a@example.test', { productId: counted.id, size: 'S' });
    await wait('b@example.test', { productId: counted.id, size: 'M' });
    await wait('c@example.test', { productId: counted.id, size: 'M' });
    await wait('d@example.test', { productId: counted.id, size: 'M', confirmedAt: null });
  });

  it('shows how many wait for each drop in the list, and on its page', async () => {
    const list = await bodyOf(await get('/admin/drops', cookies.admin));
    const row = list.slice(
      list.indexOf('>Counted Drop</th>'),
      list.indexOf('</tr>', list.indexOf('>Counted Drop</th>')),
    );
    expectShows(list, ['>Waiting</th>']);
    expectShows(row, ['data-testid="waiting-count">2</td>']);
    const page = await bodyOf(await get(`/admin/drops/${countedDrop.id}`, cookies.admin));
    expectShows(page, ['Upcoming · 0 products · 2 waiting to be emailed when it goes live']);
  });

  it("shows how many wait for each size on the product's stock page", async () => {
    const html = await bodyOf(await get(`/admin/products/${counted.id}/stock`, cookies.admin));
    expectShows(html, [
      'Waiting for it to be back: 1 person, emailed once it has units.',
      'Waiting for it to be back: 2 people, emailed once it has units.',
      'Waiting for it to be back: nobody.',
    ]);
  });

  it('shows a customer neither', async () => {
    expect((await get('/admin/drops', cookies.customer)).status).toBe(404);
  });
});
