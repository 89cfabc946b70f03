// Contact messages and bulk order requests (ADR 0028) on a real database and job queue: every
// rule with its exact message, each refusal storing and queueing nothing, the client's hourly
// limit, the logo (checked by content, stored privately, attached to the store's copy), the two
// emails as the worker writes them, and staff's status and notes with their audit entry.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createAdminActor, createUser } from '../../../tests/support/factories.ts';
import { imageBytes, receive, uploadForm, type UploadPart } from '../../../tests/support/images.ts';
import { jobRows, useJobQueue, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { logSink } from '../../../tests/support/log-sink.ts';
import { loadConfig } from '../config.ts';
import { auditLog, enquiries } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { shopperPhotosDir } from '../storage/folder.ts';
import { deliverEnquiryEmail } from './emails.ts';
import { REFERENCE_PATTERN } from './reference.ts';
import {
  listEnquiries,
  sendBulkRequest,
  sendContactMessage,
  updateEnquiry,
  type EnquiryDeps,
  type FormFields,
} from './service.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(ROOT, '.tmp/test-data-enquiries') });
const TEMP = path.join(ROOT, '.tmp/test-data-enquiries/tmp');
/** 11:30 in India on 26 November 2026: "today" for the needed-by date. */
const NOW = new Date('2026-11-26T06:00:00Z');

const deps = (overrides: Partial<EnquiryDeps> = {}): EnquiryDeps => ({
  db: database.db,
  jobs,
  limit: { max: 100, windowMs: 60 * 60_000 },
  bulkMinQuantity: 20,
  images: { config },
  ...overrides,
});

/** A fresh client address per call, so that tests do not share a limit unless they mean to. */
const client = () => ({ ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

const fields = (values: Record<string, string | string[]>): FormFields =>
  new Map(Object.entries(values).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));

const CONTACT = {
  name: 'Riya Kapoor',
  email: 'riya@example.test',
  phone: '9876501234',
  orderNumber: '',
  message: 'Does the Astro Tee shrink after washing?\nI am between M and L.',
};

const BULK = {
  organisation: 'IIT Bombay Techfest',
  name: 'Arjun Rao',
  email: 'arjun@techfest.example.test',
  phone: '9123456780',
  categories: ['oversized', 'sweatshirts'],
  productsNote: 'Black oversized tees for volunteers',
  quantity: '120',
  'size-S': '20',
  'size-M': '50',
  'size-L': '50',
  customisation: ['print', 'embroidery'],
  customisationNote: 'Logo on the chest, print on the back',
  neededBy: '2026-12-20',
  budget: '₹450 a piece',
};

const enquiryCount = async () => (await database.db.select().from(enquiries)).length;
const mailJobCount = async () => (await jobRows(database, 'enquiry-mail')).length;

/** What a refusal must leave: no enquiry and no email more than before. */
async function expectNothingKept(before: { enquiries: number; jobs: number }) {
  expect(await enquiryCount()).toBe(before.enquiries);
  expect(await mailJobCount()).toBe(before.jobs);
}
const counts = async () => ({ enquiries: await enquiryCount(), jobs: await mailJobCount() });

async function logoFiles(parts: UploadPart[]) {
  await mkdir(TEMP, { recursive: true });
  return (await receive(uploadForm({}, parts, 'logo'), TEMP)).files;
}

/** Sends the queued enquiry emails through a recording mailer, as the store's worker does. */
async function deliverMails() {
  const mailer = recordingMailer();
  const sink = logSink();
  const worked = await workQueuedJobs(database, 'enquiry-mail', (job) =>
    deliverEnquiryEmail({ db: database.db, mailer, logger: createLogger('info', sink.stream), config }, job),
  );
  return { mailer, worked, lines: sink.lines };
}

/** The enquiry a send stored, under the reference the sender was given; a refused send fails the test. */
async function storedEnquiry(sent: Awaited<ReturnType<typeof sendContactMessage>>) {
  expect(sent.ok).toBe(true);
  if (!sent.ok) throw new Error(sent.message);
  const [row] = await database.db.select().from(enquiries).where(eq(enquiries.reference, sent.reference));
  return { reference: sent.reference, row: row! };
}

beforeAll(async () => {
  // Emails queued by earlier tests are not this test's: each test starts with an empty queue.
  await deliverMails();
});

describe('a contact message', () => {
  it('is stored with a reference number, and queues the store copy and the confirmation', async () => {
    await deliverMails();
    const sent = await sendContactMessage(deps(), fields({ ...CONTACT, orderNumber: '#3f2a9c1d' }), client(), NOW);
    const { reference, row } = await storedEnquiry(sent);
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(reference.startsWith('C-')).toBe(true);
    expect(row).toMatchObject({
      kind: 'contact',
      name: 'Riya Kapoor',
      email: 'riya@example.test',
      phone: '9876501234',
      status: 'new',
      notes: '',
      details: { orderNumber: '3F2A9C1D', message: CONTACT.message },
    });

    const { mailer, worked } = await deliverMails();
    expect(worked.map((job) => job.data)).toEqual([
      { enquiryId: row.id, to: 'store' },
      { enquiryId: row.id, to: 'sender' },
    ]);
    const [store, sender] = mailer.sent;
    expect(store).toMatchObject({
      to: 'hello@trapthetrend.in',
      replyTo: 'riya@example.test',
      subject: `Trap the Trend: Contact message ${reference} from Riya Kapoor`,
      attachments: [],
    });
    expect(store!.text).toContain('Riya Kapoor sent a message. Reply to this email to answer them.');
    expect(store!.text).toContain('Order number: #3F2A9C1D');
    expect(store!.text).toContain(`Message: ${CONTACT.message}`);
    expect(store!.text).toContain(`http://localhost:3000/admin/inbox/${row.id}`);
    expect(store!.html).toContain('Does the Astro Tee shrink after washing?<br/>I am between M and L.');
    expect(sender).toMatchObject({
      to: 'riya@example.test',
      subject: `Trap the Trend: your reference ${reference}`,
    });
    expect(sender!.replyTo).toBeUndefined();
    // Nobody proved the address is the sender's: the store's words and the reference only.
    expect(sender!.text).toContain(
      `Hello, thank you for writing to Trap the Trend. Your reference number is ${reference}.`,
    );
    expect(sender!.text).toContain('We will reply within two working days.');
    for (const part of [sender!.text, sender!.html]) {
      expect(part).not.toContain('Riya');
      expect(part).not.toContain('Does the Astro Tee shrink');
    }
  });

  it("repeats the message only to a signed-in shopper's own verified address", async () => {
    const shopper = await createUser(database.db, { email: `riya-${randomUUID()}@example.test`, emailVerified: true });
    const unverified = await createUser(database.db, { email: `new-${randomUUID()}@example.test` });
    const phishing = { ...CONTACT, name: 'Trap the Trend Security', message: 'Your account is locked: see evil.test' };
    await deliverMails();
    const own = await sendContactMessage(
      deps(),
      fields({ ...CONTACT, email: shopper.email.toUpperCase() }),
      { ...client(), userId: shopper.id },
      NOW,
    );
    await sendContactMessage(deps(), fields(phishing), { ...client(), userId: shopper.id }, NOW);
    await sendContactMessage(
      deps(),
      fields({ ...phishing, email: unverified.email }),
      { ...client(), userId: unverified.id },
      NOW,
    );
    const { mailer, worked } = await deliverMails();
    expect(worked.map((job) => (job.data as { to: string }).to)).toEqual([
      'store',
      'verified-sender',
      'store',
      'sender',
      'store',
      'sender',
    ]);
    const confirmations = mailer.sent.filter((mail) => mail.to !== 'hello@trapthetrend.in');
    expect(confirmations.map((mail) => mail.to)).toEqual([
      shopper.email.toUpperCase(),
      'riya@example.test',
      unverified.email,
    ]);
    const [copied, ...neutral] = confirmations;
    expect(copied!.text).toContain(
      `Hi Riya Kapoor, thank you for writing to Trap the Trend. Your reference number is ${own.ok && own.reference}.`,
    );
    expect(copied!.text).toContain(`Message: ${CONTACT.message}`);
    for (const mail of neutral) {
      expect(mail.text).toContain('Hello, thank you for writing to Trap the Trend.');
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('Security');
        expect(part).not.toContain('evil.test');
      }
    }
  });

  it('refuses each wrong field with its message, storing and mailing nothing', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: '' }, 'name', 'Name is required.'],
      [{ name: 'R'.repeat(81) }, 'name', 'Name must be at most 80 characters.'],
      [{ name: 'Riya\u0000' }, 'name', 'Name must not contain control characters.'],
      [{ email: 'riya@' }, 'email', 'Please enter a valid email address'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ phone: '98765' }, 'phone', 'Phone number must be exactly 10 digits'],
      [
        { orderNumber: 'ORDER-1' },
        'orderNumber',
        'Order number must be the 8 letters and digits shown on Your Orders, or left empty.',
      ],
      [{ message: '   ' }, 'message', 'Message is required.'],
      [{ message: 'x'.repeat(3001) }, 'message', 'Message must be at most 3000 characters.'],
      [{ message: 'Hello\u0007' }, 'message', 'Message must not contain control characters.'],
    ];
    const before = await counts();
    for (const [change, field, message] of cases) {
      const refused = await sendContactMessage(deps(), fields({ ...CONTACT, ...change }), client(), NOW);
      expect(refused).toEqual({
        ok: false,
        kind: 'invalid',
        message: 'Please fix the validation errors before proceeding.',
        fieldErrors: { [field]: message },
      });
    }
    // A form without any fields names every required one.
    const empty = await sendContactMessage(deps(), new Map(), client(), NOW);
    expect(empty.ok ? {} : empty.fieldErrors).toEqual({
      name: 'Name is required.',
      email: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required.',
    });
    await expectNothingKept(before);
  });
});

