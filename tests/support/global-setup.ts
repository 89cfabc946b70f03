// Prepares one migrated template database per test run, with the pincode directory loaded (once
// here rather than in every file): a PGlite dump file, or a template database on the PostgreSQL
// server named by TEST_DATABASE_URL. Each test file copies it
// (tests/support/database.ts), so files never share rows and runs never collide.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { loadPincodeDirectory } from '../../src/server/addresses/directory.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { openJobQueue } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/logger.ts';
import { withDatabase } from './database-url.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const TMP_DIR = path.join(ROOT, '.tmp');

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    serverTemplate: { url: string; runId: string } | null;
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(TMP_DIR, { recursive: true });
  ensureBuild();

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const runId = `ttt_${process.pid}_${Date.now().toString(36)}`;
    const templateName = `${runId}_tpl`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${templateName}"`);
    const template = await openDatabase({ url: withDatabase(serverUrl, templateName) });
    await migrateDatabase(template);
    await installJobQueue(template);
    await loadPincodeDirectory(template.db);
    await template.close();
    project.provide('serverTemplate', { url: serverUrl, runId });
    project.provide('pgliteTemplate', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `${runId}%`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    };
  }

  const template = await openDatabase({});
  await migrateDatabase(template);
  await installJobQueue(template);
  await loadPincodeDirectory(template.db);
  if (template.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await template.client.dumpDataDir('none');
  await template.close();
  const file = path.join(TMP_DIR, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('serverTemplate', null);
}

/**
 * Route tests render pages through the production build, so it is rebuilt for every run unless
 * the caller has just built it (npm test and CI set TEST_SKIP_BUILD=1).
 */
function ensureBuild() {
  if (process.env.TEST_SKIP_BUILD === '1' && existsSync(path.join(ROOT, 'build/server/index.js'))) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** pg-boss's schema and the store's queues, as a store's first start makes them. */
async function installJobQueue(template: DatabaseHandle) {
  const jobs = await openJobQueue(template, createLogger('silent'), { background: false });
  await jobs.stop(1000);
}
