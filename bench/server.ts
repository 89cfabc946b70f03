// The store under measurement: a fresh production build served by `scripts/start.ts` on a free
// loopback port, with its own DATA_DIR (a new PGlite database, migrated and seeded on start). The
// floor page (bench/floor) is built and served the same way, by bench/floor/server.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** Runs `npm run build` so that the figures are for the current code. Output is shown only on failure. */
export function buildStore(): void {
  run('npm', ['run', 'build']);
}

/** Where `buildStoreWithSourceMaps` keeps the browser build's source maps, away from what is served. */
export const SOURCE_MAPS_DIR = path.join(ROOT, 'bench/.tmp/source-maps');

/**
 * `npm run build` with hidden source maps for the browser files (no file names its map), moved to
 * SOURCE_MAPS_DIR before the files are precompressed, so the store never serves them. The bench
 * attributes each page's first-load JavaScript by them (js-size.ts, `frameworkShare`).
 */
export function buildStoreWithSourceMaps(): void {
  run('npx', ['react-router', 'build', '--sourcemapClient', 'hidden']);
  rmSync(SOURCE_MAPS_DIR, { recursive: true, force: true });
  mkdirSync(SOURCE_MAPS_DIR, { recursive: true });
  const assets = path.join(ROOT, 'build/client/assets');
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js.map'))) {
    renameSync(path.join(assets, file), path.join(SOURCE_MAPS_DIR, file));
  }
  run(process.execPath, ['scripts/precompress.ts']);
}

/** Where `buildFloor` writes the floor page's build (bench/floor/react-router.config.ts names it too). */
export const FLOOR_BUILD_DIR = path.join(ROOT, 'bench/.tmp/floor');

/**
 * Builds the floor page (bench/floor) with `react-router build`, and precompresses its browser
 * files as `npm run build` does the store's (scripts/precompress.ts), so that both are served
 * alike: Brotli or gzip from files, not compressed per request.
 */
export function buildFloor(): void {
  run('npx', ['react-router', 'build', 'bench/floor', '--emptyOutDir']);
  run(process.execPath, ['scripts/precompress.ts', path.join(FLOOR_BUILD_DIR, 'client')]);
}

/** Runs a build command in the repository; its output is shown only on failure. */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(
      `${[command, ...args].join(' ')} failed (${result.error?.message ?? `exit code ${result.status}`})`,
    );
  }
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('could not find a free port'))));
    });
  });
}

export interface RunningStore {
  origin: string;
  /** What /readyz answered, e.g. { status: 'ready', database: 'pglite' }. */
  ready: { status: string; database: string };
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  port: number;
  dataDir: string;
  logFile: string;
  /** A PostgreSQL server database to use instead of the embedded PGlite. */
  databaseUrl?: string;
  /** More settings, applied last: e.g. TRUST_PROXY, a shared AUTH_SECRET, PUBLIC_URL of a proxy in front. */
  env?: Record<string, string>;
  /** The server's entry point, relative to the repository: the store's own (`npm start`) by default. */
  entry?: string;
}

/** Starts the production server and resolves once GET /readyz answers 200. */
export async function startStore({
  port,
  dataDir,
  logFile,
  databaseUrl,
  env: extraEnv = {},
  entry = 'scripts/start.ts',
}: StartOptions): Promise<RunningStore> {
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DEMO: 'true',
    ...extraEnv,
  };
  // The database is the bench's choice, whatever the calling shell has set.
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  const log = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [entry], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  } finally {
    closeSync(log);
  }
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const stop = async () => {
    if (exited || child.pid === undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (!exited) child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await exitPromise;
    clearTimeout(timer);
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    while (true) {
      if (exited) {
        throw new Error(
          `the server exited before it was ready (code ${exited.code}, signal ${exited.signal})\n${tail(logFile)}`,
        );
      }
      if (Date.now() > deadline)
        throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s\n${tail(logFile)}`);
      try {
        const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (res.status === 200) {
          const ready = (await res.json()) as RunningStore['ready'];
          return { origin, ready, pid: child.pid!, stop };
        }
        await res.body?.cancel();
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}
