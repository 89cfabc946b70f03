// Working the store's job queue from a test, now: a pg-boss instance of the test's own over the
// same database fetches the jobs waiting in a queue and runs each as the store's worker would
// (completing it, or failing it so that pg-boss retries it). No timers, no polling.
import { sql } from 'drizzle-orm';
import { fromPglite, PgBoss, type JobWithMetadata } from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';

import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { runInvoiceJob } from '../../src/server/invoices/due.ts';
import { openJobQueue, type JobQueue, type QueueName } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/logger.ts';
import type { Mailer } from '../../src/server/mail/mailer.ts';
import { deliverOrderEmail } from '../../src/server/orders/emails.ts';
import { standIn } from './database.ts';
import { TEST_INVOICE_SETTINGS } from './seller.ts';

function bossOver(database: DatabaseHandle): PgBoss {
  const common = { schema: 'pgboss', supervise: false, schedule: false, registerInstance: false, migrate: false };
  return database.kind === 'pglite'
    ? new PgBoss({ ...common, db: fromPglite(database.client), backend: 'pglite' })
    : new PgBoss({ ...common, connectionString: database.pool.options.connectionString!, max: 1 });
}

/** Runs every job ready in `queue`, one at a time; returns what became of each. */
export async function workQueuedJobs(
  database: DatabaseHandle,
  queue: QueueName,
  handler: (job: JobWithMetadata<unknown>) => Promise<void>,
): Promise<Array<{ data: unknown; outcome: 'completed' | 'failed' }>> {
  const boss = bossOver(database);
  await boss.start();
  const done: Array<{ data: unknown; outcome: 'completed' | 'failed' }> = [];
  try {
    for (;;) {
      const [job] = await boss.fetch<unknown>(queue, { includeMetadata: true, batchSize: 1 });
      if (!job) break;
      try {
        await handler(job);
        await boss.complete(queue, job.id);
        done.push({ data: job.data, outcome: 'completed' });
      } catch (error) {
        await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
        done.push({ data: job.data, outcome: 'failed' });
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
  return done;
}

/** The store's address in the links of the emails the tests send. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** Sends the order emails waiting in the queue through `mailer`, as the store's worker does. */
export function deliverQueuedOrderEmails(database: DatabaseHandle, mailer: Mailer) {
  const deps = {
    db: database.db,
    mailer,
    logger: createLogger('silent'),
    storeName: 'Trap the Trend',
    publicUrl: TEST_PUBLIC_URL,
    invoices: TEST_INVOICE_SETTINGS,
  };
  return workQueuedJobs(database, 'send-mail', (job) => deliverOrderEmail(deps, job));
}

/** Issues the invoices whose jobs wait in the queue, as the store's worker does right after each payment. */
export function issueQueuedInvoices(database: DatabaseHandle) {
  const deps = { db: database.db, invoices: TEST_INVOICE_SETTINGS, logger: createLogger('silent') };
  return workQueuedJobs(database, 'issue-invoice', (job) => runInvoiceJob(deps, job));
}

/** A test file's job queue over its database (one that only sends: nothing works it unless a test does). */
export function useJobQueue(database: DatabaseHandle): JobQueue {
  let jobs: JobQueue | undefined;
  beforeAll(async () => {
    jobs = await openJobQueue(database, createLogger('silent'), { background: false });
  });
  afterAll(() => jobs?.stop(1000));
  return standIn(() => jobs, 'The job queue');
}

/** The jobs of `queue` as the database holds them, oldest first. */
export async function jobRows(database: DatabaseHandle, queue: QueueName) {
  const result = await database.db.execute(
    sql`select id, state, data, retry_limit from pgboss.job where name = ${queue} order by created_on, id`,
  );
  return (result as unknown as { rows: Array<{ id: string; state: string; data: unknown; retry_limit: number }> }).rows;
}

/**
 * Makes the jobs of `queue` whose data holds `data` (a first run put off, a retry backing off) due
 * now, as if their time had come.
 */
export async function makeJobsDue(database: DatabaseHandle, queue: QueueName, data: object): Promise<void> {
  await database.db.execute(
    sql`update pgboss.job set start_after = now() where name = ${queue} and state in ('created', 'retry') and data @> ${JSON.stringify(data)}::jsonb`,
  );
}
