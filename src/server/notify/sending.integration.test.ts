// 'Notify me' emails going out (docs/drops.md): the sending job queues one email for each confirmed
// request whose drop is live or whose size is back, once however often it runs, no more a minute
// than the setting allows (the rest the minutes after, first asked first, spread over the minute);
// the worker writes each email with its product, its link and its one-click unsubscribe headers.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { jobRows, makeJobsDue, TEST_PUBLIC_URL, useJobQueue, workQueuedJobs } from '../../../tests/support/jobs.ts';
import { waitingRequest } from '../../../tests/support/notify.ts';
import { notifyRequests, productStock, type Product } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { deliverNotifyEmail, queueNotifyEmails } from './sending.ts';
import { notifyTokenHash } from './tokens.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const queue = (emailsPerMinute = 600, now = new Date()) =>
  queueNotifyEmails({ db: database.db, jobs, emailsPerMinute }, now);

/** Sends every notify email due, as the store's worker does, and gives what the mailer got. */
async function deliverAll() {
  const mailer = recordingMailer();
  const deps = {
    db: database.db,
    mailer,
    logger: createLogger('silent'),
    storeName: 'Trap the Trend',
    publicUrl: TEST_PUBLIC_URL,
  };
  await makeJobsDue(database, 'notify-mail', {});
  await workQueuedJobs(database, 'notify-mail', (job) => deliverNotifyEmail(deps, job));
  return mailer.sent;
}

const setUnits = (product: Product, size: string, quantity: number) =>
  database.db
    .update(productStock)
    .set({ quantity })
    .where(sql`${productStock.productId} = ${product.id} and ${productStock.size} = ${size}`);

const notifiedOf = async (id: string) =>
  (await database.db.select().from(notifyRequests).where(eq(notifyRequests.id, id)))[0]?.notifiedAt ?? null;

// Each test's requests are all there are: a run takes every request due.
beforeEach(async () => {
  await database.db.delete(notifyRequests);
  await database.db.execute(sql`delete from pgboss.job where name = 'notify-mail'`);
});

describe('a size back in stock', () => {
  it('emails each confirmed address once, when its size has units, however often the job runs', async () => {
    const hoodie = await createProduct(database.db, { name: 'Midnight Hoodie', sizes: ['M', 'L'] }, { M: 0, L: 0 });
    const riya = await waitingRequest(database.db, { email: 'riya@example.test', productId: hoodie.id, size: 'M' });
    const kabir = await waitingRequest(database.db, { email: 'kabir@example.test', productId: hoodie.id, size: 'L' });
    const unconfirmed = await waitingRequest(database.db, {
      email: 'unsure@example.test',
      productId: hoodie.id,
      size: 'M',
      confirmedAt: null,
    });

    expect(await queue()).toBe(0);
    await setUnits(hoodie, 'M', 3);
    expect(await queue()).toBe(1);
    expect(await queue()).toBe(0);
    await setUnits(hoodie, 'L', 1);
    expect(await queue()).toBe(1);
    expect(await queue()).toBe(0);

    const sent = await deliverAll();
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['riya@example.test', 'Trap the Trend: Midnight Hoodie is back in size M'],
      ['kabir@example.test', 'Trap the Trend: Midnight Hoodie is back in size L'],
    ]);
    expect(sent[0]!.text).toContain(`Midnight Hoodie: ${TEST_PUBLIC_URL}/product/${hoodie.id}`);
    expect(await notifiedOf(riya.id)).not.toBeNull();
    expect(await notifiedOf(kabir.id)).not.toBeNull();
    expect(await notifiedOf(unconfirmed.id)).toBeNull();
    // The jobs are done: a second pass of the worker sends nothing more.
    expect(await deliverAll()).toEqual([]);
  });

  it('waits for the drop of a product still to drop, whatever its units', async () => {
    const tee = await createProduct(database.db, { name: 'Pre-Drop Tee' }, { M: 5 });
    const goesLiveAt = new Date(Date.now() + 60 * 60_000);
    await createDrop(database.db, [tee.id], { goesLiveAt });
    await waitingRequest(database.db, { email: 'early@example.test', productId: tee.id, size: 'M' });
    expect(await queue()).toBe(0);
    expect(await queue(600, goesLiveAt)).toBe(1);
  });
});

