// Gives a test file its own database, copied from the run's migrated template.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import pg from 'pg';
import { inject } from 'vitest';

import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { withDatabase } from './database-url.ts';

export type TestDatabase = DatabaseHandle & {
  /** Closes the connection and removes the copy. */
  destroy(): Promise<void>;
  /** The connection URL of the copy on a PostgreSQL server (undefined on PGlite). */
  url: string | undefined;
};

export async function createTestDatabase(): Promise<TestDatabase> {
  const server = inject('serverTemplate');
  if (server) {
    const name = `${server.runId}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${server.runId}_tpl"`);
    await admin.end();
    const url = withDatabase(server.url, name);
    const handle = await openDatabase({ url });
    return {
      ...handle,
      url,
      destroy: async () => {
        await handle.close().catch(() => undefined);
        const cleanup = new pg.Client({ connectionString: server.url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists "${name}" with (force)`);
        await cleanup.end();
      },
    };
  }
  const handle = await openDatabase({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  return { ...handle, url: undefined, destroy: () => handle.close().catch(() => undefined) };
}
