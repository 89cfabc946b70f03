// The admin account from ADMIN_EMAIL and ADMIN_PASSWORD, made at boot: created as an admin, or an
// existing user promoted (run it any number of times). Demo mode without them gets the demo admin
// of the README; a real deployment never does, and takes the role from it (ADR 0018).
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';

import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { appState, sessions, users } from '../db/schema.ts';
import type { Auth } from './auth.ts';

export const DEMO_ADMIN = { email: 'admin@trapthetrend.local', password: 'Admin@2026' } as const;

export function adminCredentials(config: Config): { email: string; password: string } | undefined {
  return config.admin ?? (config.demo ? DEMO_ADMIN : undefined);
}

/** Returns what it did, for the boot log. */
export async function ensureAdmin(
  db: Database,
  auth: Auth,
  credentials: { email: string; password: string },
): Promise<'created' | 'promoted' | 'password changed' | 'unchanged'> {
  const email = credentials.email.toLowerCase();
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (existing) {
    const passwordChanged = await applyChangedPassword(db, auth, existing.id, email, credentials.password);
    if (existing.role === 'admin') return passwordChanged ? 'password changed' : 'unchanged';
    await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id));
    // Its customer sessions last 30 days; as an admin it signs in again, for 12 hours (auth.ts).
    await db.delete(sessions).where(eq(sessions.userId, existing.id));
    return 'promoted';
  }
  const adapter = (await auth.$context).internalAdapter;
  const user = await adapter.createUser({ email, name: 'Store Admin', emailVerified: true }, { method: 'admin' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  await adapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await hashPassword(credentials.password),
  });
  await applyChangedPassword(db, auth, user.id, email, credentials.password);
  return 'created';
}

/**
 * ADMIN_PASSWORD takes effect when it changes: app_state keeps a hash of the value last seen, and a
 * new value replaces the admin's password and ends every session of the admin, so whoever knew
 * the old one is signed out. The first sight only records it (a promoted customer keeps the
 * password they chose). Returns whether the password was changed.
 */
async function applyChangedPassword(
  db: Database,
  auth: Auth,
  userId: string,
  email: string,
  password: string,
): Promise<boolean> {
  const key = `admin_password:${email}`;
  const [seen] = await db.select({ hash: appState.value }).from(appState).where(eq(appState.key, key));
  if (seen && (await verifyPassword({ hash: seen.hash, password }))) return false;
  const hash = await hashPassword(password);
  await db
    .insert(appState)
    .values({ key, value: hash })
    .onConflictDoUpdate({ target: appState.key, set: { value: hash, updatedAt: new Date() } });
  if (!seen) return false;
  const adapter = (await auth.$context).internalAdapter;
  if (await adapter.findCredentialAccount(userId)) await adapter.updatePassword(userId, hash);
  else await adapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
  await adapter.deleteUserSessions(userId);
  return true;
}

/**
 * On a real deployment over a database that once ran the demo, the demo admin (whose password
 * the README prints) loses the admin role and every session. Returns whether it had the role.
 */
export async function retireDemoAdmin(db: Database): Promise<boolean> {
  const [retired] = await db
    .update(users)
    .set({ role: 'customer', updatedAt: new Date() })
    .where(and(eq(users.email, DEMO_ADMIN.email), eq(users.role, 'admin')))
    .returning({ id: users.id });
  if (!retired) return false;
  await db.delete(sessions).where(eq(sessions.userId, retired.id));
  return true;
}