describe('a drop going live', () => {
  it('emails those waiting for it at its minute, naming its products, with the one-click unsubscribe', async () => {
    const jacket = await createProduct(database.db, { name: 'Winter Heat Jacket' });
    const tee = await createProduct(database.db, { name: 'Winter Heat Tee' });
    const goesLiveAt = new Date(Date.now() + 10 * 60_000);
    const drop = await createDrop(database.db, [jacket.id, tee.id], { name: 'Winter Heat', goesLiveAt });
    const request = await waitingRequest(database.db, { email: 'riya@example.test', dropId: drop.id });

    expect(await queue(600, new Date(goesLiveAt.getTime() - 1000))).toBe(0);
    expect(await queue(600, goesLiveAt)).toBe(1);
    expect(await queue(600, new Date(goesLiveAt.getTime() + 60_000))).toBe(0);

    const [mail, ...others] = await deliverAll();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to: 'riya@example.test', subject: 'Trap the Trend: “Winter Heat” is live' });
    const link = /http:\/\/localhost:3000\/notify\/unsubscribe\?token=([\w-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${link![0]}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The link is this request's: the row keeps the hash of its token, and nothing else does.
    const [row] = await database.db.select().from(notifyRequests).where(eq(notifyRequests.id, request.id));
    expect(row!.tokenHash).toBe(notifyTokenHash(decodeURIComponent(link![1]!)));
    for (const text of [
      '“Winter Heat” is live at Trap the Trend, as you asked us to tell you.',
      `Winter Heat Jacket: ${TEST_PUBLIC_URL}/product/${jacket.id}`,
      `Winter Heat Tee: ${TEST_PUBLIC_URL}/product/${tee.id}`,
      'You get this email because you asked to hear about the drop “Winter Heat”.',
    ]) {
      expect(mail!.text).toContain(text);
    }
    expect(mail!.html).toContain(`href="${link![0]}"`);
  });
});

describe('the steady rate', () => {
  it('queues no more a run than the setting, spread over the minute, and the rest the runs after, first asked first', async () => {
    const cap = await createProduct(database.db, { name: 'Rate Cap' }, { M: 2 });
    const ids: string[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const asked = new Date(Date.UTC(2026, 0, 1, 0, n));
      ids.push(
        (
          await waitingRequest(database.db, {
            email: `fan${n}@example.test`,
            productId: cap.id,
            size: 'M',
            createdAt: asked,
          })
        ).id,
      );
    }

    expect(await queue(3)).toBe(3);
    const first = await startsAfter();
    expect(first.map((job) => job.requestId)).toEqual(ids.slice(0, 3));
    expect(first.map((job) => job.delaySeconds)).toEqual([0, 20, 40]);
    expect(await queue(3)).toBe(2);
    expect((await startsAfter()).slice(3).map((job) => job.requestId)).toEqual(ids.slice(3));
    expect(await queue(3)).toBe(0);
    expect((await jobRows(database, 'notify-mail')).length).toBe(5);
  });
});

/** The queued notify emails, oldest first: whose, and how long after it was queued it may be sent. */
async function startsAfter() {
  const result = await database.db.execute(sql`
    select data ->> 'requestId' as "requestId", round(extract(epoch from start_after - created_on))::int as "delaySeconds"
    from pgboss.job where name = 'notify-mail' order by created_on, start_after, id`);
  return (result as unknown as { rows: Array<{ requestId: string; delaySeconds: number }> }).rows;
}

describe('the worker', () => {
  it('skips the email of a request unsubscribed since, or whose link a newer email has replaced', async () => {
    const tee = await createProduct(database.db, { name: 'Skipped Tee' }, { M: 1, L: 1 });
    const gone = await waitingRequest(database.db, { email: 'gone@example.test', productId: tee.id, size: 'M' });
    const replaced = await waitingRequest(database.db, { email: 'again@example.test', productId: tee.id, size: 'L' });
    expect(await queue()).toBe(2);
    await database.db.delete(notifyRequests).where(eq(notifyRequests.id, gone.id));
    await database.db
      .update(notifyRequests)
      .set({ tokenHash: 'a'.repeat(64) })
      .where(eq(notifyRequests.id, replaced.id));
    expect(await deliverAll()).toEqual([]);
  });
});
