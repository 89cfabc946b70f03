// Notes staff leave on a customer's page (who wrote what, when), newest first. A note is written
// with its audit entry in one transaction; a refusal (an empty or too long note, an unknown
// customer or a staff account) says why and writes nothing. Notes cannot be edited or deleted:
// they are the team's record of what was said and done, until the customer deletes the account:
// then they are erased with it, and the audit log keeps that a note was added, not what it said.
import { and, count, eq } from 'drizzle-orm';

import { CUSTOMER_NOTE_MESSAGES, CustomerNoteSchema } from '../../common/customer-notes.ts';
import type { Database } from '../db/client.ts';
import { customerNotes, users } from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Result } from '../errors.ts';
import { eraseAuditText, recordAudit, type Actor } from '../shared/audit.ts';
import { newestFirst } from '../shared/newest-first.ts';

type CustomerNote = typeof customerNotes.$inferSelect;

/** The most notes a customer's page lists; it says when there are more. */
const CUSTOMER_NOTES_SHOWN = 100;

/** How much of a note the audit log's summary quotes (the entry keeps it whole). */
const SUMMARY_QUOTE = 80;

/** A customer's latest notes, newest first, and how many there are in all. */
export async function notesOfCustomer(db: Database, userId: string): Promise<{ notes: CustomerNote[]; total: number }> {
  const [notes, [counted]] = await Promise.all([
    db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.userId, userId))
      .orderBy(newestFirst(customerNotes))
      .limit(CUSTOMER_NOTES_SHOWN),
    db.select({ total: count() }).from(customerNotes).where(eq(customerNotes.userId, userId)),
  ]);
  return { notes, total: counted?.total ?? 0 };
}

/** Staff leave a note on a customer's page, recorded in the audit log with it. */
export async function addCustomerNote(
  db: Database,
  actor: Actor,
  userId: string,
  body: unknown,
): Promise<Result<{ note: CustomerNote }>> {
  const parsed = CustomerNoteSchema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    return failure('invalid', message, { fieldErrors: { note: message } });
  }
  const note = await refusalsAsFailures(() =>
    db.transaction(async (tx) => {
      // Shared with the account's deletion, which waits for the note (and then erases it) or comes
      // first (and the note is refused): a deleted account's notes are never written.
      const [customer] = await tx
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.role, 'customer')))
        .for('share');
      if (!customer) throw new FailureError(failure('not_found', CUSTOMER_NOTE_MESSAGES.customerNotFound));
      if (customer.deletedAt) throw new FailureError(failure('conflict', CUSTOMER_NOTE_MESSAGES.accountDeleted));
      const [written] = await tx
        .insert(customerNotes)
        .values({ userId, authorId: actor.id, authorEmail: actor.email, body: parsed.data })
        .returning();
      const quote = [...parsed.data.replace(/\s+/g, ' ')];
      await recordAudit(tx, actor, {
        action: 'customer.note',
        entityType: 'customer',
        entityId: userId,
        summary: `Note added: ${quote.length > SUMMARY_QUOTE ? `${quote.slice(0, SUMMARY_QUOTE).join('')}…` : quote.join('')}`,
        after: { noteId: written!.id, body: written!.body },
      });
      return written!;
    }),
  );
  if ('ok' in note) return note;
  return { ok: true, note };
}

/** A deleted account's notes, and their text in the audit log (auth/delete-account.ts). */
export async function eraseCustomerNotesOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(customerNotes).where(eq(customerNotes.userId, userId));
  await eraseAuditText(tx, {
    action: 'customer.note',
    entityType: 'customer',
    entityId: userId,
    summary: 'Note added (erased with the account)',
  });
}
