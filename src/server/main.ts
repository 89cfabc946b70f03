// The production server: serves the React Router build through the Hono app.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';

import { createApp } from './app.ts';
import { bootRuntime } from './boot.ts';
import { startStoreJobs } from './store-jobs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_BUILD = path.join(ROOT, 'build/server/index.js');
const CLIENT_DIR = path.join(ROOT, 'build/client');

export async function startServer() {
  const runtime = await bootRuntime();
  const { config, logger, database, mailer, jobs } = runtime;
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  const app = createApp({ ...runtime, build, clientDir: CLIENT_DIR });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, url: config.publicUrl, database: database.kind }, 'Trap the Trend is listening');
  });

  await startStoreJobs({ ...runtime, db: database.db });

  // Requests and jobs still running after SHUTDOWN_GRACE_SECONDS are cut off so that a deploy can
  // finish; an email cut off is retried by any instance, a scheduled run is done by the next one.
  const graceMs = config.shutdownGraceMs;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    const force = setTimeout(() => {
      logger.warn('in-flight requests or jobs did not finish in time');
      process.exit(1);
    }, graceMs + 2000);
    force.unref();
    // The queue stops taking jobs at once and waits for those in flight while requests finish.
    const jobsStopped = jobs
      .stop(graceMs)
      .catch((error: unknown) => logger.error({ err: error }, 'stopping the job queue failed'));
    server.close(async () => {
      await jobsStopped;
      await mailer.close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    // Keep-alive connections with no request in flight would otherwise hold the server open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (import.meta.main) await startServer();
