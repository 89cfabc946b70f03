// Enquiries are kept only while they are of use (ADR 0037): ENQUIRY_RETENTION_DAYS after they were
// sent, as the privacy page says, and no longer than the account whose address sent them. A bulk
// request's logo goes with its enquiry.
import { inArray, lt, sql } from 'drizzle-orm';

import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { enquiries, type Enquiry } from '../db/schema.ts';
import { shopperPhotoStorage } from '../storage/storage.ts';
import type { BulkDetails } from './service.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The most old enquiries one purge run deletes; the next run, ten minutes later, takes the rest. */
const PURGE_BATCH = 500;

/** The stored logos of these enquiries. */
function logosOf(rows: ReadonlyArray<Pick<Enquiry, 'kind' | 'details'>>): string[] {
  return rows.flatMap((row) => {
    const logo = row.kind === 'bulk' ? (row.details as unknown as BulkDetails).logo : null;
    return logo ? [logo] : [];
  });
}

/**
 * Deletes the enquiries older than the retention, and their logos; how many went. The logos go
 * first: when the image store does not answer the run fails, and the next one finds the rows still
 * there and tries again, so no logo is left behind without its enquiry.
 */
export async function purgeOldEnquiries(
  deps: { db: Database; config: Pick<Config, 'dataDir' | 'storage' | 'enquiries'> },
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.enquiries.retentionDays * DAY_MS);
  const old = await deps.db
    .select({ id: enquiries.id, kind: enquiries.kind, details: enquiries.details })
    .from(enquiries)
    .where(lt(enquiries.createdAt, cutoff))
    .limit(PURGE_BATCH);
  if (old.length === 0) return 0;
  const logos = logosOf(old);
  if (logos.length > 0) await shopperPhotoStorage(deps.config).remove(logos);
  const ids = old.map((row) => row.id);
  const deleted = await deps.db.delete(enquiries).where(inArray(enquiries.id, ids)).returning({ id: enquiries.id });
  return deleted.length;
}

/**
 * Deletes the enquiries sent from `email` (in any case), in the account deletion's transaction;
 * returns their logos' names, which the caller removes once it has committed.
 */
export async function eraseEnquiriesFrom(tx: Database, email: string): Promise<string[]> {
  const deleted = await tx
    .delete(enquiries)
    .where(sql`lower(${enquiries.email}) = ${email.toLowerCase()}`)
    .returning({ kind: enquiries.kind, details: enquiries.details });
  return logosOf(deleted);
}
