// The real process: how it starts, refuses bad configuration, seeds once and shuts down.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ttt-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start`'s script with only the given environment (no NODE_ENV unless given). */
function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForListening(started: Started, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes('is listening')) {
    if (Date.now() > deadline || started.child.exitCode !== null)
      throw new Error(`did not start:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('stops before listening when the configuration is bad, naming each variable', async () => {
    const started = start({ PORT: 'eighty', STORE_EMAIL: 'not-an-email', DATA_DIR: dataDir });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('PORT:');
    expect(started.output()).toContain('STORE_EMAIL:');
    expect(started.output()).not.toContain('is listening');
  });

  it('refuses to run as a real deployment without its secrets', async () => {
    const started = start({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '3231' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('AUTH_SECRET: required in production');
  });

  it('as `npm start`: seeds on first boot only, serves the production build, exits cleanly on SIGTERM', async () => {
    const env = { DATA_DIR: dataDir, PORT: '3232' };
    const first = start(env);
    await waitForListening(first);
    expect(first.output()).toContain('seeded the demo catalog');
    expect(first.output()).toContain('running with demo defaults');
    const home = await fetch('http://127.0.0.1:3232/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Shop by Category');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped');

    const second = start(env);
    const startedAt = Date.now();
    await waitForListening(second);
    const bootMs = Date.now() - startedAt;
    expect(second.output()).not.toContain('seeded the demo catalog');
    expect((await fetch('http://127.0.0.1:3232/readyz')).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    console.info(`second boot took ${bootMs} ms`);
    // Two boots of the whole store, the first making and seeding its embedded database: on a busy
    // two-core machine (CI runs two test files at once) that is more than the usual 30 s.
  }, 90_000);
});
