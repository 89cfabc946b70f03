// `npm start`: builds when no build exists, then runs the production server. Run bare on a fresh
// machine it is the demo store (NODE_ENV=production with DEMO=true, see ADR 0007); a deployment
// sets NODE_ENV=production itself and gets the strict checks.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

// Before any server module loads: React picks its production or development build on import.
if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = 'production';
  process.env.DEMO ??= 'true';
}

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'build/server/index.js'))) {
  console.log('No build found: building the store once (about half a minute)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { startServer } = await import('../src/server/main.ts');
await startServer();
