// The real Hono app over the production React Router build, for in-process requests (app.request).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { ServerBuild } from 'react-router';

import { createApp } from '../../src/server/app.ts';
import { createAccountServices } from '../../src/server/boot.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { createLogger, type Logger } from '../../src/server/logger.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function createTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  logger: Logger = createLogger(env.LOG_LEVEL ?? 'silent'),
) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DEMO: 'true',
    DATA_DIR: path.join(ROOT, '.tmp/test-data'),
    ...env,
  });
  const build = (await import(pathToFileURL(path.join(ROOT, 'build/server/index.js')).href)) as ServerBuild;
  const services = createAccountServices(config, database, logger);
  const app = createApp({ config, database, logger, ...services, build, clientDir: path.join(ROOT, 'build/client') });
  return { app, config, ...services };
}
