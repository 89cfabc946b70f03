// Account data that has outlived its use is deleted, not kept (ADR 0062): signup requests past
// their code's expiry (they hold a password hash and a phone number), expired sessions (they keep
// the address and browser they were made from; better-auth deletes one only when it is presented
// after its end, and a session nobody presents again would stay for ever), expired verifications
// (reset links, OpenID states) and rate-limit counters whose window is long over.
import { lt } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { rateLimits, sessions, signupRequests, verifications } from '../db/schema.ts';
import { LONGEST_WINDOW_MS } from '../shared/rate-limit.ts';

interface Purged {
  signupRequests: number;
  sessions: number;
  verifications: number;
  rateLimits: number;
}

export async function purgeExpired(db: Database, now = new Date()): Promise<Purged> {
  const deleted = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    signupRequests: await deleted(
      db.delete(signupRequests).where(lt(signupRequests.expiresAt, now)).returning({ id: signupRequests.id }),
    ),
    sessions: await deleted(db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })),
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
