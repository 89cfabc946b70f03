// The job queue across processes and instances, on the PostgreSQL server only (each instance needs
// connections of its own): a worker killed mid-job loses nothing, a stopping instance finishes the
// job in flight, and a schedule kept by two instances runs once per slot.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { PgBoss, TestClock } from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createOrder } from '../../../tests/support/factories.ts';
import { deliverQueuedOrderEmails, jobRows } from '../../../tests/support/jobs.ts';
import { createLogger } from '../logger.ts';
import { queuedOrderEmails } from '../orders/emails.ts';
import { openJobQueue, type JobQueue } from './queue.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const database = useTestDatabase();
const opened: JobQueue[] = [];
afterAll(async () => {
  for (const jobs of opened) await jobs.stop(1000).catch(() => undefined);
});

async function queue(options: Parameters<typeof openJobQueue>[2] = {}) {
  const jobs = await openJobQueue(database, createLogger('silent'), { pollingIntervalSeconds: 0.5, ...options });
  opened.push(jobs);
  return jobs;
}

/** A pg-boss instance of the test's own over the test database, for what only pg-boss can do. */
async function withBoss<T>(use: (boss: PgBoss) => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') throw new Error('server only');
  const boss = new PgBoss({
    schema: 'pgboss',
    connectionString: database.url!,
    supervise: false,
    schedule: false,
    registerInstance: false,
    max: 1,
  });
  await boss.start();
  try {
    return await use(boss);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

const stateOf = async (id: string) =>
  [...(await jobRows(database, 'send-mail')), ...(await jobRows(database, 'purge'))].find((job) => job.id === id)
    ?.state;

describe('the job queue', () => {
  it('runs again elsewhere a job whose worker was killed between taking it and finishing it', async () => {
    // Expiry and retry in a second rather than minutes, for this database's queue only.
    await withBoss((boss) => boss.updateQueue('send-mail', { expireInSeconds: 1, retryDelay: 0, retryBackoff: false }));
    const order = await createOrder(database.db);
    const jobs = await queue({ background: false });
    await database.db.transaction((tx) =>
      queuedOrderEmails(jobs).enqueue(tx, { kind: 'order-status', orderId: order.id, status: 'processing' }),
    );

    const worker = spawn(
      path.join(ROOT, 'node_modules/.bin/node'),
      [path.join(ROOT, 'tests/support/stalled-worker.ts'), database.url!],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const taken = await new Promise<string>((resolve, reject) => {
      createInterface({ input: worker.stdout! }).once('line', resolve);
      worker.once('exit', (code) => reject(new Error(`the worker exited (${code}) before taking the job`)));
    });
    expect(await stateOf(taken)).toBe('active');
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));

    // The job is still the dead worker's until it expires; supervision hands it back.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await withBoss((boss) => boss.supervise('send-mail'));
    expect(await stateOf(taken)).toBe('retry');
    const mailer = recordingMailer();
    expect(await deliverQueuedOrderEmails(database, mailer)).toMatchObject([{ outcome: 'completed' }]);
    expect(mailer.sent.map((mail) => mail.subject)).toEqual(['Trap the Trend: your order is now Processing']);
    expect(await stateOf(taken)).toBe('completed');
  });

  it('finishes the job in flight when the instance stops', async () => {
    const jobs = await queue();
    let finished = false;
    let started: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await jobs.work('purge', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = true;
    });
    await database.db.transaction((tx) => jobs.send(tx, 'purge', {}));
    const { id } = (await jobRows(database, 'purge')).at(-1)!;
    await running;
    await jobs.stop(5000);
    expect(finished).toBe(true);
    expect(await stateOf(id)).toBe('completed');
  });

  it('runs a schedule kept by two instances once per minute, in one of them', async () => {
    // Later than any real time this database has seen: pg-boss remembers when it last read the schedules.
    const start = new Date('2030-01-01T10:00:30.000Z');
    const clocks = [new TestClock(start), new TestClock(start)];
    // When each run's job was sent (fake time), and which instance ran it: either may, never both.
    const runs: Array<{ instance: number; at: number }> = [];
    // Started one after the other, as a deploy does (each installs its clock's function at start).
    const instances = [await queue({ clock: clocks[0] }), await queue({ clock: clocks[1] })];
    await Promise.all(
      instances.map((jobs, instance) =>
        jobs.work('reconcile-checkouts', async (job) => {
          runs.push({ instance, at: job.createdOn.getTime() });
        }),
      ),
    );
    // Three minutes of fake time, both instances' clocks moving together.
    // A tick does not wait for the handlers it started: a little real time lets them finish.
    for (let second = 0; second < 180; second += 5) {
      for (const clock of clocks) await clock.tick(5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // One run for each minute from 10:01 to 10:03, never two. (The minute the schedule is made in
    // may have its run too, once, depending on when pg-boss first reads the schedule.)
    const minutes = runs.map((run) => new Date(run.at).toISOString().slice(11, 16)).sort();
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(minutes.filter((minute) => minute !== '10:00')).toEqual(['10:01', '10:02', '10:03']);
  });
});
