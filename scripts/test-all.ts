// `npm test`: builds the store, then runs unit and integration tests (Vitest) and the browser
// journeys (Playwright in Debian's Chromium), and closes with one summary line for all of them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import { RESULTS_DIR } from './test-summary.ts';

const root = path.resolve(import.meta.dirname, '..');
rmSync(RESULTS_DIR, { recursive: true, force: true });
mkdirSync(RESULTS_DIR, { recursive: true });

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const npx = (bin: string, ...args: string[]) => [path.join(root, 'node_modules/.bin', bin), args] as const;

const steps = [
  run('build', 'npm', ['run', 'build']),
  run(
    'unit and integration tests (Vitest)',
    ...npx('vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${RESULTS_DIR}/vitest.json`),
    { TEST_SKIP_BUILD: '1' },
  ),
  run('browser', 'node', ['scripts/ensure-chromium.ts']) &&
    run('end-to-end tests (Playwright, Chromium)', ...npx('playwright', 'test', '--reporter=list,json'), {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS_DIR}/e2e.json`,
    }),
];

console.log('\n=== summary ===');
const summary = spawnSync('node', ['scripts/test-summary.ts'], { cwd: root, stdio: 'inherit' });
process.exit(steps.every(Boolean) && summary.status === 0 ? 0 : 1);
