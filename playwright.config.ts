// End-to-end journeys in Debian's Chromium against the production build (ADR 0006).
import path from 'node:path';

import { defineConfig, devices } from '@playwright/test';

import { CHROME_PATH, CHROMIUM_FLAGS } from './scripts/chromium.ts';

// E2E_PORT lets several runs share a machine (each gets its own data folder too).
const PORT = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.resolve(`.tmp/e2e-data-${PORT}`);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: CHROME_PATH, args: [...CHROMIUM_FLAGS] },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } },
  ],
  webServer: {
    // A fresh data folder each run: first boot migrates and seeds, as on a new machine.
    command: `rm -rf ${dataDir} && node scripts/start.ts`,
    url: `http://localhost:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', DEMO: 'true' },
  },
});
