// Each instance's clock of drops: at the minute a drop goes live, the kept pages and catalog reads
// that still show its countdown are dropped on every instance at once, without a notice or a
// restart, since each one reads the schedule from the database (again after each change of the drops table).
import { getTableName } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { drops } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { nextDropAfter } from './rules.ts';

/** The table whose catalog notices (their payload) move the next minute: the clock reads again on them. */
export const DROPS_TABLE = getTableName(drops);

/** The longest a Node timer waits (about 24.8 days); a drop further off is looked up again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** How soon a read of the schedule that failed (the database away) is tried again. */
const RETRY_MS = 5000;

export interface DropClock {
  /** Reads the schedule again (a drop was made, moved or removed). */
  refresh(): void;
  /** Milliseconds until the next drop goes live, or undefined when none is scheduled. */
  msUntilNextDrop(): number | undefined;
}

export function dropClock({
  db,
  logger,
  onLive,
  now = Date.now,
}: {
  db: Database;
  logger: Logger;
  /** Called at each drop's minute. */
  onLive: () => void;
  now?: () => number;
}): DropClock {
  let next: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let reads = 0;

  const schedule = (at: number | undefined) => {
    clearTimeout(timer);
    next = at;
    if (at === undefined) return;
    const wait = Math.min(Math.max(0, at - now()), LONGEST_TIMER_MS);
    timer = setTimeout(() => {
      if (now() >= at) onLive();
      refresh();
    }, wait);
    // The clock never keeps a stopping process alive.
    timer.unref();
  };
  const refresh = () => {
    // Only the latest read schedules: an older one answering late would set a stale time.
    const read = ++reads;
    nextDropAfter(db, new Date(now())).then(
      (at) => {
        if (read === reads) schedule(at?.getTime());
      },
      (error: unknown) => {
        logger.warn({ err: error }, 'could not read when the next drop goes live: trying again');
        // Unknown meanwhile: kept pages go on as if no drop came (a moment's error either way).
        if (read !== reads) return;
        next = undefined;
        setTimeout(() => {
          if (read === reads) refresh();
        }, RETRY_MS).unref();
      },
    );
  };
  refresh();
  return {
    refresh,
    msUntilNextDrop: () => (next === undefined ? undefined : Math.max(0, next - now())),
  };
}
