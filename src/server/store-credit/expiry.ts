// Store credit that lapses (ADR 0048), worked by the hourly `store-credit-expiry` job: credit past
// its expiry is written off as one `expired` entry per shopper (first in, first out: fifo.ts), and
// about 7 days before a credit lapses its shopper is emailed what of it is left, once per credit.
// Which credits were reminded of is kept in store_credit_reminders (the entries are append-only),
// written in the transaction that queues the email, so a rerun of the job never sends it twice.
import { and, asc, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { z } from 'zod';

import { formatCreditDate } from '../../common/store-credit.ts';
import type { Database } from '../db/client.ts';
import { storeCreditBalances, storeCreditEntries, storeCreditReminders, users } from '../db/schema.ts';
import { jobPayload, type JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { storeCreditExpiryMail } from '../mail/store-credit-templates.ts';
import { unspentOf } from './fifo.ts';
import { expireDueCredit, ledgerLines } from './ledger.ts';

/** How long before a credit lapses its shopper is reminded. */
const REMINDER_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Shoppers or credits one run handles at most; the next run takes the rest. */
const BATCH = 500;

/**
 * Writes the expiry due for every shopper with lapsed credit left, one transaction each; returns how
 * many shoppers' credit expired and how much in all.
 */
export async function expireStoreCredit(db: Database, now = new Date()): Promise<{ shoppers: number; paise: number }> {
  const lapsedCredit = sql<number>`coalesce(sum(${storeCreditEntries.amountPaise}) filter (where ${storeCreditEntries.amountPaise} > 0 and ${storeCreditEntries.expiresAt} <= ${now}), 0)`;
  // Spent credit given back undoes its spend (fifo.ts): it is counted off the debits.
  const debits = sql<number>`coalesce(-sum(${storeCreditEntries.amountPaise}) filter (where ${storeCreditEntries.amountPaise} < 0 or ${storeCreditEntries.kind} = 'spend_returned'), 0)`;
  const due = await db
    .select({ userId: storeCreditEntries.userId })
    .from(storeCreditEntries)
    .innerJoin(
      storeCreditBalances,
      and(eq(storeCreditBalances.userId, storeCreditEntries.userId), gt(storeCreditBalances.balancePaise, 0)),
    )
    .groupBy(storeCreditEntries.userId)
    .having(sql`${lapsedCredit} > ${debits}`)
    .limit(BATCH);
  let shoppers = 0;
  let paise = 0;
  for (const { userId } of due) {
    const expired = await db.transaction((tx) => expireDueCredit(tx, userId, now));
    if (expired > 0) {
      shoppers += 1;
      paise += expired;
    }
  }
  return { shoppers, paise };
}

const ReminderSchema = z.object({ entryId: z.uuid() });

/**
 * Queues the reminder of every credit that lapses within REMINDER_DAYS and has something left
 * unspent, unless it was reminded of already; returns how many were queued.
 */
export async function remindOfExpiringCredit(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  now = new Date(),
): Promise<number> {
  const soon = new Date(now.getTime() + REMINDER_DAYS * DAY_MS);
  const expiring = await deps.db
    .select({ id: storeCreditEntries.id, userId: storeCreditEntries.userId })
    .from(storeCreditEntries)
    .innerJoin(users, eq(users.id, storeCreditEntries.userId))
    .where(
      and(
        gt(storeCreditEntries.expiresAt, now),
        lte(storeCreditEntries.expiresAt, soon),
        isNull(users.deletedAt),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(storeCreditReminders)
            .where(eq(storeCreditReminders.entryId, storeCreditEntries.id)),
        ),
      ),
    )
    .orderBy(asc(storeCreditEntries.expiresAt))
    .limit(BATCH);
  let queued = 0;
  for (const credit of expiring) {
    const sent = await deps.db.transaction(async (tx) => {
      const unspent = unspentOf(await ledgerLines(tx, credit.userId), credit.id);
      // All of it spent: nothing to remind of (looked at again next run, until it lapses).
      if (unspent === 0) return false;
      const [reminder] = await tx
        .insert(storeCreditReminders)
        .values({ entryId: credit.id, amountPaise: unspent })
        .onConflictDoNothing()
        .returning({ entryId: storeCreditReminders.entryId });
      if (!reminder) return false;
      await deps.jobs.send(tx, 'store-credit-mail', { entryId: credit.id } satisfies z.infer<typeof ReminderSchema>);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

export interface CreditMailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  storeName: string;
  /** The store's address, for the link to the profile. */
  publicUrl: string;
}

/**
 * The `store-credit-mail` worker: one reminder. It says what is left of the credit when it is sent,
 * and is skipped when nothing is (spent since), the credit has lapsed or the account was deleted.
 * Throws (so the job is retried) when the send fails.
 */
export async function deliverStoreCreditEmail(
  deps: CreditMailDeps,
  job: JobWithMetadata<unknown>,
  now = new Date(),
): Promise<void> {
  const payload = jobPayload(
    job,
    ReminderSchema,
    deps.logger,
    'mail: dropped a store credit email whose payload is not valid',
  );
  if (!payload) return;
  const [row] = await deps.db
    .select({ entry: storeCreditEntries, email: users.email, deletedAt: users.deletedAt })
    .from(storeCreditEntries)
    .innerJoin(users, eq(users.id, storeCreditEntries.userId))
    .where(eq(storeCreditEntries.id, payload.entryId));
  if (!row?.entry.expiresAt) {
    deps.logger.error({ jobId: job.id, ...payload }, 'mail: dropped a reminder of a credit that does not expire');
    return;
  }
  const unspent = unspentOf(await ledgerLines(deps.db, row.entry.userId), row.entry.id);
  if (row.deletedAt || unspent === 0 || row.entry.expiresAt <= now) {
    deps.logger.info(
      { jobId: job.id, ...payload },
      'mail: skipped a store credit reminder with nothing left to remind of',
    );
    return;
  }
  const message = {
    to: row.email,
    ...storeCreditExpiryMail({
      storeName: deps.storeName,
      amountPaise: unspent,
      expiresOn: formatCreditDate(row.entry.expiresAt),
      profileUrl: `${deps.publicUrl}/profile`,
    }),
  };
  try {
    await deps.mailer.send(message);
  } catch (error) {
    if (job.retryCount >= job.retryLimit) {
      deps.logger.error(
        { err: error, jobId: job.id, ...payload, attempts: job.retryCount + 1 },
        'mail: gave up on a store credit reminder',
      );
    }
    throw error;
  }
}
