// Everything a server process needs before it can answer: configuration, logging, a migrated and
// seeded database. Used by the production entry (main.ts), development (dev.ts) and scripts.
import { adminCredentials, ensureAdmin } from './auth/admin.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, pgliteDataDir, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedCatalog, seedCoupons } from './db/seed.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createPayments, type Payments } from './payments/runtime.ts';

export interface Runtime {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  auth: Auth;
  payments: Payments;
}

/** Reads the configuration or stops the process with one clear message naming each variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the configuration table in README.md.\n`);
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
  if (await seedCatalog(database.db)) logger.info('seeded the demo catalog');
  if (await seedCoupons(database.db)) logger.info('seeded the demo coupons');
  if (config.demo && config.isProduction) {
    logger.warn('running with demo defaults (DEMO=true): do not use for real customers');
  }
  const services = createAccountServices(config, database, logger);
  const admin = adminCredentials(config);
  if (admin) {
    const outcome = await ensureAdmin(database.db, services.auth, admin);
    if (outcome !== 'unchanged') logger.info({ email: admin.email, outcome }, 'admin account ready');
  }
  return { config, logger, database, ...services };
}

/** Mail, auth and payments over one database: what the app needs besides the database itself. */
export function createAccountServices(config: Config, database: DatabaseHandle, logger: Logger) {
  const mailer = createMailer(config, logger);
  const auth = createAuth({ config, db: database.db, mailer, logger });
  const payments = createPayments({ config, db: database.db, logger, mailer });
  return { mailer, auth, payments };
}
