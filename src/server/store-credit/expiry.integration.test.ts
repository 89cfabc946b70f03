// Store credit that lapses (ADR 0048): the hourly job writes off what no debit used, first in first
// out, once; and about 7 days before, the shopper is emailed what is left, once per credit.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { jobRows, useJobQueue, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { formatCreditDate } from '../../common/store-credit.ts';
import { auditLog, storeCreditEntries, storeCreditReminders } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { deliverStoreCreditEmail, expireStoreCredit, remindOfExpiringCredit } from './expiry.ts';
import { addCredit, creditBalance, takeCredit } from './ledger.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const DAY_MS = 24 * 60 * 60 * 1000;

async function grant(userId: string, amountPaise: number, givenAt: Date, expiryDays?: number) {
  const added = await addCredit(
    database.db,
    { userId, amountPaise, kind: 'refund', reason: 'Refund for order #3F2A9C1D' },
    { expiryDays, now: givenAt },
  );
  if (!added.ok) throw new Error(added.message);
  return added.entry;
}

async function spend(userId: string, amountPaise: number, at: Date) {
  const taken = await database.db.transaction((tx) =>
    takeCredit(tx, { userId, amountPaise, kind: 'spent', reason: 'Paid for an order' }, at),
  );
  if (!taken.ok) throw new Error(taken.message);
}

const kindsOf = async (userId: string) =>
  (await database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId)))
    .map((entry) => [entry.kind, entry.amountPaise])
    .sort();

describe('expireStoreCredit', () => {
  it('writes off the lapsed credit nothing spent, once, and leaves credit without an expiry alone', async () => {
    const given = new Date('2026-03-01T06:00:00Z');
    const shopper = await createUser(database.db);
    await grant(shopper.id, 30_000, given, 30);
    await spend(shopper.id, 10_000, new Date(given.getTime() + 5 * DAY_MS));
    const keeper = await createUser(database.db);
    await grant(keeper.id, 20_000, given);

    const before = new Date(given.getTime() + 29 * DAY_MS);
    expect(await expireStoreCredit(database.db, before)).toEqual({ shoppers: 0, paise: 0 });
    const after = new Date(given.getTime() + 31 * DAY_MS);
    expect(await expireStoreCredit(database.db, after)).toEqual({ shoppers: 1, paise: 20_000 });
    expect(await kindsOf(shopper.id)).toEqual([
      ['expired', -20_000],
      ['refund', 30_000],
      ['spent', -10_000],
    ]);
    expect(await creditBalance(database.db, shopper.id)).toBe(0);
    // Run again (the next hour): nothing more is due.
    expect(await expireStoreCredit(database.db, new Date(after.getTime() + DAY_MS))).toEqual({ shoppers: 0, paise: 0 });
    expect(await creditBalance(database.db, keeper.id)).toBe(20_000);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, shopper.id));
    expect(audit).toMatchObject([
      {
        actorId: null,
        actorEmail: 'the store (automatic)',
        action: 'store_credit.expire',
        summary: '₹200.00 of store credit expired',
      },
    ]);
  });

  it('expires the first credit before the second, each when its day comes', async () => {
    const given = new Date('2026-04-01T06:00:00Z');
    const shopper = await createUser(database.db);
    await grant(shopper.id, 10_000, given, 30);
    await grant(shopper.id, 10_000, new Date(given.getTime() + 10 * DAY_MS), 30);
    await spend(shopper.id, 15_000, new Date(given.getTime() + 12 * DAY_MS));
    // The spend used all of the first credit and half the second.
    expect(await expireStoreCredit(database.db, new Date(given.getTime() + 31 * DAY_MS))).toEqual({
      shoppers: 0,
      paise: 0,
    });
    expect(await expireStoreCredit(database.db, new Date(given.getTime() + 41 * DAY_MS))).toEqual({
      shoppers: 1,
      paise: 5_000,
    });
    expect(await creditBalance(database.db, shopper.id)).toBe(0);
  });
});

describe('reminders before credit expires', () => {
  const mailDeps = (mailer: ReturnType<typeof recordingMailer>) => ({
    db: database.db,
    mailer,
    logger: createLogger('silent'),
    storeName: 'Trap the Trend',
    publicUrl: 'https://shop.example',
  });

  it('emails what is left of each credit about 7 days before it expires, once', async () => {
    const now = new Date();
    const shopper = await createUser(database.db, { email: 'asha@example.test' });
    // Given 25 days ago with 30 days to last: 5 days left. ₹120.00 of it was spent since.
    const soon = await grant(shopper.id, 50_000, new Date(now.getTime() - 25 * DAY_MS), 30);
    await spend(shopper.id, 12_000, now);
    // Given 20 days ago: 10 days left, too early to remind.
    await grant(shopper.id, 7_500, new Date(now.getTime() - 20 * DAY_MS), 30);
    // Another shopper's credit was all spent: nothing to remind of.
    const spender = await createUser(database.db);
    await grant(spender.id, 10_000, new Date(now.getTime() - 25 * DAY_MS), 30);
    await spend(spender.id, 10_000, now);

    expect(await remindOfExpiringCredit({ db: database.db, jobs }, now)).toBe(1);
    expect(await remindOfExpiringCredit({ db: database.db, jobs }, new Date(now.getTime() + 60_000))).toBe(0);
    expect(await database.db.select().from(storeCreditReminders)).toEqual([
      expect.objectContaining({ entryId: soon.id, amountPaise: 38_000 }),
    ]);
    expect(await jobRows(database, 'store-credit-mail')).toHaveLength(1);

    const mailer = recordingMailer();
    const done = await workQueuedJobs(database, 'store-credit-mail', (job) =>
      deliverStoreCreditEmail(mailDeps(mailer), job),
    );
    expect(done.map((job) => job.outcome)).toEqual(['completed']);
    const expiresOn = formatCreditDate(soon.expiresAt!);
    expect(mailer.sent).toMatchObject([
      {
        to: 'asha@example.test',
        subject: `Trap the Trend: ₹380.00 of your store credit expires on ${expiresOn}`,
      },
    ]);
    expect(mailer.sent[0]!.text).toContain(`₹380.00 of your store credit expires on ${expiresOn}.`);
    expect(mailer.sent[0]!.text).toContain('https://shop.example/profile');
  });

  it('skips a reminder whose credit was spent after it was queued', async () => {
    const now = new Date();
    const shopper = await createUser(database.db);
    await grant(shopper.id, 20_000, new Date(now.getTime() - 24 * DAY_MS), 30);
    expect(await remindOfExpiringCredit({ db: database.db, jobs }, now)).toBe(1);
    await spend(shopper.id, 20_000, now);
    const mailer = recordingMailer();
    const done = await workQueuedJobs(database, 'store-credit-mail', (job) =>
      deliverStoreCreditEmail(mailDeps(mailer), job),
    );
    expect(done.map((job) => job.outcome)).toEqual(['completed']);
    expect(mailer.sent).toEqual([]);
  });
});
