// Contact Us, Bulk Orders and the admin's inbox through the app (ADR 0028): the forms without
// JavaScript (a refusal keeps what was typed and stores nothing), the reference number on screen,
// a signed-in shopper's details prefilled on a private page, the client's limit, the bulk form's
// logo (multipart, bounded, private: staff only), and the inbox for admins only.
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { bodyOf, expectShows } from '../../../tests/support/html.ts';
import { imageBytes, uploadForm, type UploadPart } from '../../../tests/support/images.ts';
import { jobRows } from '../../../tests/support/jobs.ts';
import { auditLog, enquiries, profiles, rateLimits } from '../../server/db/schema.ts';

const { database, app, get, postForm, signIn } = useTestApp({
  RATE_LIMIT_ENQUIRIES_PER_IP_PER_HOUR: '4',
  BULK_ORDER_MIN_QUANTITY: '25',
});

const CONTACT = {
  name: 'Riya Kapoor',
  email: 'riya@example.test',
  phone: '9876501234',
  orderNumber: '',
  message: 'Does the Astro Tee shrink after washing?',
};

const BULK = {
  organisation: 'Christ University Fest',
  name: 'Arjun Rao',
  email: 'arjun@example.test',
  phone: '9123456780',
  categories: 'oversized',
  quantity: '60',
  neededBy: '2099-01-15',
};

/** The bulk form as a browser sends it: multipart, with the logo under `logo`. */
const sendBulk = (fields: Record<string, string>, logo: UploadPart[] = [], cookie = '') =>
  app.request(`${ORIGIN}/bulk-orders`, {
    method: 'POST',
    body: uploadForm(fields, logo, 'logo'),
    headers: { Origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });

/** A fresh allowance for this client (the limit counts every request of the file's one client). */
const forgetLimits = () => database.db.delete(rateLimits).where(like(rateLimits.key, 'enquiry:%'));

const referenceIn = (html: string) =>
  /Your reference number is <strong[^>]*>([CB]-[0-9A-Z]{6})<\/strong>/.exec(html)?.[1];
/** The values of the ticked checkboxes of a page, in its order. */
const checkedBoxes = (html: string) =>
  [...html.matchAll(/<input type="checkbox"[^>]*>/g)]
    .filter(([input]) => input.includes('checked=""'))
    .map(([input]) => /value="([^"]+)"/.exec(input)![1]);
const enquiryCount = async () => (await database.db.select().from(enquiries)).length;