describe('the hourly limit per client', () => {
  it('refuses a client past its limit, counting only enquiries that were sent, and spares other clients', async () => {
    const limited = deps({ limit: { max: 2, windowMs: 60 * 60_000 } });
    const me = client();
    // A refused form does not count: fixing a typo costs nothing.
    expect((await sendContactMessage(limited, fields({ ...CONTACT, phone: '1' }), me, NOW)).ok).toBe(false);
    expect((await sendContactMessage(limited, fields(CONTACT), me, NOW)).ok).toBe(true);
    expect((await sendBulkRequest(limited, fields(BULK), [], me, NOW)).ok).toBe(true);
    const before = await counts();
    expect(await sendContactMessage(limited, fields(CONTACT), me, NOW)).toEqual({
      ok: false,
      kind: 'too_many_requests',
      message: 'Too many attempts. Please try again in 60 minutes.',
      retryAfterSeconds: 3600,
    });
    expect((await sendBulkRequest(limited, fields(BULK), [], me, NOW)).ok).toBe(false);
    await expectNothingKept(before);
    expect((await sendContactMessage(limited, fields(CONTACT), client(), NOW)).ok).toBe(true);
    // The next hour, the client may write again.
    const later = new Date(NOW.getTime() + 61 * 60_000);
    expect((await sendContactMessage(limited, fields(CONTACT), me, later)).ok).toBe(true);
  });
});

