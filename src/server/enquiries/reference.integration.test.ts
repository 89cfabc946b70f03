// A reference number already taken is drawn again (the column is unique), and a store that keeps
// drawing taken ones gives up rather than loop: here the draws are scripted.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { loadConfig } from '../config.ts';
import { enquiries } from '../db/schema.ts';
import type * as Reference from './reference.ts';
import { sendContactMessage } from './service.ts';

const draws = vi.hoisted(() => ({ scripted: [] as string[] }));
vi.mock('./reference.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Reference>();
  return { ...actual, newReference: (kind: 'contact' | 'bulk') => draws.scripted.shift() ?? actual.newReference(kind) };
});

const database = useTestDatabase();
const jobs = useJobQueue(database);
const deps = () => ({
  db: database.db,
  jobs,
  limit: { max: 100, windowMs: 60 * 60_000 },
  bulkMinQuantity: 20,
  images: { config: loadConfig({ NODE_ENV: 'test' }) },
});
const form = new Map(
  Object.entries({ name: 'Kabir', email: 'kabir@example.test', phone: '9876543210', message: 'Hello' }).map(
    ([name, value]) => [name, [value]],
  ),
);

describe('reference numbers', () => {
  it('draws again when the reference is taken', async () => {
    draws.scripted.push('C-222222');
    const first = await sendContactMessage(deps(), form, { ip: '10.1.1.1' });
    expect(first).toEqual({ ok: true, reference: 'C-222222' });

    draws.scripted.push('C-222222', 'C-222222', 'C-333333');
    const second = await sendContactMessage(deps(), form, { ip: '10.1.1.1' });
    expect(second).toEqual({ ok: true, reference: 'C-333333' });
    expect(await database.db.select().from(enquiries).where(eq(enquiries.reference, 'C-222222'))).toHaveLength(1);
    // One enquiry's two emails each: the refused inserts queued nothing.
    expect(await jobRows(database, 'enquiry-mail')).toHaveLength(4);
  });

  it('gives up after five taken references, storing nothing', async () => {
    draws.scripted.push(...Array.from({ length: 5 }, () => 'C-222222'));
    const before = (await database.db.select().from(enquiries)).length;
    await expect(sendContactMessage(deps(), form, { ip: '10.1.1.2' })).rejects.toThrow();
    expect(await database.db.select().from(enquiries)).toHaveLength(before);
    expect(draws.scripted).toEqual([]);
  });
});
