// `npm run db:reset`: drops every table of the configured database, then migrates and seeds anew.
// Destructive: it refuses to run in production.
import { sql } from 'drizzle-orm';

import { loadConfigOrExit } from '../src/server/boot.ts';
import { openDatabase, pgliteDataDir } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { seedCatalog } from '../src/server/db/seed.ts';

const config = loadConfigOrExit();
if (config.isProduction && !config.demo) {
  console.error('db:reset refuses to run in production.');
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDataDir(config.dataDir) });
await database.db.execute(sql`drop schema if exists drizzle cascade`);
await database.db.execute(sql`drop schema public cascade`);
await database.db.execute(sql`create schema public`);
await migrateDatabase(database);
await seedCatalog(database.db);
await database.close();
console.log(`reset the ${database.kind} database: migrated and seeded`);