describe('a bulk order request', () => {
  it('is stored with its details and logo, and the store copy carries the logo and replies to the requester', async () => {
    await deliverMails();
    const logo = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const sent = await sendBulkRequest(
      deps(),
      fields(BULK),
      await logoFiles([{ name: 'logo.png', bytes: logo }]),
      client(),
      NOW,
    );
    const { reference, row } = await storedEnquiry(sent);
    expect(reference).toMatch(/^B-[2-9A-HJKMNP-TW-Z]{6}$/);
    expect(row).toMatchObject({
      kind: 'bulk',
      name: 'Arjun Rao',
      email: 'arjun@techfest.example.test',
      phone: '9123456780',
      status: 'new',
      details: {
        organisation: 'IIT Bombay Techfest',
        categories: ['oversized', 'sweatshirts'],
        productsNote: 'Black oversized tees for volunteers',
        quantity: 120,
        sizes: { S: 20, M: 50, L: 50 },
        customisation: ['print', 'embroidery'],
        customisationNote: 'Logo on the chest, print on the back',
        neededBy: '2026-12-20',
        budget: '₹450 a piece',
      },
    });
    // The logo: a WebP under a private name, transparency kept.
    const name = (row.details as { logo: string }).logo;
    expect(name).toMatch(/^bulk-[0-9a-f-]{36}\.webp$/);
    const stored = path.join(shopperPhotosDir(config), name);
    expect(existsSync(stored)).toBe(true);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 300, hasAlpha: true });

    const { mailer } = await deliverMails();
    const [store, requester] = mailer.sent;
    expect(store).toMatchObject({
      to: 'hello@trapthetrend.in',
      replyTo: 'arjun@techfest.example.test',
      subject: `Trap the Trend: Bulk order request ${reference} from Arjun Rao`,
    });
    for (const line of [
      'Organisation: IIT Bombay Techfest',
      'Contact person: Arjun Rao',
      'Categories: Oversized, Sweatshirts',
      'Products: Black oversized tees for volunteers',
      'Quantity: 120 pieces',
      'Sizes: S: 20, M: 50, L: 50',
      'Customisation: Print, Embroidery',
      'Needed by: 20 December 2026',
      'Budget: ₹450 a piece',
      'Logo: Attached',
    ]) {
      expect(store!.text).toContain(line);
    }
    expect(store!.attachments).toHaveLength(1);
    expect(store!.attachments![0]).toMatchObject({
      filename: `logo-${reference}.webp`,
      contentType: 'image/webp',
    });
    expect((await sharp(store!.attachments![0]!.content).metadata()).format).toBe('webp');
    expect(requester!.to).toBe('arjun@techfest.example.test');
    expect(requester!.attachments).toBeUndefined();
    expect(requester!.text).toContain(`Your reference number is ${reference}.`);
    expect(requester!.text).not.toContain('Arjun');
    expect(requester!.text).not.toContain('Black oversized tees');
    expect(requester!.text).toContain('Our team will get back to you with a quote within two working days.');
  });

  it('takes one without sizes, customisation, budget or logo, and today as the date', async () => {
    const minimal = {
      organisation: 'Blue Dart Offsite',
      name: 'Meera Iyer',
      email: 'meera@example.test',
      phone: '9000000001',
      categories: ['polos'],
      quantity: '20',
      neededBy: '2026-11-26',
    };
    const sent = await sendBulkRequest(deps(), fields(minimal), [], client(), NOW);
    expect(sent.ok).toBe(true);
    const [row] = await database.db.select().from(enquiries).orderBy(desc(enquiries.createdAt)).limit(1);
    expect(row!.details).toEqual({
      organisation: 'Blue Dart Offsite',
      categories: ['polos'],
      productsNote: '',
      quantity: 20,
      sizes: {},
      customisation: [],
      customisationNote: '',
      neededBy: '2026-11-26',
      budget: '',
      logo: null,
    });
  });

  it('refuses each wrong field with its message, storing, writing and mailing nothing', async () => {
    const cases: Array<[Record<string, string | string[]>, string, string]> = [
      [{ organisation: '' }, 'organisation', 'Organisation is required.'],
      [{ name: '' }, 'name', 'Name is required.'],
      [{ email: 'arjun' }, 'email', 'Please enter a valid email address'],
      [{ phone: '+91 91234 56780' }, 'phone', 'Phone number must be exactly 10 digits'],
      [{ categories: [], productsNote: '' }, 'categories', 'Choose the categories you want, or describe the products.'],
      [{ categories: ['caps'] }, 'categories', 'Choose among the categories shown.'],
      [{ quantity: '19', 'size-S': '', 'size-M': '', 'size-L': '' }, 'quantity', 'Bulk orders start at 20 pieces.'],
      [{ quantity: 'lots' }, 'quantity', 'Enter how many pieces you need: at least 20.'],
      [{ quantity: '12.5' }, 'quantity', 'Enter how many pieces you need: at least 20.'],
      [
        { quantity: '100001', 'size-S': '', 'size-M': '', 'size-L': '' },
        'quantity',
        'For more than 100000 pieces, please write to us.',
      ],
      [
        { 'size-M': '40' },
        'sizes',
        'The sizes add up to 110 pieces: make them add up to 120, or leave them all empty.',
      ],
      [{ 'size-XL': '-5' }, 'sizes', 'Enter a whole number of pieces.'],
      [{ customisation: ['glitter'] }, 'customisation', 'Choose among the customisations shown.'],
      [{ neededBy: '2026-11-25' }, 'neededBy', 'The date must be today or later.'],
      [{ neededBy: '2027-02-30' }, 'neededBy', 'Enter the date you need the order by.'],
      [{ neededBy: '' }, 'neededBy', 'Enter the date you need the order by.'],
      [{ budget: 'b'.repeat(101) }, 'budget', 'Budget must be at most 100 characters.'],
      [{ productsNote: 'p'.repeat(501) }, 'productsNote', 'Products must be at most 500 characters.'],
    ];
    const before = await counts();
    for (const [change, field, message] of cases) {
      const refused = await sendBulkRequest(deps(), fields({ ...BULK, ...change }), [], client(), NOW);
      expect(refused.ok ? {} : refused.fieldErrors, field).toEqual({ [field]: message });
    }
    await expectNothingKept(before);
  });

  it('names the minimum quantity its setting gives', async () => {
    const refused = await sendBulkRequest(
      deps({ bulkMinQuantity: 50 }),
      fields({ ...BULK, quantity: '40', 'size-M': '', 'size-L': '', 'size-S': '' }),
      [],
      client(),
      NOW,
    );
    expect(refused.ok ? {} : refused.fieldErrors).toEqual({ quantity: 'Bulk orders start at 50 pieces.' });
  });

  it('refuses a logo that is not a raster image, or more than one, keeping no file', async () => {
    const before = await counts();
    const files = () => new Set(existsSync(shopperPhotosDir(config)) ? readdirSync(shopperPhotosDir(config)) : []);
    const filesBefore = files();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const cases: Array<[UploadPart[], string]> = [
      [[{ name: 'logo.svg', bytes: svg }], 'logo.svg is not a JPEG, PNG or WebP image.'],
      [[{ name: 'brief.pdf', bytes: '%PDF-1.7 a brief' }], 'brief.pdf is not a JPEG, PNG or WebP image.'],
      [
        [{ name: 'broken.png', bytes: (await imageBytes('png')).subarray(0, 40) }],
        'broken.png could not be read as an image; it may be damaged.',
      ],
      [
        [
          { name: 'one.png', bytes: await imageBytes('png') },
          { name: 'two.png', bytes: await imageBytes('png') },
        ],
        'Attach one logo only.',
      ],
    ];
    for (const [parts, message] of cases) {
      const refused = await sendBulkRequest(deps(), fields(BULK), await logoFiles(parts), client(), NOW);
      expect(refused).toEqual({
        ok: false,
        kind: 'invalid',
        message: 'Please fix the validation errors before proceeding.',
        fieldErrors: { logo: message },
      });
    }
    await expectNothingKept(before);
    expect(files()).toEqual(filesBefore);
  });

  it('is refused whole when the image store does not take the logo', async () => {
    // A DATA_DIR that is a file: the folder store cannot write under it.
    const broken = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(ROOT, 'package.json') });
    const before = await counts();
    const refused = await sendBulkRequest(
      deps({ images: { config: broken } }),
      fields(BULK),
      await logoFiles([{ name: 'logo.jpg', bytes: await imageBytes('jpeg') }]),
      client(),
      NOW,
    );
    expect(refused).toEqual({
      ok: false,
      kind: 'unavailable',
      message: 'The logo could not be saved just now, so the request was not sent. Please try again.',
    });
    await expectNothingKept(before);
  });
});

