// The real Hono app over the production React Router build, for in-process requests (app.request).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { ServerBuild } from 'react-router';
import { beforeAll } from 'vitest';

import { createApp } from '../../src/server/app.ts';
import { createAccountServices } from '../../src/server/boot.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { openJobQueue } from '../../src/server/jobs/queue.ts';
import { createLogger, type Logger } from '../../src/server/logger.ts';
import type { CourierProvider } from '../../src/server/shipping/provider.ts';
import { signedInUser } from './accounts.ts';
import { standIn, useTestDatabase } from './database.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function createTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  logger: Logger = createLogger(env.LOG_LEVEL ?? 'silent'),
  /** A courier provider of the test's own (tests/support/fake-courier.ts) in place of the settings' one. */
  courier?: CourierProvider,
) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DEMO: 'true',
    DATA_DIR: path.join(ROOT, '.tmp/test-data'),
    // Shipped by hand unless a test points the store at a Shiprocket sandbox of its own
    // (tests/support/shiprocket.ts): the demo's own sandbox answers on a port nothing listens to here.
    SHIPPING_PROVIDER: 'manual',
    ...env,
  });
  const build = (await import(pathToFileURL(path.join(ROOT, 'build/server/index.js')).href)) as ServerBuild;
  // The queue takes the app's jobs; nothing works them unless a test does (tests/support/jobs.ts).
  const jobs = await openJobQueue(database, logger, { background: false });
  const created = createAccountServices(config, database, logger, jobs);
  const services = courier ? { ...created, shipping: { ...created.shipping, provider: courier } } : created;
  const app = createApp({
    config,
    database,
    logger,
    jobs,
    ...services,
    build,
    clientDir: path.join(ROOT, 'build/client'),
  });
  return { app, config, jobs, ...services };
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Where the route tests' app answers: their requests go to it, and their forms' Origin names it. */
export const ORIGIN = 'http://localhost:3000';

/**
 * The usual setup of a route test file: its own database (useTestDatabase) and the app at ORIGIN
 * over it, made in beforeAll with `env` (a function when the settings name something an earlier
 * hook made), shipping through `courier` when a test gives one. The app and its auth stand in for
 * the ones beforeAll makes, as the database does; `signIn` makes a user (a shopper unless
 * `overrides` say) and gives their id and session cookie.
 * `get` and `postForm` ask as the visitor whose session cookie they are given ('' for none).
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  courier?: CourierProvider,
) {
  const database = useTestDatabase();
  let created: TestApp | undefined;
  beforeAll(async () => {
    const settings = { PUBLIC_URL: ORIGIN, ...(typeof env === 'function' ? env() : env) };
    created = await createTestApp(database, settings, undefined, courier);
  });
  const app = standIn(() => created?.app, 'The test app');
  const auth = standIn(() => created?.auth, 'The test app');
  const asVisitor = (cookie: string): Record<string, string> => (cookie ? { cookie } : {});
  return {
    database,
    app,
    auth,
    signIn: (overrides: Parameters<typeof signedInUser>[2] = {}) => signedInUser(auth, database.db, overrides),
    get: (path: string, cookie = '') => app.request(`${ORIGIN}${path}`, { headers: asVisitor(cookie) }),
    /** A form of the store's own pages, posted as a browser posts it without JavaScript (a field given twice as pairs). */
    postForm: (path: string, fields: Record<string, string> | Array<[string, string]>, cookie = '') =>
      app.request(`${ORIGIN}${path}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', ...asVisitor(cookie) },
      }),
  };
}
