// The two emails of an enquiry (ADR 0028), sent as jobs like the order emails
// (jobs/, ADR 0022): queued in the transaction that stores the enquiry, written from it when the
// `enquiry-mail` worker runs. Nobody waits on the page for them, so an SMTP outage delays them
// instead of refusing the enquiry. The store's copy goes to STORE_EMAIL with the sender as its
// Reply-To and a bulk request's logo attached; the sender's confirmation carries the reference, and
// repeats what they sent only to a `verified-sender`: a signed-in shopper who wrote from their own
// verified address (service.ts). Any other address was only typed into a form, so its mail holds
// the store's own words and the reference, never the sender's.
import { eq } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { z } from 'zod';

import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { enquiries, type Enquiry } from '../db/schema.ts';
import { jobPayload } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { enquiryConfirmationMail, enquiryStoreMail } from '../mail/enquiry-templates.ts';
import type { MailAttachment, MailMessage, Mailer } from '../mail/mailer.ts';
import { describeEnquiry } from './describe.ts';
import { readLogo } from './logo.ts';
import type { BulkDetails } from './service.ts';

const EnquiryEmailSchema = z.object({ enquiryId: z.uuid(), to: z.enum(['store', 'sender', 'verified-sender']) });

export interface EnquiryEmailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  config: Pick<Config, 'store' | 'publicUrl' | 'dataDir' | 'storage'>;
}

/** The `enquiry-mail` worker: one job, one email. Throws (so the job is retried) when the send fails. */
export async function deliverEnquiryEmail(deps: EnquiryEmailDeps, job: JobWithMetadata<unknown>): Promise<void> {
  const payload = jobPayload(
    job,
    EnquiryEmailSchema,
    deps.logger,
    'mail: dropped an enquiry email whose payload is not valid',
  );
  if (!payload) return;
  const [enquiry] = await deps.db.select().from(enquiries).where(eq(enquiries.id, payload.enquiryId));
  if (!enquiry) {
    deps.logger.error({ jobId: job.id, ...payload }, 'mail: dropped an email of an enquiry that no longer exists');
    return;
  }
  const { to } = payload;
  const message =
    to === 'store' ? await storeCopy(deps, enquiry) : confirmation(deps, enquiry, to === 'verified-sender');
  try {
    await deps.mailer.send(message);
  } catch (error) {
    // The enquiry itself is safe in the inbox; the log says which mail never left.
    if (job.retryCount >= job.retryLimit) {
      deps.logger.error(
        { err: error, jobId: job.id, reference: enquiry.reference, to, attempts: job.retryCount + 1 },
        'mail: gave up on an enquiry email',
      );
    }
    throw error;
  }
}

function mailInput(deps: EnquiryEmailDeps, enquiry: Enquiry) {
  return {
    storeName: deps.config.store.name,
    kind: enquiry.kind,
    reference: enquiry.reference,
    name: enquiry.name,
    fields: describeEnquiry(enquiry),
  };
}

async function storeCopy(deps: EnquiryEmailDeps, enquiry: Enquiry): Promise<MailMessage> {
  const inboxUrl = `${deps.config.publicUrl}/admin/inbox/${enquiry.id}`;
  return {
    to: deps.config.store.email,
    replyTo: enquiry.email,
    ...enquiryStoreMail({ ...mailInput(deps, enquiry), inboxUrl }),
    attachments: await logoAttachment(deps, enquiry),
  };
}

function confirmation(deps: EnquiryEmailDeps, enquiry: Enquiry, verified: boolean): MailMessage {
  const { storeName, kind, reference, name, fields } = mailInput(deps, enquiry);
  const copy = verified ? { name, fields } : null;
  return { to: enquiry.email, ...enquiryConfirmationMail({ storeName, kind, reference, copy }) };
}

/** A bulk request's logo, for the store's copy; throws when the image store does not answer (the job retries). */
async function logoAttachment(deps: EnquiryEmailDeps, enquiry: Enquiry): Promise<MailAttachment[]> {
  const name = enquiry.kind === 'bulk' ? (enquiry.details as unknown as BulkDetails).logo : null;
  if (!name) return [];
  const stored = await readLogo({ config: deps.config }, name);
  if (!stored) return [];
  const content = Buffer.from(await new Response(stored.body).arrayBuffer());
  return [{ filename: `logo-${enquiry.reference}.webp`, content, contentType: 'image/webp' }];
}
