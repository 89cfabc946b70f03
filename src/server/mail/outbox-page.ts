// The outbox page, mounted at /dev/mail in development and demo mode, for this machine and admins
// only (app.ts): lists the outbox and shows one mail's text and HTML parts, so sign-up codes and
// reset links can be followed without an SMTP server.
// Plain semantic HTML without scripts or styles, so the app's Content-Security-Policy never gets in the way.
// A development page, left as escaped strings (the mails are React): its markup is pinned by
// mailer.integration.test.ts, and React would write the iframe's bare `sandbox` as `sandbox=""`.
import { Hono } from 'hono';

import { listOutbox, readOutboxMail, type OutboxMail } from './outbox.ts';
import { escapeHtml, plainPage } from '../shared/plain-page.ts';

export const OUTBOX_PATH = '/dev/mail';

export function outboxRoutes(dir: string): Hono {
  const app = new Hono();

  app.use(async (c, next) => {
    await next();
    // Mails hold passcodes and reset links: never keep them in a cache.
    c.res.headers.set('Cache-Control', 'no-store');
  });

  app.get('/', async (c) => c.html(page('Mail outbox', listBody(await listOutbox(dir), dir))));

  app.get('/:id', async (c) => {
    const mail = await readOutboxMail(dir, c.req.param('id'));
    if (!mail) {
      return c.html(
        page('Mail not found', `${backLink()}\n<h1>Mail not found</h1>\n<p>No mail in the outbox has this id.</p>`),
        404,
      );
    }
    return c.html(page(mail.subject, mailBody(mail)));
  });

  return app;
}

function page(title: string, mainHtml: string): string {
  return plainPage(`${title} · Mail outbox`, mainHtml);
}

function backLink(): string {
  return `<p><a href="${OUTBOX_PATH}">All mails</a></p>`;
}

function time(iso: string): string {
  const shown = new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`;
}

function listBody(mails: OutboxMail[], dir: string): string {
  const intro = `<h1>Mail outbox</h1>
<p>Without <code>SMTP_URL</code> the store writes its mails to <code>${escapeHtml(dir)}</code> instead of sending them. Newest first.</p>`;
  if (mails.length === 0) return `${intro}\n<p>No mail yet.</p>`;
  const rows = mails.map(
    (mail) =>
      `<tr><td>${time(mail.createdAt)}</td><td>${escapeHtml(mail.to)}</td><td><a href="${OUTBOX_PATH}/${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</a></td></tr>`,
  );
  return `${intro}
<table>
<caption>The ${mails.length} newest mails</caption>
<thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function mailBody(mail: OutboxMail): string {
  return `${backLink()}
<h1>${escapeHtml(mail.subject)}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Time</dt><dd>${time(mail.createdAt)}</dd>
${headersOf(mail)}${attachmentsOf(mail)}</dl>
<h2>Text part</h2>
<pre>${linkify(escapeHtml(mail.text))}</pre>
<h2>HTML part</h2>
<iframe sandbox srcdoc="${escapeHtml(mail.html)}" title="HTML part of the mail" width="100%" height="720"></iframe>`;
}

/** The store's own headers of the mail (`List-Unsubscribe`), each by name. */
function headersOf(mail: OutboxMail): string {
  return Object.entries(mail.headers ?? {})
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>\n`)
    .join('');
}

/** The files sent with the mail, by name, type and size (their bytes stay in the outbox file). */
function attachmentsOf(mail: OutboxMail): string {
  if (!mail.attachments?.length) return '';
  const items = mail.attachments.map(
    (file) =>
      `<li>${escapeHtml(file.filename)} (${escapeHtml(file.contentType)}, ${Math.ceil((file.contentBase64.length * 3) / 4 / 1024)} KB)</li>`,
  );
  return `<dt>Attachments</dt><dd><ul>${items.join('')}</ul></dd>\n`;
}

/**
 * Makes the web addresses in escaped text clickable (the sandboxed HTML part cannot open them),
 * leaving out punctuation that ends a sentence.
 */
function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);
}
