// The local mail outbox used without SMTP_URL (ADR 0007): one JSON file per mail under DATA_DIR/mail,
// named so that sorting the names sorts the mails by time, read back by the development mail page.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { z } from 'zod';

const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  /** Where replies go, when not to `from` (an enquiry's store copy). */
  replyTo: z.string().optional(),
  /** The store's own headers (`List-Unsubscribe`), when the mail has any. */
  headers: z.record(z.string(), z.string()).optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files sent with the mail (absent when there are none, as in mails written before attachments). */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() }))
    .optional(),
  createdAt: z.string(),
});

export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** A millisecond timestamp and random hex: the only ids (and file names) the outbox accepts. */
const ID_PATTERN = /^\d{13}-[0-9a-f]{8}$/;
const FILE_PATTERN = /^\d{13}-[0-9a-f]{8}\.json$/;

let lastTimestamp = 0;

/** Strictly increasing within the process, so mails sent in the same millisecond keep their order. */
function nextTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

export async function writeOutboxMail(dir: string, mail: Omit<OutboxMail, 'id' | 'createdAt'>): Promise<OutboxMail> {
  const timestamp = nextTimestamp();
  const id = `${timestamp}-${randomBytes(4).toString('hex')}`;
  const stored: OutboxMail = { id, ...mail, createdAt: new Date(timestamp).toISOString() };
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so the mail page never reads half a file.
  const file = path.join(dir, `${id}.json`);
  await writeFile(`${file}.tmp`, `${JSON.stringify(stored, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
  return stored;
}

/** The newest mails first. */
export async function listOutbox(dir: string, limit = 50): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  const newest = names
    .filter((name) => FILE_PATTERN.test(name))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(newest.map((name) => readMailFile(path.join(dir, name))));
}

/** One mail, or undefined for an unknown or malformed id (never a path outside the outbox). */
export async function readOutboxMail(dir: string, id: string): Promise<OutboxMail | undefined> {
  if (!ID_PATTERN.test(id)) return undefined;
  try {
    return await readMailFile(path.join(dir, `${id}.json`));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function readMailFile(file: string): Promise<OutboxMail> {
  return OutboxMailSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
