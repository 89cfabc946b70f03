// The catalog services (import, edit, delete) over a test file's own database and data folder.
import { createLogger } from '../../src/server/logger.ts';
import { useTestDatabase } from './database.ts';
import { useScratchDir } from './scratch.ts';

/**
 * A test file's database (useTestDatabase), its data folder (useScratchDir, named from `prefix`),
 * and `deps()`: what the catalog services are given, over those two and a silent logger.
 */
export function useCatalog(prefix: string) {
  const database = useTestDatabase();
  const dataDir = useScratchDir(prefix);
  const logger = createLogger('silent');
  return {
    database,
    dataDir,
    deps: () => ({ db: database.db, config: { dataDir, storage: { kind: 'local' as const } }, logger }),
  };
}
