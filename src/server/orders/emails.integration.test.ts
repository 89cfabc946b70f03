// Order emails as jobs on the real queue (pg-boss over the test database): queued in the
// transaction of the change they tell of, written from the order when sent, retried when the mail
// server refuses, recorded for the admin when given up on, and dropped when they can never be sent.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createOrder, createUser } from '../../../tests/support/factories.ts';
import { deliverQueuedOrderEmails, jobRows, useJobQueue, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { logSink } from '../../../tests/support/log-sink.ts';
import { TEST_INVOICE_SETTINGS } from '../../../tests/support/seller.ts';
import { getAdminOrder } from '../admin/orders.ts';
import { orderEmailFailures, orders } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deliverOrderEmail, queuedOrderEmails } from './emails.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);

const mailJobs = () => jobRows(database, 'send-mail');
/** What the worker sends order emails with, its log lines kept in `sink` to be read. */
const sendingDeps = (mailer: Mailer, sink: ReturnType<typeof logSink>) => ({
  db: database.db,
  mailer,
  logger: createLogger('info', sink.stream),
  storeName: 'Trap the Trend',
  publicUrl: 'http://localhost:3000',
  invoices: TEST_INVOICE_SETTINGS,
});

describe('queued order emails', () => {
  it('exist only when the transaction that queued them commits', async () => {
    const customer = await createUser(database.db, { email: 'queued@example.test' });
    const order = await createOrder(database.db, { userId: customer.id });
    const emails = queuedOrderEmails(jobs);
    const before = (await mailJobs()).length;

    await database.db
      .transaction(async (tx) => {
        await emails.enqueue(tx, { kind: 'order-confirmation', orderId: order.id });
        throw new Error('the order was not placed after all');
      })
      .catch(() => undefined);
    expect(await mailJobs()).toHaveLength(before);

    await database.db.transaction((tx) => emails.enqueue(tx, { kind: 'order-confirmation', orderId: order.id }));
    expect(await mailJobs()).toHaveLength(before + 1);

    const mailer = recordingMailer();
    expect(await deliverQueuedOrderEmails(database, mailer)).toEqual([
      { data: { kind: 'order-confirmation', orderId: order.id }, outcome: 'completed' },
    ]);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'queued@example.test', subject: expect.stringContaining('confirmed') });
    expect(mailer.sent[0]!.text).toContain(order.paymentId);
    // Sent once: nothing is left to work.
    expect(await deliverQueuedOrderEmails(database, mailer)).toEqual([]);
  });

  it('are retried when the mail server refuses, and recorded on the order after the last attempt', async () => {
    const order = await createOrder(database.db);
    await database.db.transaction((tx) =>
      queuedOrderEmails(jobs).enqueue(tx, { kind: 'order-status', orderId: order.id, status: 'processing' }),
    );
    const mailer = recordingMailer();
    mailer.failing = true;
    const sink = logSink();
    const deps = sendingDeps(mailer, sink);

    // The first refusal: the job waits for its retry, and nothing is recorded yet.
    const first = await workQueuedJobs(database, 'send-mail', (job) => deliverOrderEmail(deps, job));
    expect(first).toMatchObject([{ outcome: 'failed' }]);
    expect((await mailJobs()).at(-1)).toMatchObject({ state: 'retry' });
    expect(await getAdminOrder(database.db, order.id)).toMatchObject({ failedEmails: [] });

    // The last attempt (as pg-boss hands it over after its retries) gives up and says so.
    const [job] = (await mailJobs()).filter((row) => row.state === 'retry');
    const last = { id: job!.id, data: job!.data, retryCount: job!.retry_limit, retryLimit: job!.retry_limit };
    await expect(deliverOrderEmail(deps, last as Parameters<typeof deliverOrderEmail>[1])).rejects.toThrow(
      '550 mailbox unavailable',
    );
    const [failure] = await database.db.select().from(orderEmailFailures);
    expect(failure).toMatchObject({
      orderId: order.id,
      subject: 'Trap the Trend: your order is now Processing',
      lastError: '550 mailbox unavailable',
      attempts: 8,
    });
    expect((await getAdminOrder(database.db, order.id))?.failedEmails).toHaveLength(1);
    const gaveUp = sink.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(gaveUp).toContainEqual(expect.objectContaining({ level: 50, msg: 'mail: gave up on an order email' }));
  });

  it('skip a confirmation whose order was closed before it could be sent', async () => {
    const order = await createOrder(database.db, { status: 'cancelled' });
    await database.db.transaction((tx) =>
      queuedOrderEmails(jobs).enqueue(tx, { kind: 'order-confirmation', orderId: order.id }),
    );
    const mailer = recordingMailer();
    expect(await deliverQueuedOrderEmails(database, mailer)).toMatchObject([{ outcome: 'completed' }]);
    expect(mailer.sent).toEqual([]);
  });

  it('that can never be sent are dropped once, with an error line, not retried', async () => {
    const order = await createOrder(database.db);
    const emails = queuedOrderEmails(jobs);
    await database.db.transaction(async (tx) => {
      await emails.enqueue(tx, { kind: 'order-status', orderId: order.id, status: 'completed' });
      await jobs.send(tx, 'send-mail', { kind: 'order-shipped', orderId: 'not-an-order' });
    });
    await database.db.delete(orders).where(eq(orders.id, order.id));
    const sink = logSink();
    const mailer = recordingMailer();
    const deps = sendingDeps(mailer, sink);

    const worked = await workQueuedJobs(database, 'send-mail', (job) => deliverOrderEmail(deps, job));
    expect(worked.map((job) => job.outcome)).toEqual(['completed', 'completed']);
    expect(mailer.sent).toHaveLength(0);
    const errors = sink.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(errors.map((line) => [line.level, line.msg]).sort()).toEqual([
      [50, 'mail: dropped a queued email whose order no longer exists'],
      [50, 'mail: dropped a queued email whose payload is not valid'],
    ]);
    expect(await workQueuedJobs(database, 'send-mail', () => Promise.resolve())).toEqual([]);
  });
});