describe('/contact', () => {
  it('asks a visitor for their details and message, on a page no cache keeps', async () => {
    const res = await get('/contact');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('<h1 id="contact-title"');
    for (const label of ['Name', 'Email', 'Phone (10 digits)', 'Order number (optional)', 'Message']) {
      expect(html).toContain(`>${label}</label>`);
    }
    expect(html).toContain('Send message');
  });

  it("prefills a signed-in shopper's name, email and phone from their profile", async () => {
    const shopper = await signIn({ email: 'prefill@example.test' });
    await database.db.insert(profiles).values({
      id: shopper.id,
      firstName: 'Neha',
      lastName: 'Singh',
      email: 'prefill@example.test',
      phone: '9988776655',
    });
    const html = await (await get('/contact', shopper.cookie)).text();
    expect(html).toContain('value="Neha Singh"');
    expect(html).toContain('value="prefill@example.test"');
    expect(html).toContain('value="9988776655"');
    // Only for that session: a visitor's page has none of it.
    expect(await (await get('/contact')).text()).not.toContain('Neha Singh');
  });

  it('takes a message and answers with its reference number', async () => {
    await forgetLimits();
    const html = await bodyOf(await postForm('/contact', CONTACT));
    expect(html).toContain('Thank you: we received your message');
    expect(html).toContain('We have emailed a confirmation to riya@example.test.');
    const reference = referenceIn(html);
    expect(reference).toMatch(/^C-/);
    const [row] = await database.db.select().from(enquiries).where(eq(enquiries.reference, reference!));
    expect(row).toMatchObject({ kind: 'contact', name: 'Riya Kapoor', details: { message: CONTACT.message } });
  });

  it("has the confirmation repeat the message only when it goes to a signed-in shopper's verified address", async () => {
    await forgetLimits();
    const shopper = await signIn({ email: 'own@example.test', emailVerified: true });
    const own = { ...CONTACT, email: 'Own@example.test' };
    const references = [
      referenceIn(await (await postForm('/contact', own, shopper.cookie)).text()),
      referenceIn(await (await postForm('/contact', CONTACT, shopper.cookie)).text()),
      referenceIn(await (await sendBulk({ ...BULK, email: own.email }, [], shopper.cookie)).text()),
    ];
    const senderMails = (await jobRows(database, 'enquiry-mail'))
      .map(({ data }) => data as { enquiryId: string; to: string })
      .filter(({ to }) => to !== 'store');
    const recipients = [];
    for (const reference of references) {
      const [row] = await database.db.select().from(enquiries).where(eq(enquiries.reference, reference!));
      recipients.push(senderMails.find(({ enquiryId }) => enquiryId === row!.id)?.to);
    }
    expect(recipients).toEqual(['verified-sender', 'sender', 'verified-sender']);
  });

  it('refuses a wrong field with its message under it, keeps what was typed, and stores nothing', async () => {
    await forgetLimits();
    const before = await enquiryCount();
    const res = await postForm('/contact', { ...CONTACT, phone: '12345', message: 'Still <b>typed</b>' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Please fix the validation errors before proceeding.');
    expect(html).toMatch(/aria-invalid="true" aria-describedby="[^"]+-error"[^>]*value="12345"/);
    expect(html).toContain('Phone number must be exactly 10 digits');
    expect(html).toContain('Still &lt;b&gt;typed&lt;/b&gt;</textarea>');
    expect(html).toContain('value="Riya Kapoor"');
    expect(await enquiryCount()).toBe(before);
  });

  it('refuses a client past RATE_LIMIT_ENQUIRIES_PER_IP_PER_HOUR with 429, storing nothing', async () => {
    await forgetLimits();
    for (let sent = 0; sent < 4; sent += 1) expect((await postForm('/contact', CONTACT)).status).toBe(200);
    const before = await enquiryCount();
    const res = await postForm('/contact', CONTACT);
    expect(res.status).toBe(429);
    expect(await res.text()).toContain('Too many attempts. Please try again in 60 minutes.');
    expect((await sendBulk(BULK)).status).toBe(429);
    expect(await enquiryCount()).toBe(before);
  });
});

describe('/bulk-orders', () => {
  it('shows the form with the minimum quantity of its setting', async () => {
    const html = await bodyOf(await get('/bulk-orders'));
    expectShows(html, ['Orders start at 25 pieces.', 'Quantity (at least 25 pieces)', 'encType="multipart/form-data"']);
    for (const label of [
      'Jackets',
      'Sweatshirts',
      'Oversized',
      'Regular Fit',
      'Polos',
      'Print',
      'Embroidery',
      'Custom colours',
    ]) {
      expect(html).toContain(`/>${label}</label>`);
    }
  });

  it('takes a request with a logo that only staff can see', async () => {
    await forgetLimits();
    const res = await sendBulk({ ...BULK, customisation: 'print' }, [
      { name: 'crest.png', bytes: await imageBytes('png') },
    ]);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Thank you: we received your request');
    const reference = referenceIn(html);
    expect(reference).toMatch(/^B-/);
    const [row] = await database.db.select().from(enquiries).where(eq(enquiries.reference, reference!));
    const logo = (row!.details as { logo: string }).logo;
    expect(logo).toMatch(/^bulk-[0-9a-f-]{36}\.webp$/);

    const admin = await signIn({ role: 'admin' });
    const seen = await get(`/admin/inbox/logos/${logo}`, admin.cookie);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/webp');
    expect(seen.headers.get('cache-control')).toContain('private');
    // A shopper, a visitor and the public image address all get the 404 of an unknown address.
    expect((await get(`/admin/inbox/logos/${logo}`, (await signIn()).cookie)).status).toBe(404);
    expect((await get(`/admin/inbox/logos/${logo}`)).status).toBe(404);
    expect((await get(`/uploads/products/${logo}`)).status).toBe(404);
    // The staff page shows it.
    const page = await (await get(`/admin/inbox/${row!.id}`, admin.cookie)).text();
    expect(page).toContain(`src="/admin/inbox/logos/${logo}"`);
    expect(page).toContain(`alt="The logo sent with ${reference}"`);
  });

  it('refuses too few pieces naming the minimum, and a logo that is not an image, keeping the choices', async () => {
    await forgetLimits();
    const before = await enquiryCount();
    const html = await bodyOf(await sendBulk({ ...BULK, quantity: '24', customisation: 'embroidery' }), 400);
    expect(html).toContain('Bulk orders start at 25 pieces.');
    expect(checkedBoxes(html)).toEqual(['oversized', 'embroidery']);
    const svg = await sendBulk(BULK, [{ name: 'logo.svg', bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>' }]);
    expect(svg.status).toBe(400);
    expect(await svg.text()).toContain('logo.svg is not a JPEG, PNG or WebP image.');
    expect(await enquiryCount()).toBe(before);
  });

  it('refuses a body that is not a multipart form, and one larger than a logo allows', async () => {
    const before = await enquiryCount();
    const plain = await postForm('/bulk-orders', BULK);
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain('The upload was not a form with files. Please try again.');
    const huge = await sendBulk(BULK, [{ name: 'huge.png', bytes: Buffer.alloc(11 * 1024 * 1024) }]);
    expect(huge.status).toBe(413);
    expect(await enquiryCount()).toBe(before);
  });
});

describe('the FAQ', () => {
  it('links its Bulk Orders page and Contact Us page', async () => {
    const html = await (await get('/faq')).text();
    expect(html).toMatch(/href="\/bulk-orders"[^>]*>Bulk Orders page<\/a>/);
    expect(html).toMatch(/href="\/contact"[^>]*>Contact Us page<\/a>/);
  });
});

describe('/admin/inbox', () => {
  it('is the ordinary 404 for shoppers and visitors', async () => {
    await forgetLimits();
    const reference = referenceIn(await (await postForm('/contact', CONTACT)).text());
    const shopper = await signIn();
    const [any] = await database.db.select().from(enquiries).where(eq(enquiries.reference, reference!));
    for (const path of ['/admin/inbox', `/admin/inbox/${any!.id}`]) {
      expect((await get(path, shopper.cookie)).status).toBe(404);
      expect((await get(path)).status).toBe(404);
    }
    expect((await postForm(`/admin/inbox/${any!.id}`, { status: 'closed', notes: 'x' }, shopper.cookie)).status).toBe(
      404,
    );
    const [after] = await database.db.select().from(enquiries).where(eq(enquiries.id, any!.id));
    expect(after!.status).toBe(any!.status);
  });

  it('lists enquiries newest first, filters them, and saves a status and notes to the audit log', async () => {
    await forgetLimits();
    const bulk = referenceIn(await (await sendBulk(BULK)).text());
    const contact = referenceIn(await (await postForm('/contact', CONTACT)).text());
    const admin = await signIn({ role: 'admin', email: 'inbox-route-admin@example.test' });

    const inbox = await (await get('/admin/inbox', admin.cookie)).text();
    expect(inbox).toContain('Inbox');
    expect(inbox.indexOf(contact!)).toBeLessThan(inbox.indexOf(bulk!));
    expect(inbox).toContain('Christ University Fest · arjun@example.test');
    const onlyBulk = await (await get('/admin/inbox?kind=bulk', admin.cookie)).text();
    expect(onlyBulk).toContain(bulk!);
    expect(onlyBulk).not.toContain(contact!);

    const [row] = await database.db.select().from(enquiries).where(eq(enquiries.reference, contact!));
    const page = await (await get(`/admin/inbox/${row!.id}`, admin.cookie)).text();
    expect(page).toContain(`Contact message ${contact}`);
    expect(page).toContain('href="mailto:riya@example.test"');
    expect(page).toContain('Does the Astro Tee shrink after washing?');

    const saved = await postForm(
      `/admin/inbox/${row!.id}`,
      { status: 'replied', notes: 'Sent the size chart.' },
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Saved. The enquiry is replied.');
    const [after] = await database.db.select().from(enquiries).where(eq(enquiries.id, row!.id));
    expect(after).toMatchObject({ status: 'replied', notes: 'Sent the size chart.' });
    const replied = await (await get('/admin/inbox?status=replied', admin.cookie)).text();
    expect(replied).toContain(contact!);
    expect(replied).not.toContain(bulk!);

    const refused = await postForm(`/admin/inbox/${row!.id}`, { status: 'done', notes: '' }, admin.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Choose New, Replied or Closed.');

    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(entry).toMatchObject({
      actorEmail: 'inbox-route-admin@example.test',
      summary: `${contact}: New → Replied, notes changed`,
    });
    const audit = await (await get('/admin/audit', admin.cookie)).text();
    expect(audit).toContain(`href="/admin/inbox/${row!.id}"`);
  });

  it('answers an unknown enquiry with 404', async () => {
    const admin = await signIn({ role: 'admin' });
    expect((await get('/admin/inbox/00000000-0000-4000-8000-000000000000', admin.cookie)).status).toBe(404);
    expect((await get('/admin/inbox/not-an-id', admin.cookie)).status).toBe(404);
    expect((await get('/admin/inbox/logos/bulk-missing.webp', admin.cookie)).status).toBe(404);
  });
});
