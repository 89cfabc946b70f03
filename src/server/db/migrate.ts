// Applies the committed migrations from code at boot. drizzle-kit's own migrate step skips
// CREATE EXTENSION on PGlite, so this is the one way migrations run (ADR 0002).
import path from 'node:path';

import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

import type { DatabaseHandle } from './client.ts';

const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

// Any constant shared by every instance: app servers booting at once take turns migrating.
const MIGRATION_LOCK_ID = 7_316_454;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.client), config);
    return;
  }
  // The advisory lock belongs to a session, so the whole migration runs on one connection.
  const connection = await handle.pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePg(drizzleNodePg(connection), config);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}
