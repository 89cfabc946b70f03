// Browser tests use Debian's Chromium; no tool may download a browser of its own. Installs the
// package when it is missing and we are root, otherwise says what to do.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { CHROME_PATH } from './chromium.ts';

if (!existsSync(CHROME_PATH)) {
  if (process.env.CHROME_PATH) {
    console.error(`CHROME_PATH points to ${CHROME_PATH}, which does not exist.`);
    process.exit(1);
  }
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH).');
    process.exit(1);
  }
  console.log('Installing Debian Chromium (apt-get install chromium)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
console.log(execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).trim());
