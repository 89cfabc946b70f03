// Development: one HTTP server; Vite (hot reload, on-demand compilation) answers first, then the
// same Hono app as production, with the server build loaded through Vite's SSR runner.
import { createServer } from 'node:http';

import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer, isRunnableDevEnvironment } from 'vite';

import { createApp } from './app.ts';
import { bootRuntime } from './boot.ts';
import { startStoreJobs } from './store-jobs.ts';

const runtime = await bootRuntime();
const { config, logger } = runtime;
await startStoreJobs({ ...runtime, db: runtime.database.db });
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });
const ssr = vite.environments.ssr;
if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error('Vite has no runnable SSR environment');
const app = createApp({
  ...runtime,
  build: () => ssr.runner.import('virtual:react-router/server-build') as Promise<ServerBuild>,
});
const honoListener = getRequestListener(app.fetch);

createServer((req, res) => vite.middlewares(req, res, () => honoListener(req, res))).listen(
  config.port,
  config.host,
  () => logger.info({ url: config.publicUrl }, 'development server with hot reload is listening'),
);
