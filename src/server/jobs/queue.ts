// The store's background work as durable jobs on PostgreSQL, with pg-boss (ADR 0022): in the
// store's own database (schema `pgboss`), over a small pool of its own on a PostgreSQL server and
// over the one connection of embedded PGlite. A job is sent inside the transaction that makes it
// necessary (`send(tx, …)`): a rolled-back transaction sends nothing, a committed one cannot lose
// it. Every instance works every queue; the queues' policies and pg-boss's row locks decide who
// runs what, and a job whose instance died expires and runs again elsewhere.
import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type Clock,
  type DrizzleTransactionLike,
  type JobWithMetadata,
  type Queue,
} from 'pg-boss';
import type { z } from 'zod';

import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { withTimeout } from '../with-timeout.ts';

/**
 * A courier booking's attempts (courier/parcels.ts): 9, backing off from 4 minutes up to an hour
 * between them (about five hours in all), so a provider's outage delays the parcel rather than
 * losing it. The first delay is at least the booking lease (half of 4 minutes, jitter included),
 * so a retry finds the parcel free.
 */
const COURIER_RETRIES = {
  policy: 'standard',
  retryLimit: 8,
  retryDelay: 240,
  retryDelayMax: 3600,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
} as const;

/**
 * Customer emails' attempts: 8, backing off from 30 s (about two hours in all), so a mail server's
 * outage delays them rather than losing them.
 */
const MAIL_RETRIES = {
  policy: 'standard',
  retryLimit: 7,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 2 * 60,
} as const;

interface QueueRules {
  schedule: string | undefined;
  options: Omit<Queue, 'name'>;
}

/** A sweep run on a cron schedule, one run at a time and never retried: the schedule runs it again. */
const scheduled = (schedule: string, expireInSeconds: number): QueueRules => ({
  schedule,
  options: { policy: 'exclusive', retryLimit: 0, expireInSeconds },
});

/** A job sent when something needs doing, attempted by `retries`. */
const onDemand = (retries: Omit<Queue, 'name'>): QueueRules => ({ schedule: undefined, options: retries });

/** Each queue's rules. Times are in seconds, as pg-boss counts them. */
const QUEUES = {
  /** Every minute: expired holds released, unanswered payments asked about, refunds retried. */
  'reconcile-checkouts': scheduled('* * * * *', 5 * 60),
  /** Every ten minutes: account data and released checkouts past their use, unconfirmed cash on delivery orders. */
  purge: scheduled('*/10 * * * *', 5 * 60),
  /** Customer emails. */
  'send-mail': onDemand(MAIL_RETRIES),
  /**
   * A paid order's tax invoice, issued right after the order is placed (invoices/due.ts): retried
   * within seconds, for about five minutes; past that the minute's reconciliation issues it.
   */
  'issue-invoice': onDemand({
    policy: 'standard',
    retryLimit: 6,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  }),
  /** A contact message's or bulk order request's two emails (enquiries/emails.ts), retried like customer emails. */
  'enquiry-mail': onDemand(MAIL_RETRIES),
  /** Every hour: store credit past its expiry is expired, and shoppers are reminded a week before (ADR 0048). */
  'store-credit-expiry': scheduled('17 * * * *', 10 * 60),
  /** The reminder that store credit expires soon, retried like customer emails. */
  'store-credit-mail': onDemand(MAIL_RETRIES),
  /**
   * Every minute (and at a drop's minute): 'Notify me' emails queued for those waiting on a drop now
   * live or a size back in stock, NOTIFY_EMAILS_PER_MINUTE at most (notify/sending.ts).
   */
  'notify-waiting': scheduled('* * * * *', 5 * 60),
  /** A 'Notify me' email: a sign-up's confirmation link, or the news itself, retried like customer emails. */
  'notify-mail': onDemand(MAIL_RETRIES),
  /** A courier parcel's booking, continued from where it stopped (courier/booking.ts). */
  'courier-booking': onDemand(COURIER_RETRIES),
  /** The courier's reverse pickup of an approved return or exchange (courier/returns.ts), retried alike. */
  'courier-return-pickup': onDemand(COURIER_RETRIES),
  /** The refund of a prepaid parcel the courier brought back (courier/tracking.ts), retried alike. */
  'courier-undelivered-refund': onDemand(COURIER_RETRIES),
};

export type QueueName = keyof typeof QUEUES;

type JobHandler = (job: JobWithMetadata<unknown>) => Promise<void>;

