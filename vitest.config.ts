import { defineConfig } from 'vitest/config';

// Unit tests: pure rules, no database. Integration tests: the real PostgreSQL engine (PGlite, or
// the server named by TEST_DATABASE_URL), each file with its own database copied from a migrated
// template (tests/support/global-setup.ts). Race tests (*.postgres.test.ts) run only on the
// server: PGlite runs one statement at a time and would hide a race.
const onServer = Boolean(process.env.TEST_DATABASE_URL);

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
        test: {
          name: 'integration',
          include: ['src/**/*.integration.test.ts', ...(onServer ? ['src/**/*.postgres.test.ts'] : [])],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: more workers only add contention.
          maxWorkers: 2,
        },
      },
    ],
  },
});
