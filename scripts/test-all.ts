// `npm test`: builds the store, then runs unit and integration tests (Vitest) and the browser
// journeys (Playwright in Debian's Chromium), and closes with one summary line for all of them.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import { RESULTS_DIR } from './test-summary.ts';

const root = path.resolve(import.meta.dirname, '..');
rmSync(RESULTS_DIR, { recursive: true, force: true });
mkdirSync(RESULTS_DIR, { recursive: true });

// Each step's time, printed as it ends and again in the summary; .ci/run lists them under its own.
const STEP_TIMES = path.join(RESULTS_DIR, 'step-times.txt');
const times: string[] = [];

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((performance.now() - started) / 1000);
  const line = `${title}: ${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s${result.status === 0 ? '' : ' (failed)'}`;
  console.log(`=== ${line} ===`);
  times.push(line);
  appendFileSync(STEP_TIMES, `${line}\n`);
  return result.status === 0;
}

const npx = (bin: string, ...args: string[]) => [path.join(root, 'node_modules/.bin', bin), args] as const;

const steps = [
  run('build', 'npm', ['run', 'build']),
  run(
    'unit and integration tests (Vitest)',
    // Without TEST_DATABASE_URL the postgres project does not exist; with it, naming the projects
    // keeps its files from running twice.
    ...npx(
      'vitest',
      'run',
      '--project=unit',
      '--project=integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${RESULTS_DIR}/vitest.json`,
    ),
    { TEST_SKIP_BUILD: '1' },
  ),
  run('browser', 'node', ['scripts/ensure-chromium.ts']) &&
    run('end-to-end tests (Playwright, Chromium)', ...npx('playwright', 'test', '--reporter=list,json'), {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS_DIR}/e2e.json`,
    }),
];

console.log('\n=== summary ===');
for (const line of times) console.log(line);
const summary = spawnSync('node', ['scripts/test-summary.ts'], { cwd: root, stdio: 'inherit' });
process.exit(steps.every(Boolean) && summary.status === 0 ? 0 : 1);
