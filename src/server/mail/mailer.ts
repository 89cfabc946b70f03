// The one way the store sends mail: over SMTP_URL when it is set, otherwise into the local outbox
// (ADR 0007; production without SMTP_URL never gets here, the configuration refuses it).
// Log lines name the recipient and subject only: bodies hold passcodes and reset links.
import path from 'node:path';

import { createTransport } from 'nodemailer';

import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { writeOutboxMail } from './outbox.ts';

export { listOutbox, readOutboxMail } from './outbox.ts';

/** A file sent with a mail: a tax invoice or credit note's PDF (invoices/, ADR 0024). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Where replies go instead of MAIL_FROM: the sender of an enquiry, in the store's copy. */
  replyTo?: string;
  /** Headers of the store's own (a list's `List-Unsubscribe`), by name. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the server (or the outbox) has accepted the mail; rejects when it refused. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(config: Config, logger: Logger): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, logger) : outboxMailer(config, logger);
}

/** The folder of the outbox under DATA_DIR. */
export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'mail');
}

function smtpMailer(url: string, from: string, logger: Logger): Mailer {
  // smtp:// upgrades with STARTTLS when the server offers it; smtps:// is TLS from the start.
  // A customer waits for the passcode mail, so an unreachable server fails in seconds, not minutes.
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    kind: 'smtp',
    async send({ to, subject, text, html, attachments = [], replyTo, headers }) {
      try {
        const info = await transport.sendMail({ from, to, subject, text, html, attachments, replyTo, headers });
        logger.info({ to, subject, messageId: info.messageId }, 'mail sent');
      } catch (error) {
        logger.warn({ to, subject, err: error }, 'mail not sent');
        throw error;
      }
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(config: Config, logger: Logger): Mailer {
  const dir = outboxDir(config);
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, attachments = [], replyTo, headers }) {
      const mail = await writeOutboxMail(dir, {
        to,
        from: config.mailFrom,
        ...(replyTo ? { replyTo } : {}),
        ...(headers ? { headers } : {}),
        subject,
        text,
        html,
        ...(attachments.length > 0
          ? {
              attachments: attachments.map(({ filename, contentType, content }) => ({
                filename,
                contentType,
                contentBase64: content.toString('base64'),
              })),
            }
          : {}),
      });
      logger.info({ to, subject, file: path.join(dir, `${mail.id}.json`) }, 'mail written to outbox');
    },
    async close() {},
  };
}
