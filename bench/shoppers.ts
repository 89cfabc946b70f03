// Signed-in shoppers for the benchmarks, made straight in the database: a user and a session as
// long as a real sign-in's (30 days: a shorter one is renewed, a write, on every request), and the
// session cookie signed with the store's auth secret, as better-auth signs it.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

import type pg from 'pg';

export async function createShopper(db: pg.Client, authSecret: string, label: string) {
  const userId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  await db.query('insert into users (id, name, email, email_verified) values ($1, $2, $3, true)', [
    userId,
    `Bench Shopper ${label}`,
    `bench-${label}-${userId.slice(0, 6)}@example.test`,
  ]);
  await db.query(
    "insert into sessions (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '30 days')",
    [randomUUID(), token, userId],
  );
  const signature = createHmac('sha256', authSecret).update(token).digest('base64');
  return { userId, cookie: `ttt.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
}
