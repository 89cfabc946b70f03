// The admin account from ADMIN_EMAIL and ADMIN_PASSWORD, made at boot: created as an admin, or an
// existing user promoted (run it any number of times). Demo mode without them gets the demo admin
// of the README; a real deployment never does.
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';

import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
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
): Promise<'created' | 'promoted' | 'unchanged'> {
  const email = credentials.email.toLowerCase();
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (existing) {
    if (existing.role === 'admin') return 'unchanged';
    await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id));
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
  return 'created';
}
