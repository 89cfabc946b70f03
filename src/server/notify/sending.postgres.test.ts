// 'Notify me' runs at once, on the PostgreSQL server only (PGlite runs one statement at a time): two
// instances' runs, or a run and a drop's kick, each take the rows the other has not locked, so every
// address is emailed once, and each is marked in the transaction that queues its email.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { waitingRequest } from '../../../tests/support/notify.ts';
import { queueNotifyEmails } from './sending.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);

describe('runs at the same moment', () => {
  it('queue one email for each of 250 addresses waiting for a drop, whichever run takes it', async () => {
    const product = await createProduct(database.db, { name: 'Race Drop Tee' });
    const drop = await createDrop(database.db, [product.id], { goesLiveAt: new Date(Date.now() - 1000) });
    for (let n = 0; n < 250; n += 1) {
      await waitingRequest(database.db, { email: `fan${n}@example.test`, dropId: drop.id });
    }
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => queueNotifyEmails({ db: database.db, jobs, emailsPerMinute: 600 })),
    );
    expect(runs.reduce((sum, queued) => sum + queued, 0)).toBe(250);
    const queued = (await jobRows(database, 'notify-mail')).map((job) => (job.data as { requestId: string }).requestId);
    expect(queued).toHaveLength(250);
    expect(new Set(queued).size).toBe(250);
    const result = await database.db.execute(
      sql`select count(*)::int as waiting from notify_requests where notified_at is null`,
    );
    expect((result as unknown as { rows: Array<{ waiting: number }> }).rows[0]!.waiting).toBe(0);
  });
});
