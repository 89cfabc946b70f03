// Everything a server process needs before it can answer: configuration, logging, a migrated and
// prepared database (prepareStore). Used by the production entry (main.ts), development (dev.ts)
// and scripts.
import { loadPincodeDirectory } from './addresses/directory.ts';
import { adminCredentials, DEMO_ADMIN, ensureAdmin, retireDemoAdmin } from './auth/admin.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { createPayments, type Payments } from './checkout/runtime.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, pgliteDataDir, type Database, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { retireDemoCoupons, seedCatalog, seedCoupons, seedSizeCharts } from './db/seed.ts';
import { createLogger, type Logger } from './logger.ts';
import { openJobQueue, type JobQueue } from './jobs/queue.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { queuedInvoices } from './invoices/due.ts';
import { queuedOrderEmails, type OrderEmails } from './orders/emails.ts';
import { createShipping, type Shipping } from './shipping/runtime.ts';

export interface Runtime {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  auth: Auth;
  payments: Payments;
  shipping: Shipping;
  metrics: Metrics;
  jobs: JobQueue;
  orderEmails: OrderEmails;
}

/** Reads the configuration or stops the process with one clear message naming each variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the settings in docs/operations/configuration.md.\n`);
      process.exit(1);
    }
    throw error;
  }
}

export async function bootRuntime(config: Config = loadConfigOrExit()): Promise<Runtime> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: pgliteDataDir(config.dataDir),
    onError: (error) => logger.error({ err: error }, 'database connection error'),
  });
  await migrateDatabase(database);
  if (config.demo && config.isProduction) {
    logger.warn('running with demo defaults (DEMO=true): do not use for real customers');
  }
  const jobs = await openJobQueue(database, logger);
  const services = createAccountServices(config, database, logger, jobs);
  await prepareStore(config, database.db, services.auth, logger);
  return { config, logger, database, jobs, ...services };
}

/**
 * What every boot does to the database: the pincode directory up to date, demo data in demo mode only (a real store opens empty and
 * the admin imports its catalog; `npm run db:seed` seeds on purpose), on a real deployment the
 * demo's admin and public coupons retired, and the admin account of the settings made ready.
 */
export async function prepareStore(config: Config, db: Database, auth: Auth, logger: Logger): Promise<void> {
  // India Post's pincodes (ADR 0026): about 3 s once per edition of the package, then one read.
  const pincodes = await loadPincodeDirectory(db);
  if (pincodes > 0) logger.info({ pincodes }, 'loaded the pincode directory');
  if (config.demo) {
    if (await seedCatalog(db)) logger.info('seeded the demo catalog');
    if (await seedCoupons(db)) logger.info('seeded the demo coupons');
    if (await seedSizeCharts(db)) logger.info('seeded the demo size charts');
  } else {
    if (await retireDemoAdmin(db)) {
      logger.warn({ email: DEMO_ADMIN.email }, 'removed the demo admin: no longer an admin, every session ended');
    }
    const coupons = await retireDemoCoupons(db);
    if (coupons.length > 0) logger.warn({ coupons }, 'retired the demo coupons');
  }
  const admin = adminCredentials(config);
  if (admin) {
    const outcome = await ensureAdmin(db, auth, admin);
    if (outcome !== 'unchanged') logger.info({ email: admin.email, outcome }, 'admin account ready');
  }
}

/**
 * Mail, auth, payments, shipping and metrics over one database and its job queue: what the app needs
 * besides the database itself. The metrics are this app's own registry, the payments counting
 * into it; order emails and invoices go through the queue.
 */
export function createAccountServices(config: Config, database: DatabaseHandle, logger: Logger, jobs: JobQueue) {
  const mailer = createMailer(config, logger);
  const auth = createAuth({ config, db: database.db, mailer, logger });
  const metrics = createMetrics(database, jobs, { processMetrics: config.metricsToken !== undefined });
  const orderEmails = queuedOrderEmails(jobs);
  const shipping = createShipping(config, logger);
  const dueInvoices = queuedInvoices(jobs);
  const payments = createPayments({ config, db: database.db, logger, orderEmails, dueInvoices, metrics, shipping });
  return { mailer, auth, payments, shipping, metrics, orderEmails };
}