export interface JobQueue {
  /**
   * Sends a job as part of `tx`: it exists once `tx` commits, and never if it rolls back; with
   * `startAfterSeconds`, it is not run before then.
   */
  send(tx: Database, name: QueueName, data: object, options?: { startAfterSeconds?: number }): Promise<void>;
  /** Works the queue in this process (one job at a time), and keeps its schedule. */
  work(name: QueueName, handler: JobHandler): Promise<void>;
  /** Jobs waiting and running per queue (GET /metrics, /readyz). */
  depth(): Promise<Record<QueueName, { queued: number; active: number; failed: number }>>;
  /** Resolves when the queue's tables answer within the time limit. */
  ping(timeoutMs?: number): Promise<void>;
  /** Stops taking jobs; those in flight finish within `timeoutMs` or are handed back. */
  stop(timeoutMs: number): Promise<void>;
}

export interface JobQueueOptions {
  /** A clock of pg-boss's own for tests (its TestClock); the system's otherwise. */
  clock?: Clock;
  /** How often an idle worker looks for jobs, besides being woken by new ones (LISTEN/NOTIFY). */
  pollingIntervalSeconds?: number;
  /**
   * Whether this process keeps the schedules and supervises the queues (expiring the jobs of dead
   * workers, deleting old ones): every store instance does. False for a queue that only sends
   * (the in-process test apps), which then runs no timers.
   */
  background?: boolean;
}

/** Installs (or migrates) pg-boss's schema and the store's queues, and returns the queue. */
export async function openJobQueue(
  database: DatabaseHandle,
  logger: Logger,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const common = {
    schema: 'pgboss',
    useListenNotify: true,
    registerInstance: false,
    supervise: options.background ?? true,
    schedule: options.background ?? true,
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.client), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: connectionStringOf(database), max: 3 });
  boss.on('error', (error) => logger.error({ err: error }, 'jobs: pg-boss reported an error'));
  await boss.start();
  for (const [name, { options: queueOptions }] of Object.entries(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, queueOptions);
  }
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;

  return {
    async send(tx, name, data, options = {}) {
      // Drizzle's `execute` is typed loosely for both drivers; both resolve to `{ rows }`.
      await boss.send(name, data, {
        db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async work(name, handler) {
      const { schedule } = QUEUES[name];
      if (schedule) await boss.schedule(name, schedule);
      await boss.work(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds },
        async ([job]: JobWithMetadata<unknown>[]) => {
          try {
            await handler(job!);
          } catch (error) {
            // pg-boss retries it (if its queue allows) or keeps it as failed: the line says which.
            const attempt = job!.retryCount + 1;
            const willRetry = job!.retryCount < job!.retryLimit;
            logger.warn({ err: error, queue: name, jobId: job!.id, attempt, willRetry }, 'jobs: a job failed');
            throw error;
          }
        },
      );
    },
    async depth() {
      // Counted from the jobs themselves: pg-boss's own queue counts are a cache its supervisor
      // refreshes once a minute.
      const result = await database.db.execute(sql`
        select name, state, count(*)::int as count from pgboss.job
        where state in ('created', 'retry', 'active', 'failed') group by name, state`);
      const rows = (result as unknown as { rows: Array<{ name: string; state: string; count: number }> }).rows;
      const depth = {} as Record<QueueName, { queued: number; active: number; failed: number }>;
      for (const name of Object.keys(QUEUES) as QueueName[]) depth[name] = { queued: 0, active: 0, failed: 0 };
      for (const { name, state, count } of rows) {
        const counts = depth[name as QueueName];
        if (!counts) continue;
        if (state === 'active') counts.active += count;
        else if (state === 'failed') counts.failed += count;
        else counts.queued += count;
      }
      return depth;
    },
    ping: (timeoutMs = 2000) =>
      withTimeout(
        boss.getQueue('send-mail').then(() => undefined),
        timeoutMs,
        'the job queue',
      ),
    async stop(timeoutMs) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

function connectionStringOf(database: DatabaseHandle & { kind: 'postgres' }): string {
  const { connectionString } = database.pool.options;
  if (!connectionString) throw new Error('jobs: the PostgreSQL pool has no connection string');
  return connectionString;
}

/**
 * A job's data as `schema` reads it; undefined, with one error line (`dropped`), when it is not
 * valid: retrying cannot mend a payload, so the worker returns and the job is not retried.
 */
export function jobPayload<T>(
  job: JobWithMetadata<unknown>,
  schema: z.ZodType<T>,
  logger: Logger,
  dropped: string,
): T | undefined {
  const parsed = schema.safeParse(job.data);
  if (parsed.success) return parsed.data;
  logger.error({ jobId: job.id, issues: parsed.error.issues }, dropped);
  return undefined;
}
