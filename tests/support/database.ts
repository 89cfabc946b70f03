// Gives a test file its own database, copied from the run's migrated template.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

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

/**
 * The usual setup of a test file (or of a describe block): its own database, opened before the first
 * test and removed after the last. The handle stands in for that database, so tests and later hooks
 * use it as they would the one createTestDatabase gives.
 */
export function useTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(() => current?.destroy());
  return standIn(() => current, 'The test database');
}

/**
 * What a use… helper gives for a thing its beforeAll makes: each use reads the thing as it is then,
 * so hooks and tests use the stand-in as they would the thing itself.
 */
export function standIn<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const thing = current();
      if (!thing) throw new Error(`${what} is made in beforeAll: use it in hooks and tests only.`);
      const value: unknown = Reflect.get(thing, key);
      return typeof value === 'function' ? value.bind(thing) : value;
    },
    // So that `{ ...standIn, key: value }` copies the thing's own properties.
    ownKeys: () => Reflect.ownKeys(current() ?? {}),
    getOwnPropertyDescriptor(_, key) {
      const thing = current();
      const own = thing && Reflect.getOwnPropertyDescriptor(thing, key);
      // The target is empty: a property it lacks may be reported only as configurable.
      return own && { ...own, configurable: true };
    },
  });
}
