// `npm run db:seed`: migrates, then seeds the demo catalog, coupons and size charts unless this database had them before.
// Only a demo mode's boot seeds by itself; this is how any other database gets the demo data on purpose.
// (A production boot still retires the demo coupons: their codes are public in the README.)
import { loadConfigOrExit } from '../src/server/boot.ts';
import { openDatabase, pgliteDataDir } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { seedCatalog, seedCoupons, seedSizeCharts } from '../src/server/db/seed.ts';

const config = loadConfigOrExit();
const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDataDir(config.dataDir) });
await migrateDatabase(database);
const catalog = await seedCatalog(database.db);
const coupons = await seedCoupons(database.db);
const sizeCharts = await seedSizeCharts(database.db);
await database.close();
console.log(catalog ? 'seeded the demo catalog' : 'the catalog was seeded before; nothing to do');
console.log(coupons ? 'seeded the demo coupons' : 'the coupons were seeded before; nothing to do');
console.log(sizeCharts ? 'seeded the demo size charts' : 'the size charts were seeded before; nothing to do');
