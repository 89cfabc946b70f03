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
  /**
   * Calls `onNotice` for every NOTIFY on `channel` once the returned promise has resolved. With a
   * server, a connection of its own listens; when it is lost, `onLost` is called at once and the
   * listening starts again as soon as the server answers (`onBack`), since notices sent meanwhile
   * are gone. Stops at close().
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  close(): Promise<void>;
}

export interface Listening {
  /**
   * Resolves once every notice of a write this process has finished has been heard: a page read
   * after its own write must not miss the change. (PGlite hears a notice within the query that
   * sends it; a server's reach the listening connection on their own time.)
   */
  catchUp(): Promise<void>;
}

interface ListenHandlers {
  /** Called with the notice's payload (the catalog's triggers send the name of the table changed). */
  onNotice: (payload: string) => void;
  onLost?: () => void;
  /** Listening again (or at last, when the first try failed). */
  onBack?: (listening: Listening) => void;
}

export type DatabaseHandle =
  | (HandleBase & { kind: 'pglite'; client: PGlite })
  | (HandleBase & {
      kind: 'postgres';
      pool: pg.Pool;
      /**
       * A pool of its own whose connections start with these run-time settings (names and values
       * of letters, digits, dots and underscores), for statements that must always run under
       * them: one round trip each, where setting them in a transaction takes four. Its connections
       * are read-only (no write of theirs needs hearing of, see Listening.catchUp); it is closed
       * with the handle.
       */
      withSettings(settings: Record<string, string>): Database;
    });

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
  const listen = async (channel: string, { onNotice }: ListenHandlers) => {
    await client.listen(channel, (payload) => onNotice(payload));
    return { catchUp: () => Promise.resolve() };
  };
  return { kind: 'pglite', client, ...handleOver(db, client, listen, () => client.close()) };
}

async function openPostgres(url: string, onError?: (error: Error) => void): Promise<DatabaseHandle> {
  const pools: pg.Pool[] = [];
  const openPool = (max: number, options?: string) => {
    const opened = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      options,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    opened.on('error', (error) => onError?.(error));
    pools.push(opened);
    return opened;
  };
  const pool = openPool(10);
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  const withSettings = (settings: Record<string, string>) => {
    const options = Object.entries({ ...settings, default_transaction_read_only: 'on' }).map(([name, value]) => {
      if (!/^[\w.]+$/.test(name) || !/^[\w.]+$/.test(value)) throw new Error(`unsafe setting: ${name}=${value}`);
      return `-c ${name}=${value}`;
    });
    return drizzleNodePg(openPool(4, options.join(' ')), { schema }) as unknown as Database;
  };
  // Every query of the pool hands its connection back when done: a write may be among them.
  let queriesDone = 0;
  pool.on('release', () => queriesDone++);
  const listeners: ServerListener[] = [];
  const listen = async (channel: string, handlers: ListenHandlers) => {
    const listener = listenOnServer(url, channel, handlers, onError, () => queriesDone);
    listeners.push(listener);
    await listener.started;
    return listener;
  };
  const close = async () => {
    await Promise.all(listeners.map((listener) => listener.stop()));
    await Promise.all(pools.map((opened) => opened.end()));
  };
  return { kind: 'postgres', pool, withSettings, ...handleOver(db, pool, listen, close) };
}

const RELISTEN_DELAYS_MS = [250, 1000, 5000];

interface ServerListener extends Listening {
  /** Resolves once listening; rejects when the server did not answer (the retries go on by themselves). */
  started: Promise<void>;
  stop(): Promise<void>;
}

/** One LISTEN on a connection outside the pool (a pooled one would be handed to queries). */
function listenOnServer(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  onError: ((error: Error) => void) | undefined,
  queriesDone: () => number,
): ServerListener {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  // The server sends a committed write's notice to a listening connection before the answer to
  // any later query on it: one round trip hears every notice of the writes finished before it.
  let heardThrough = 0;
  let roundTrip: Promise<void> | undefined;
  const hearUpTo = async (client: pg.Client) => {
    const mark = queriesDone();
    await client.query('select 1');
    heardThrough = Math.max(heardThrough, mark);
  };

  const start = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) onError?.(error);
      current = undefined;
      void client.end().catch(() => undefined);
      if (stopped) return;
      handlers.onLost?.();
      const delay = RELISTEN_DELAYS_MS[Math.min(failures++, RELISTEN_DELAYS_MS.length - 1)];
      retry = setTimeout(() => void start().catch(() => undefined), delay);
      retry.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotice(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      onLost(error as Error);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    failures = 0;
    handlers.onBack?.(listener);
  };

  const listener: Omit<ServerListener, 'started'> = {
    async catchUp() {
      const target = queriesDone();
      while (heardThrough < target) {
        if (!current) throw new Error('not listening');
        roundTrip ??= hearUpTo(current).finally(() => (roundTrip = undefined));
        await roundTrip;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await current?.end().catch(() => undefined);
    },
  };
  return Object.assign(listener, { started: start() });
}

/**
 * What both kinds of handle have: Drizzle over `connection`, a ping (one trivial query, given up
 * on after `timeoutMs`), their way of listening and a close.
 */
function handleOver(
  db: Database,
  connection: { query(sql: string): Promise<unknown> },
  listen: HandleBase['listen'],
  close: () => Promise<void>,
): HandleBase {
  return {
    db,
    listen,
    ping: (timeoutMs = 2000) =>
      withTimeout(
        connection.query('select 1').then(() => undefined),
        timeoutMs,
        'the database',
      ),
    close,
  };
}
