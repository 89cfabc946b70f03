// A real S3-protocol server for the tests (s3rver, in-process, on a free port), with one bucket,
// and the S3_ settings that point the store at it. Its objects live in a folder of the test's,
// so a test can see exactly what was written.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

const TEST_BUCKET = 'trap-images';

/**
 * Starts the server before the file's tests (register it before hooks that read `env()`) and
 * stops it after them. `stop()` takes it down mid-file, to test an object store that is down.
 */
export function useObjectStore(dir: string) {
  let server: S3rver | undefined;
  let port = 0;
  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    });
    ({ port } = await server.run());
  });
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  afterAll(stop);
  return {
    /** The settings that keep images in the test bucket (s3rver's default keys). */
    env: (): Record<string, string> => ({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
    stop,
    /** The keys of the bucket's objects, as s3rver keeps them on disk. */
    keys: (): string[] => {
      const bucket = path.join(dir, TEST_BUCKET);
      if (!existsSync(bucket)) return [];
      return readdirSync(bucket, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('._S3rver_object'))
        .map((file) =>
          file
            .replace(/\._S3rver_object$/, '')
            .split(path.sep)
            .join('/'),
        )
        .sort();
    },
  };
}