describe('the enquiry emails', () => {
  it('are retried when the mail server refuses them, and given up on with an error line', async () => {
    await deliverMails();
    await sendContactMessage(deps(), fields(CONTACT), client(), NOW);
    const mailer = recordingMailer();
    mailer.failing = true;
    const sink = logSink();
    const worked = await workQueuedJobs(database, 'enquiry-mail', (job) =>
      deliverEnquiryEmail(
        { db: database.db, mailer, logger: createLogger('info', sink.stream), config },
        { ...job, retryCount: job.retryLimit },
      ),
    );
    expect(worked.map((job) => job.outcome)).toEqual(['failed', 'failed']);
    expect(sink.lines.filter((line) => line.includes('mail: gave up on an enquiry email'))).toHaveLength(2);
  });

  it('are dropped, with one error line, when their payload is not valid or their enquiry is gone', async () => {
    await deliverMails();
    await database.db.transaction(async (tx) => {
      await jobs.send(tx, 'enquiry-mail', { enquiryId: 'not-an-id', to: 'store' });
      await jobs.send(tx, 'enquiry-mail', { enquiryId: randomUUID(), to: 'sender' });
    });
    const { mailer, worked, lines } = await deliverMails();
    expect(worked.map((job) => job.outcome)).toEqual(['completed', 'completed']);
    expect(mailer.sent).toEqual([]);
    expect(lines.some((line) => line.includes('mail: dropped an enquiry email whose payload is not valid'))).toBe(true);
    expect(lines.some((line) => line.includes('mail: dropped an email of an enquiry that no longer exists'))).toBe(
      true,
    );
  });
});

