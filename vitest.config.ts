import { existsSync } from 'node:fs';

import { defineConfig } from 'vitest/config';

// Unit tests: pure rules, no database. Integration tests: the real PostgreSQL engine (PGlite, or
// the server named by TEST_DATABASE_URL), each file with its own database copied from a migrated
// template (tests/support/global-setup.ts). The *.postgres.test.ts files (races, locks, several
// processes) run only on the server: PGlite runs one statement at a time and would hide a race.
const onServer = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Integration files that the `postgres` project runs on the server too, besides the
 * *.postgres.test.ts files: each exercises something that takes another path there (ADR 0045).
 * The rest of the integration suite is the same engine answering the same SQL, and runs once.
 */
const ALSO_ON_SERVER = [
  // Parallel requests racing for one row (one cart line, one like, one review, one order move):
  // on PGlite they queue one after another and could never collide.
  'src/server/cart/service.integration.test.ts',
  'src/server/reviews/service.integration.test.ts',
  'src/server/admin/orders.integration.test.ts',
  // Live search runs on connections of its own, which start with its settings.
  'src/server/catalog/search.integration.test.ts',
  // The pincode directory's load holds an advisory lock.
  'src/server/addresses/directory.integration.test.ts',
  // pg-boss over node-postgres, its other backend: jobs sent inside the store's transactions.
  'src/server/orders/emails.integration.test.ts',
  'src/server/enquiries/service.integration.test.ts',
  // Pages kept until the catalog changes: on a server the change is heard through LISTEN/NOTIFY.
  'src/web/routes/reviews.integration.test.ts',
  'src/web/routes/likes-and-kept-pages.integration.test.ts',
  // Live search's prepared statement, planned once on each connection of the pool (PGlite names
  // no statements).
  'src/server/catalog/search.integration.test.ts',
  // The connection pool's gauges exist only on a server.
  'src/server/metrics.integration.test.ts',
  // The hand-written constraints and triggers, on the server's PostgreSQL version (PGlite bundles
  // its own, newer one).
  'src/server/db/schema.integration.test.ts',
];
// A file moved or renamed would silently drop out of the server run.
for (const file of ALSO_ON_SERVER)
  if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts: no ${file}`);

const integration = {
  environment: 'node',
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: ['tests/support/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Two cores: more workers only add contention.
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/**/*.integration.test.ts', 'src/**/*.postgres.test.ts'],
          environment: 'node',
        },
      },
      {
        // With TEST_DATABASE_URL, every integration file on the server.
        test: {
          name: 'integration',
          include: ['src/**/*.integration.test.ts', ...(onServer ? ['src/**/*.postgres.test.ts'] : [])],
          ...integration,
        },
      },
      // What CI runs on the server after the whole suite on PGlite (`vitest run --project postgres`).
      ...(onServer
        ? [{ test: { name: 'postgres', include: ['src/**/*.postgres.test.ts', ...ALSO_ON_SERVER], ...integration } }]
        : []),
    ],
  },
});
