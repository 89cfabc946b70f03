// 'Notify me' emails going out (docs/drops.md). The `notify-waiting` job, every minute and at each
// drop's minute, finds the confirmed requests still waiting whose drop is live or whose size has
// units again (its product on sale), first asked first, and queues one `notify-mail` job for each,
// NOTIFY_EMAILS_PER_MINUTE at most, spread evenly over the minute; the rest wait for the next run.
// Each request is marked notified in the transaction that queues its email, and rows are taken
// with SKIP LOCKED, so two runs at once (two instances, the drop's kick) never email anyone twice.
// The `notify-mail` worker writes each email as things are when it is sent.
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';

import { notifyAbout, notifyWhen } from '../../common/notify.ts';
import type { Database } from '../db/client.ts';
import { drops, notifyRequests, productStock, products } from '../db/schema.ts';
import { jobPayload, type JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { notifyConfirmMail, notifyNewsMail } from '../mail/notify-templates.ts';
import { NotifyMailSchema, targetOf, type NotifyMail } from './requests.ts';
import { newNotifyToken, notifyConfirmPath, notifyTokenHash, notifyUnsubscribePath } from './tokens.ts';

/** Requests one transaction marks and queues at most: a long run commits as it goes. */
const BATCH = 100;
/** The most products of a drop its email lists. */
const MAX_LISTED = 12;

/** Whether a request's news is due at `now`: its drop is live, or its size has units and is on sale. */
const isDue = (now: Date) => sql`(
  (${notifyRequests.dropId} is not null and exists (select 1 from ${drops}
    where ${drops.id} = ${notifyRequests.dropId} and ${drops.goesLiveAt} <= ${now}))
  or (${notifyRequests.productId} is not null
    and exists (select 1 from ${productStock} where ${productStock.productId} = ${notifyRequests.productId}
      and ${productStock.size} = ${notifyRequests.size} and ${productStock.quantity} > 0)
    and exists (select 1 from ${products} where ${products.id} = ${notifyRequests.productId}
      and ${notifyRequests.size} = any(${products.sizes})
      and (${products.dropId} is null or exists (select 1 from ${drops}
        where ${drops.id} = ${products.dropId} and ${drops.goesLiveAt} <= ${now})))))`;

export interface NotifyQueueDeps {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  /** NOTIFY_EMAILS_PER_MINUTE: the most emails one run queues, spread over its minute. */
  emailsPerMinute: number;
}

/** Queues the emails of the requests due now, `emailsPerMinute` at most; returns how many. */
export async function queueNotifyEmails(deps: NotifyQueueDeps, now = new Date()): Promise<number> {
  let queued = 0;
  while (queued < deps.emailsPerMinute) {
    const take = Math.min(BATCH, deps.emailsPerMinute - queued);
    const first = queued;
    const marked = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notifyRequests.id })
        .from(notifyRequests)
        .where(and(isNotNull(notifyRequests.confirmedAt), isNull(notifyRequests.notifiedAt), isDue(now)))
        .orderBy(asc(notifyRequests.createdAt), asc(notifyRequests.id))
        .limit(take)
        .for('update', { skipLocked: true });
      for (const [index, { id }] of due.entries()) {
        // The news carries a new link: its unsubscribe link works, the confirmation's stops.
        const token = newNotifyToken();
        await tx
          .update(notifyRequests)
          .set({ notifiedAt: now, tokenHash: token.hash })
          .where(eq(notifyRequests.id, id));
        await deps.jobs.send(
          tx,
          'notify-mail',
          { kind: 'news', requestId: id, token: token.token } satisfies NotifyMail,
          { startAfterSeconds: Math.floor(((first + index) * 60) / deps.emailsPerMinute) },
        );
      }
      return due.length;
    });
    queued += marked;
    if (marked < take) break;
  }
  return queued;
}

export interface NotifyMailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  storeName: string;
  /** The store's address, for the links in the emails. */
  publicUrl: string;
}

/**
 * The `notify-mail` worker: one email. Skipped (one info line) when its request is gone
 * (unsubscribed, or its drop or product deleted), a newer email has taken its link's place, or a
 * confirmation's request is confirmed already. Throws (so the job is retried) when the send fails.
 */
export async function deliverNotifyEmail(deps: NotifyMailDeps, job: JobWithMetadata<unknown>): Promise<void> {
  const mail = jobPayload(
    job,
    NotifyMailSchema,
    deps.logger,
    'mail: dropped a notify email whose payload is not valid',
  );
  if (!mail) return;
  // Never the token: it is a link's key.
  const about = { jobId: job.id, kind: mail.kind, requestId: mail.requestId };
  const message = await writeNotifyEmail(deps, mail);
  if (typeof message === 'string') {
    deps.logger.info({ ...about, reason: message }, 'mail: skipped a notify email');
    return;
  }
  try {
    await deps.mailer.send(message);
  } catch (error) {
    if (job.retryCount >= job.retryLimit) {
      deps.logger.error({ err: error, ...about, attempts: job.retryCount + 1 }, 'mail: gave up on a notify email');
    }
    throw error;
  }
}

/** The email as its request is now, or why it is not sent. */
async function writeNotifyEmail(deps: NotifyMailDeps, mail: NotifyMail): Promise<MailMessage | string> {
  const [row] = await deps.db
    .select({ request: notifyRequests, dropName: drops.name, goesLiveAt: drops.goesLiveAt, productName: products.name })
    .from(notifyRequests)
    .leftJoin(drops, eq(drops.id, notifyRequests.dropId))
    .leftJoin(products, eq(products.id, notifyRequests.productId))
    .where(eq(notifyRequests.id, mail.requestId));
  if (!row) return 'its request is gone';
  const { request } = row;
  if (request.tokenHash !== notifyTokenHash(mail.token)) return 'a newer email has its link';
  const target = targetOf(request, row);
  const { storeName, publicUrl } = deps;
  if (mail.kind === 'confirm') {
    if (request.confirmedAt) return 'its request is confirmed already';
    const confirmUrl = `${publicUrl}${notifyConfirmPath(mail.token)}`;
    return {
      to: request.email,
      ...notifyConfirmMail({ storeName, email: request.email, when: notifyWhen(target), confirmUrl }),
    };
  }
  const productUrl = (id: number) => `${publicUrl}/product/${id}`;
  const listed =
    request.dropId === null
      ? [{ name: row.productName!, url: productUrl(request.productId!) }]
      : (
          await deps.db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(eq(products.dropId, request.dropId))
            .orderBy(asc(products.id))
            .limit(MAX_LISTED)
        ).map((product) => ({ name: product.name, url: productUrl(product.id) }));
  const unsubscribeUrl = `${publicUrl}${notifyUnsubscribePath(mail.token)}`;
  const headline =
    target.kind === 'drop' ? `“${target.dropName}” is live` : `${target.productName} is back in size ${target.size}`;
  return {
    to: request.email,
    ...notifyNewsMail({
      storeName,
      headline,
      products: listed.length > 0 ? listed : [{ name: storeName, url: publicUrl }],
      about: notifyAbout(target),
      unsubscribeUrl,
    }),
    // RFC 2369 and RFC 8058: mail clients offer their own unsubscribe button, which POSTs to the link.
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
