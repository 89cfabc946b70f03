// `npm run db:migrate`: applies committed migrations to the configured database (also done at boot).
import { loadConfigOrExit } from '../src/server/boot.ts';
import { openDatabase, pgliteDataDir } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';

const config = loadConfigOrExit();
const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDataDir(config.dataDir) });
await migrateDatabase(database);
await database.close();
console.log(`migrated the ${database.kind} database`);
