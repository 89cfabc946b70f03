// The mailer against a real SMTP server on a local port, and the outbox on a real folder with the
// page that lists it: what arrives, what is written, what is logged, and what happens on refusal.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { logSink } from '../../../tests/support/log-sink.ts';
import { loadConfig } from '../config.ts';
import { renderTaxDocumentPdf } from '../invoices/pdf.ts';
import { buildInvoiceBody } from '../invoices/tax.ts';
import { createLogger } from '../logger.ts';
import { createMailer, listOutbox, outboxDir, readOutboxMail, type MailMessage } from './mailer.ts';
import { outboxRoutes } from './outbox-page.ts';
import { passwordResetMail, signupOtpMail } from './templates.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'ttt-mail-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const otp = signupOtpMail({
  storeName: 'Trap the Trend',
  code: '482913',
  email: 'riya@example.in',
  publicUrl: 'http://localhost:3000',
});
const otpMessage: MailMessage = { to: 'riya@example.in', ...otp };

/** A tax invoice's PDF, as the order emails attach it. */
function invoicePdf(): Promise<Buffer> {
  const order = {
    id: '3f2a9c1d-0000-4000-8000-000000000000',
    itemsJson: [{ productId: 1, name: 'Astro Tee', size: 'M', quantity: 1, pricePaise: 79_900 }],
    discountPaise: 0,
    addressJson: {
      name: 'Riya Kapoor',
      phone: '9876543210',
      house: '4B',
      street: 'MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      country: 'India',
    },
  };
  const { seller, rateBands } = loadConfig({}).invoices;
  const body = buildInvoiceBody({ order, orderNumber: '3F2A9C1D', seller, bands: rateBands, hsnOf: () => '6109' });
  return renderTaxDocumentPdf({
    kind: 'invoice',
    number: 'TTT/2026-27/000001',
    issuedAt: new Date(),
    body,
    invoiceNumber: null,
  });
}

/** A pino logger whose lines the test can read. */
function capturingLogger() {
  const { stream, lines } = logSink();
  return { logger: pino({ level: 'info' }, stream), lines };
}

interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  close(): Promise<void>;
}

/** A plain SMTP server on 127.0.0.1 that parses what it receives, or refuses it with a 550. */
async function startSmtpServer(refuse = false): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        if (refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  return [value ?? []].flat().flatMap((object) => object.value.map((address) => address.address ?? ''));
}

describe('SMTP mailer', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(() => server.close());

  it('delivers a mail with a text and an HTML part from MAIL_FROM, and logs one line without the body', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, SMTP_URL: server.url, MAIL_FROM: 'Shop <shop@x.in>' });
    const { logger, lines } = capturingLogger();
    const mailer = createMailer(config, logger);
    expect(mailer.kind).toBe('smtp');

    await mailer.send(otpMessage);
    await mailer.close();

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(addresses(mail.to)).toEqual(['riya@example.in']);
    expect(addresses(mail.from)).toEqual(['shop@x.in']);
    expect(mail.subject).toBe('Trap the Trend: verify your email');
    expect(mail.text).toContain('482913');
    expect(mail.html).toEqual(expect.stringContaining('482913'));

    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ msg: 'mail sent', to: 'riya@example.in', subject: otp.subject });
    expect(line.messageId).toEqual(expect.any(String));
    expect(lines[0]).not.toContain('482913');
  });

  it('carries the reset link in both parts', async () => {
    const url = 'http://localhost:3000/reset-password/tok123?callbackURL=%2Faccount&x=1';
    const reset = passwordResetMail({ storeName: 'Trap the Trend', url, email: 'riya@example.in' });
    const mailer = createMailer(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, SMTP_URL: server.url }),
      createLogger('silent'),
    );
    await mailer.send({ to: 'riya@example.in', ...reset });
    await mailer.close();

    const mail = server.received.at(-1)!;
    expect(mail.text).toContain(url);
    expect(mail.html).toEqual(
      expect.stringContaining('href="http://localhost:3000/reset-password/tok123?callbackURL=%2Faccount&amp;x=1"'),
    );
  });

  it('sends a PDF attachment as a PDF part, named as given', async () => {
    const mailer = createMailer(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, SMTP_URL: server.url }),
      createLogger('silent'),
    );
    const pdf = await invoicePdf();
    await mailer.send({
      ...otpMessage,
      attachments: [{ filename: 'TTT-2026-27-000001.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    await mailer.close();

    const [attachment, ...others] = server.received.at(-1)!.attachments;
    expect(others).toEqual([]);
    expect(attachment).toMatchObject({ filename: 'TTT-2026-27-000001.pdf', contentType: 'application/pdf' });
    expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(attachment!.content.equals(pdf)).toBe(true);
  });

  it("sends the store's own headers, such as a list's one-click unsubscribe", async () => {
    const mailer = createMailer(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, SMTP_URL: server.url }),
      createLogger('silent'),
    );
    const unsubscribe = 'http://localhost:3000/notify/unsubscribe?token=abc';
    await mailer.send({
      ...otpMessage,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await mailer.close();

    const lines = server.received.at(-1)!.headerLines.map((header) => header.line);
    expect(lines).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('rejects when the server refuses the mail', async () => {
    const refusing = await startSmtpServer(true);
    const mailer = createMailer(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, SMTP_URL: refusing.url }),
      createLogger('silent'),
    );
    await expect(mailer.send(otpMessage)).rejects.toThrow(/550/);
    await mailer.close();
    await refusing.close();
  });

  it('rejects when no server listens', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    const mailer = createMailer(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, SMTP_URL: gone.url }),
      createLogger('silent'),
    );
    await expect(mailer.send(otpMessage)).rejects.toThrow(/ECONNREFUSED/);
    await mailer.close();
  });
});

