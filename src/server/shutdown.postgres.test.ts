// SIGTERM to a production store with a job in flight (ADR 0022): the instance stops taking
// jobs, finishes the one it is running (an email the mail server is slow to accept), and only then
// exits, cleanly. On the server only: the test's queue and the store's are two clients of one
// database.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../tests/support/database.ts';
import { createOrder, createUser } from '../../tests/support/factories.ts';
import { freePort } from '../../tests/support/free-port.ts';
import { jobRows, useJobQueue } from '../../tests/support/jobs.ts';
import { useScratchDir } from '../../tests/support/scratch.ts';
import { startTestSmtp, type TestSmtp } from '../../tests/support/smtp.ts';
import { queuedOrderEmails } from './orders/emails.ts';
import { SELLER_SETTINGS } from '../../tests/support/seller.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BOOT_TIMEOUT_MS = 90_000;
/** How long the mail server holds each message before accepting it. */
const SLOW_ACCEPT_MS = 3000;

const database = useTestDatabase();
const jobs = useJobQueue(database);
const dataDir = useScratchDir('shutdown');
const accepted: string[] = [];
let receiving: () => void;
const messageArrived = new Promise<void>((resolve) => (receiving = resolve));
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp((stream, session, callback) => {
    receiving();
    stream.resume().on('end', () =>
      setTimeout(() => {
        accepted.push(session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','));
        callback();
      }, SLOW_ACCEPT_MS),
    );
  });
});

afterAll(() => smtp.close());

describe('SIGTERM', () => {
  it('finishes the job in flight before the process exits', { timeout: BOOT_TIMEOUT_MS + 30_000 }, async () => {
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        PUBLIC_URL: 'https://shop.example',
        AUTH_SECRET: 'shutdown-test-secret-0123456789abcdefghijklmn',
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        SHUTDOWN_GRACE_SECONDS: '20',
        RAZORPAY_KEY_ID: 'rzp_test_shutdown',
        RAZORPAY_KEY_SECRET: 'shutdown-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'shutdown-webhook-secret',
        ...SELLER_SETTINGS,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + BOOT_TIMEOUT_MS;
      while (!output.includes('is listening')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the store did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const customer = await createUser(database.db, { email: 'slow-mail@example.test' });
      const order = await createOrder(database.db, { userId: customer.id });
      await database.db.transaction((tx) =>
        queuedOrderEmails(jobs).enqueue(tx, { kind: 'order-status', orderId: order.id, status: 'processing' }),
      );
      // The store's worker has taken the job and is sending the mail when the signal comes.
      await messageArrived;
      child.kill('SIGTERM');

      expect(await exited).toBe(0);
      expect(accepted).toEqual(['slow-mail@example.test']);
      expect((await jobRows(database, 'send-mail')).map((job) => job.state)).toEqual(['completed']);
      expect(output).toContain('shutting down: finishing in-flight requests and jobs');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