describe('the inbox', () => {
  it('lists enquiries newest first, by kind and by status', async () => {
    const contact = await sendContactMessage(deps(), fields(CONTACT), client(), NOW);
    const bulk = await sendBulkRequest(deps(), fields(BULK), [], client(), NOW);
    if (!contact.ok || !bulk.ok) throw new Error('not sent');
    const all = await listEnquiries(database.db, { page: 1 });
    expect(all.enquiries.slice(0, 2).map((row) => row.reference)).toEqual([bulk.reference, contact.reference]);
    const contacts = await listEnquiries(database.db, { kind: 'contact', page: 1 });
    expect(contacts.enquiries.every((row) => row.kind === 'contact')).toBe(true);
    expect(contacts.total).toBe(contacts.enquiries.length);
    const admin = await createAdminActor(database.db, 'inbox-admin@example.test');
    const [row] = await database.db.select().from(enquiries).where(eq(enquiries.reference, contact.reference));
    await updateEnquiry(database.db, admin, row!.id, { status: 'closed', notes: '' });
    const closed = await listEnquiries(database.db, { status: 'closed', page: 1 });
    expect(closed.enquiries.map((found) => found.reference)).toContain(contact.reference);
    expect(closed.enquiries.every((found) => found.status === 'closed')).toBe(true);
  });

  it("records staff's status and notes in the audit log, and refuses a wrong status or unknown enquiry", async () => {
    const sent = await sendContactMessage(deps(), fields(CONTACT), client(), NOW);
    const { reference, row } = await storedEnquiry(sent);
    const admin = await createAdminActor(database.db, 'notes-admin@example.test');

    const updated = await updateEnquiry(database.db, admin, row.id, {
      status: 'replied',
      notes: 'Told her M fits; sent the size chart.',
    });
    expect(updated).toMatchObject({ ok: true, message: 'Saved. The enquiry is replied.' });
    const [after] = await database.db.select().from(enquiries).where(eq(enquiries.id, row.id));
    expect(after).toMatchObject({ status: 'replied', notes: 'Told her M fits; sent the size chart.' });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, row.id))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({
      actorEmail: 'notes-admin@example.test',
      action: 'enquiry.update',
      entityType: 'enquiry',
      summary: `${reference}: New → Replied, notes changed`,
      before: { status: 'new', notes: '' },
      after: { status: 'replied', notes: 'Told her M fits; sent the size chart.' },
    });

    const audits = (await database.db.select().from(auditLog)).length;
    expect(await updateEnquiry(database.db, admin, row.id, { status: 'answered', notes: '' })).toMatchObject({
      ok: false,
      kind: 'invalid',
      fieldErrors: { status: 'Choose New, Replied or Closed.' },
    });
    expect(
      await updateEnquiry(database.db, admin, row.id, { status: 'closed', notes: 'n'.repeat(5001) }),
    ).toMatchObject({ ok: false, fieldErrors: { notes: 'Notes must be at most 5000 characters.' } });
    expect(await updateEnquiry(database.db, admin, randomUUID(), { status: 'closed' })).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    const [unchanged] = await database.db.select().from(enquiries).where(eq(enquiries.id, row.id));
    expect(unchanged).toMatchObject({ status: 'replied', notes: 'Told her M fits; sent the size chart.' });
    expect((await database.db.select().from(auditLog)).length).toBe(audits);
  });
});
