// The store as the end-to-end tests see it: the production build over a fresh database on the
// PostgreSQL server (so the session fixture can write to the same database from the test
// process), mail to the test SMTP server, and the local OpenID provider in Google's place.
//
//   node tests/support/e2e-server.ts   (environment from playwright.config.ts)
import { rmSync } from 'node:fs';

import pg from 'pg';

import { e2eSettings } from './e2e-settings.ts';

const settings = e2eSettings();
rmSync(settings.dataDir, { recursive: true, force: true });

const admin = new pg.Client({ connectionString: settings.serverUrl });
await admin.connect();
await admin.query(`drop database if exists "${settings.databaseName}" with (force)`);
await admin.query(`create database "${settings.databaseName}"`);
await admin.end();

Object.assign(process.env, settings.appEnv);
await import('../../scripts/start.ts');
