// A folder of files a test file may write (uploads, data folders), removed after its last test.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

import { afterAll } from 'vitest';

const TMP = path.resolve(import.meta.dirname, '../../.tmp');

export function useScratchDir(prefix: string): string {
  mkdirSync(TMP, { recursive: true });
  const dir = mkdtempSync(path.join(TMP, prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
