// The floor page served by the store's own server: the services booted as the production entry
// boots them (src/server/main.ts: settings from the environment, database, mail, auth, payments)
// and the same app factory, createApp, with all its middleware (request ids, logging, security
// headers, compression, static files), handed the floor's build instead of the store's. main.ts
// takes no other build, hence this script. bench/run.ts starts it as it starts the store.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';

import { createApp } from '../../src/server/app.ts';
import { bootRuntime } from '../../src/server/boot.ts';
import { FLOOR_BUILD_DIR } from '../server.ts';

const runtime = await bootRuntime();
const build = (await import(pathToFileURL(path.join(FLOOR_BUILD_DIR, 'server/index.js')).href)) as ServerBuild;
const app = createApp({ ...runtime, build, clientDir: path.join(FLOOR_BUILD_DIR, 'client') });
serve({ fetch: app.fetch, port: runtime.config.port, hostname: runtime.config.host });

// Its data folder is the bench's scratch: nothing to finish on the way out.
process.once('SIGTERM', () => process.exit(0));
