// End-to-end journeys in Debian's Chromium against the production build (ADR 0006).
import { defineConfig, devices } from '@playwright/test';

import { CHROME_PATH, CHROMIUM_FLAGS } from './scripts/chromium.ts';
import { e2eSettings } from './tests/support/e2e-settings.ts';

// E2E_PORT lets several runs share a machine (each gets its own ports, database and data folder).
const settings = e2eSettings();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: settings.baseUrl,
    launchOptions: { executablePath: CHROME_PATH, args: [...CHROMIUM_FLAGS] },
    trace: 'retain-on-failure',
  },
  // Every journey runs on the desktop; the phone runs what is about its layout or touch, tagged
  // @mobile (the phone only: a test that sets a phone's width) or @both (ADR 0045).
  projects: [
    {
      name: 'desktop',
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    { name: 'mobile', grep: /@mobile|@both/, use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } },
  ],
  webServer: [
    {
      // The SMTP server and the OpenID provider the store talks to (tests/support/test-peers.ts).
      command: `node tests/support/test-peers.ts ${settings.smtpPort} ${settings.oidcPort} ${settings.controlPort}`,
      url: `${settings.controlUrl}/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      // A fresh database and data folder each run: first boot migrates and seeds, as on a new machine.
      command: 'node tests/support/e2e-server.ts',
      url: `${settings.baseUrl}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
