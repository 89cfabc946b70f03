import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { rateLimits, sessions, signupRequests, verifications } from '../db/schema.ts';
import { purgeExpired } from './purge.ts';
import { LONGEST_WINDOW_MS } from '../shared/rate-limit.ts';

const database = useTestDatabase();

describe('purging expired account data', () => {
  it('deletes expired signup requests, sessions and verifications and dead counters, and keeps the live ones', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const later = new Date(now.getTime() + 60_000);
    const request = (email: string, expiresAt: Date) => ({
      email,
      firstName: 'Riya',
      lastName: 'Kapoor',
      phone: '9876543210',
      gender: 'female',
      passwordHash: 'hash',
      codeHash: 'hmac',
      sentAt: ago(60_000),
      expiresAt,
    });
    await database.db
      .insert(signupRequests)
      .values([request('gone@example.test', ago(1)), request('kept@example.test', later)]);
    await database.db.insert(verifications).values([
      { id: 'gone', identifier: 'a', value: 'u1', expiresAt: ago(1) },
      { id: 'kept', identifier: 'b', value: 'u2', expiresAt: later },
    ]);
    const { id: userId } = await createUser(database.db);
    const session = (id: string, expiresAt: Date) => ({
      id,
      token: `token-${id}`,
      userId,
      expiresAt,
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Android 14)',
    });
    await database.db.insert(sessions).values([session('gone', ago(1)), session('kept', later)]);
    await database.db.insert(rateLimits).values([
      { key: 'gone', count: 3, windowStartedAt: ago(LONGEST_WINDOW_MS + 1) },
      { key: 'kept', count: 3, windowStartedAt: ago(60_000) },
    ]);

    expect(await purgeExpired(database.db, now)).toEqual({
      signupRequests: 1,
      sessions: 1,
      verifications: 1,
      rateLimits: 1,
    });
    expect((await database.db.select().from(signupRequests)).map((row) => row.email)).toEqual(['kept@example.test']);
    expect((await database.db.select().from(sessions)).map((row) => row.id)).toEqual(['kept']);
    expect((await database.db.select().from(verifications)).map((row) => row.id)).toEqual(['kept']);
    expect((await database.db.select().from(rateLimits)).map((row) => row.key)).toEqual(['kept']);
    expect(await purgeExpired(database.db, now)).toEqual({
      signupRequests: 0,
      sessions: 0,
      verifications: 0,
      rateLimits: 0,
    });
  });
});
