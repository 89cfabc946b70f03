// The floor page's React Router app (ADR 0033): a bare React Router 8 page that bench/run.ts builds
// into bench/.tmp/floor (FLOOR_BUILD_DIR in bench/server.ts) and serves with bench/floor/server.ts.
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: '../.tmp/floor',
  ssr: true,
} satisfies Config;
