// One place for the end-to-end run's ports, database and secrets, shared by playwright.config.ts,
// the server it starts and the fixtures. E2E_PORT lets several runs share a machine.
import path from 'node:path';

import { withDatabase } from './database-url.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function e2eSettings(env: Record<string, string | undefined> = process.env) {
  const port = Number(env.E2E_PORT ?? 3210);
  const serverUrl = env.E2E_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `ttt_e2e_${port}`;
  const databaseUrl = withDatabase(serverUrl, databaseName);
  const smtpPort = port + 1;
  const oidcPort = port + 2;
  const controlPort = port + 3;
  const authSecret = 'e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz';
  const baseUrl = `http://localhost:${port}`;
  return {
    port,
    baseUrl,
    serverUrl,
    databaseName,
    databaseUrl,
    dataDir: path.join(ROOT, `.tmp/e2e-data-${port}`),
    smtpPort,
    oidcPort,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    controlPort,
    authSecret,
    appEnv: {
      PORT: String(port),
      DATA_DIR: path.join(ROOT, `.tmp/e2e-data-${port}`),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DEMO: 'true',
      AUTH_SECRET: authSecret,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      GOOGLE_CLIENT_ID: 'e2e-client',
      GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
      GOOGLE_ISSUER_URL: `http://127.0.0.1:${oidcPort}`,
      // Kavaratti is not delivered to (tests/e2e/delivery.spec.ts); the Andamans are, by the zone
      // table's days (tests/e2e/delivery-zones.spec.ts).
      DELIVERY_EXCLUDED_PINCODES: '682551',
      // A drop's line lets one shopper in at the minute, then one every five seconds: the second
      // shopper of a drop waits in line (tests/e2e/drops.spec.ts).
      DROP_QUEUE_AT_ONCE: '1',
      DROP_QUEUE_PER_SECOND: '0.2',
    },
  };
}
