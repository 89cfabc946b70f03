// The audit log of admin changes (ADR 0014): every admin service records its change here, inside
// the transaction that makes it, so a change and its entry stand or fall together.
import { and, count, eq } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { auditLog, type AuditEntry } from '../db/schema.ts';
import { newestFirst } from './newest-first.ts';

/** The admin making a change, as the session knows them. */
export interface Actor {
  id: string;
  email: string;
}

/** The store acting on its own (a scheduled job), as the audit log names it. */
export const STORE_ITSELF = { id: null, email: 'the store (automatic)' } as const;

export interface AuditChange {
  action: string;
  entityType:
    | 'product'
    | 'order'
    | 'coupon'
    | 'drop'
    | 'return'
    | 'category'
    | 'enquiry'
    | 'review'
    | 'customer'
    /** The zone table as a whole (shipping/zone-table.ts), its id 'table'. */
    | 'delivery_zones';
  entityId: string | number;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Call with the transaction of the change. */
export async function recordAudit(
  tx: Database,
  actor: Actor | typeof STORE_ITSELF,
  change: AuditChange,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    summary: change.summary,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/**
 * A deleted account's entries (a shopper's own cancellations) keep what was done, under the
 * account's erased address instead of its email (auth/delete-account.ts, in its transaction).
 */
export async function forgetActorEmail(tx: Database, actorId: string, erasedEmail: string): Promise<void> {
  await tx.update(auditLog).set({ actorEmail: erasedEmail }).where(eq(auditLog.actorId, actorId));
}

/**
 * Erases what entries of one action about one record quoted (a note's text, say), keeping who did
 * what and when: for personal data erased with an account.
 */
export async function eraseAuditText(
  tx: Database,
  entry: { action: string; entityType: string; entityId: string; summary: string },
): Promise<void> {
  await tx
    .update(auditLog)
    .set({ summary: entry.summary, before: null, after: null })
    .where(
      and(
        eq(auditLog.action, entry.action),
        eq(auditLog.entityType, entry.entityType),
        eq(auditLog.entityId, entry.entityId),
      ),
    );
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first, and how many entries there are in all. */
export async function listAudit(db: Database, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const [entries, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(newestFirst(auditLog))
      .limit(AUDIT_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { entries, total: totals?.total ?? 0 };
}
