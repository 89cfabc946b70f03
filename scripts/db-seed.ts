// `npm run db:seed`: migrates, then seeds the demo catalog unless this database was seeded before.
import { loadConfigOrExit } from '../src/server/boot.ts';
import { openDatabase, pgliteDataDir } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { seedCatalog } from '../src/server/db/seed.ts';

const config = loadConfigOrExit();
const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDataDir(config.dataDir) });
await migrateDatabase(database);
const seeded = await seedCatalog(database.db);
await database.close();
console.log(seeded ? 'seeded the demo catalog' : 'the catalog was seeded before; nothing to do');
