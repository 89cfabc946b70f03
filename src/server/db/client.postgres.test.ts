// A server's pools of connections that start with settings of their own (withSettings).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import type { Database } from './client.ts';
import { products } from './schema.ts';

const database = useTestDatabase();

function settled(settings: Record<string, string>) {
  if (database.kind !== 'postgres') throw new Error('a PostgreSQL server is needed');
  return database.withSettings(settings);
}

describe('withSettings', () => {
  it('gives connections that start with the settings, while the main pool keeps the defaults', async () => {
    const db = settled({ enable_seqscan: 'off', 'pg_trgm.word_similarity_threshold': '0.42' });
    // word_similarity('jaket', 'bomber jacket') is 0.44: close under 0.42, not under pg_trgm's 0.6.
    const show = sql`select current_setting('enable_seqscan') as seqscan, 'bomber jacket' %> 'jaket' as close`;
    // Several at once, so that more than one connection of the pool answers.
    const rowsOf = async (from: Database) => ((await from.execute(show)) as unknown as { rows: object[] }).rows;
    const answers = await Promise.all(Array.from({ length: 6 }, () => rowsOf(db)));
    for (const rows of answers) expect(rows).toEqual([{ seqscan: 'off', close: true }]);
    expect(await rowsOf(database.db)).toEqual([{ seqscan: 'on', close: false }]);
  });

  it('gives read-only connections', async () => {
    const db = settled({ enable_seqscan: 'off' });
    await expect(db.delete(products)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: 'cannot execute DELETE in a read-only transaction' }),
    });
  });

  it('refuses a setting that would not be passed as one', () => {
    expect(() => settled({ enable_seqscan: 'off -c default_transaction_read_only=off' })).toThrow(
      'unsafe setting: enable_seqscan=off -c default_transaction_read_only=off',
    );
  });
});
