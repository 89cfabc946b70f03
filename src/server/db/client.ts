// Opens the database: PGlite embedded in DATA_DIR by default, a PostgreSQL server pool when
// DATABASE_URL is set (ADR 0002). Both speak the same dialect through the same Drizzle schema.
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

import { withTimeout } from '../with-timeout.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

interface HandleBase {
  db: Database;
  /** Resolves when the database answers a trivial query within the time limit. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseHandle =
  (HandleBase & { kind: 'pglite'; client: PGlite }) | (HandleBase & { kind: 'postgres'; pool: pg.Pool });

export interface OpenDatabaseOptions {
  /** postgres:// URL of a server; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite's data folder; ignored with a URL. Omit for an in-memory PGlite. */
  dataDir?: string | undefined;
  /** PGlite data to start from (a dump of a migrated template); used by tests. */
  loadDataDir?: Blob | File | undefined;
  onError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.onError);
  return openPglite(options.dataDir, options.loadDataDir);
}

export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { kind: 'pglite', client, ...handleOver(db, client, () => client.close()) };
}

async function openPostgres(url: string, onError?: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => onError?.(error));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return { kind: 'postgres', pool, ...handleOver(db, pool, () => pool.end()) };
}

/**
 * What both kinds of handle have: Drizzle over `connection`, a ping (one trivial query, given up
 * on after `timeoutMs`) and a close.
 */
function handleOver(
  db: Database,
  connection: { query(sql: string): Promise<unknown> },
  close: () => Promise<void>,
): HandleBase {
  return {
    db,
    ping: (timeoutMs = 2000) =>
      withTimeout(
        connection.query('select 1').then(() => undefined),
        timeoutMs,
        'the database',
      ),
    close,
  };
}
