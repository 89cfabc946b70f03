// Account data that has outlived its use is deleted, not kept (ADR 0009): signup requests past
// their code's expiry (they hold a password hash and a phone number), expired verifications
// (reset links, OpenID states) and rate-limit counters whose window is long over.
import { lt } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { rateLimits, signupRequests, verifications } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { LONGEST_WINDOW_MS } from './rate-limit.ts';

const PURGE_EVERY_MS = 10 * 60_000;

interface Purged {
  signupRequests: number;
  verifications: number;
  rateLimits: number;
}

export async function purgeExpired(db: Database, now = new Date()): Promise<Purged> {
  const deleted = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    signupRequests: await deleted(
      db.delete(signupRequests).where(lt(signupRequests.expiresAt, now)).returning({ id: signupRequests.id }),
    ),
    verifications: await deleted(
      db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id }),
    ),
    rateLimits: await deleted(
      db
        .delete(rateLimits)
        .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - LONGEST_WINDOW_MS)))
        .returning({ key: rateLimits.key }),
    ),
  };
}

/** Purges every 10 minutes in the background; returns the function that stops it. */
export function startPurge(db: Database, logger: Logger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purgeExpired(db)
      .then((purged) => logger.debug({ purged }, 'expired account data purged'))
      .catch((error: unknown) => logger.error({ err: error }, 'purging expired account data failed'))
      .finally(() => {
        running = false;
      });
  }, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