describe('outbox mailer', () => {
  it('writes one JSON file per mail and logs one line without the body', async () => {
    const dataDir = await mkdtemp(path.join(tmp, 'outbox-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const { logger, lines } = capturingLogger();
    const mailer = createMailer(config, logger);
    expect(mailer.kind).toBe('outbox');

    await mailer.send(otpMessage);

    const dir = path.join(dataDir, 'mail');
    expect(outboxDir(config)).toBe(dir);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const stored = JSON.parse(await readFile(path.join(dir, files[0]!), 'utf8')) as Record<string, unknown>;
    expect(stored).toEqual({
      id: files[0]!.replace(/\.json$/, ''),
      to: 'riya@example.in',
      from: config.mailFrom,
      subject: otp.subject,
      text: otp.text,
      html: otp.html,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'mail written to outbox',
      to: 'riya@example.in',
      subject: otp.subject,
      file: path.join(dir, files[0]!),
    });
    expect(lines[0]).not.toContain('482913');
  });

  it('lists the newest first, within the limit, and reads one by a strict id', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: await mkdtemp(path.join(tmp, 'outbox-')) });
    const dir = outboxDir(config);
    expect(await listOutbox(dir)).toEqual([]);

    const mailer = createMailer(config, createLogger('silent'));
    for (const n of [1, 2, 3]) await mailer.send({ ...otpMessage, subject: `Mail ${n}` });

    const all = await listOutbox(dir);
    expect(all.map((mail) => mail.subject)).toEqual(['Mail 3', 'Mail 2', 'Mail 1']);
    expect((await listOutbox(dir, 2)).map((mail) => mail.subject)).toEqual(['Mail 3', 'Mail 2']);

    expect(await readOutboxMail(dir, all[1]!.id)).toEqual(all[1]);
    expect(await readOutboxMail(dir, '0000000000000-00000000')).toBeUndefined();
    expect(await readOutboxMail(dir, '../x')).toBeUndefined();
    expect(await readOutboxMail(dir, `../mail/${all[0]!.id}`)).toBeUndefined();
  });
});

describe('outbox page', () => {
  it('lists the mails and shows one, escaped, never cached', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: await mkdtemp(path.join(tmp, 'outbox-')) });
    const dir = outboxDir(config);
    const app = outboxRoutes(dir);

    const empty = await app.request('/');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('No mail yet.');

    await createMailer(config, createLogger('silent')).send({ ...otpMessage, subject: '<b>Drop</b> & "you"' });
    const [mail] = await listOutbox(dir);

    const list = await app.request('/');
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toBe('no-store');
    expect(list.headers.get('Content-Type')).toMatch(/^text\/html/);
    const listHtml = await list.text();
    expect(listHtml).toMatch(/^<!doctype html>\n<html lang="en-IN">/);
    expect(listHtml).toContain('<th scope="col">Subject</th>');
    expect(listHtml).toContain(`<a href="/dev/mail/${mail!.id}">&lt;b&gt;Drop&lt;/b&gt; &amp; &quot;you&quot;</a>`);
    expect(listHtml).not.toContain('<b>Drop</b>');
    expect(listHtml).not.toMatch(/<script|<style|style=/);

    const one = await app.request(`/${mail!.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('Cache-Control')).toBe('no-store');
    const oneHtml = await one.text();
    expect(oneHtml).toContain('<h1>&lt;b&gt;Drop&lt;/b&gt; &amp; &quot;you&quot;</h1>');
    expect(oneHtml).toContain('482913');
    expect(oneHtml).toContain('<a href="http://localhost:3000">http://localhost:3000</a>,');
    expect(oneHtml).toMatch(/<iframe sandbox srcdoc="&lt;!doctype html&gt;[^"]*482913[^"]*" title="[^"]+"/);
    expect(oneHtml).not.toMatch(/<script|<style/);

    await createMailer(config, createLogger('silent')).send({
      ...otpMessage,
      subject: 'With a PDF',
      attachments: [
        { filename: 'TTT-2026-27-000001.pdf', content: await invoicePdf(), contentType: 'application/pdf' },
      ],
    });
    const [withPdf] = await listOutbox(dir);
    expect(withPdf!.attachments).toEqual([
      { filename: 'TTT-2026-27-000001.pdf', contentType: 'application/pdf', contentBase64: expect.any(String) },
    ]);
    expect(Buffer.from(withPdf!.attachments![0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(await (await app.request(`/${withPdf!.id}`)).text()).toMatch(
      /<dt>Attachments<\/dt><dd><ul><li>TTT-2026-27-000001\.pdf \(application\/pdf, \d+ KB\)<\/li><\/ul><\/dd>/,
    );

    await createMailer(config, createLogger('silent')).send({
      ...otpMessage,
      subject: 'With headers',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/notify/unsubscribe?token=abc>' },
    });
    const [withHeaders] = await listOutbox(dir);
    expect(withHeaders!.headers).toEqual({
      'List-Unsubscribe': '<http://localhost:3000/notify/unsubscribe?token=abc>',
    });
    expect(await (await app.request(`/${withHeaders!.id}`)).text()).toContain(
      '<dt>List-Unsubscribe</dt><dd>&lt;http://localhost:3000/notify/unsubscribe?token=abc&gt;</dd>',
    );

    for (const id of ['0000000000000-00000000', '..%2Fx', 'nope']) {
      const missing = await app.request(`/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});
