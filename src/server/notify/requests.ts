// 'Notify me' sign-ups and their links (docs/drops.md). Anyone may ask to hear when an upcoming
// drop goes live, or when a sold-out size of a product on sale is back. One row is kept per address
// and drop, or address, product and size, however often it is asked for, and the answer is the
// same either way: it never tells whether an address was on the list. A visitor's address waits
// only once its emailed link confirms it (nobody can sign up someone else); a signed-in shopper's
// own account address waits at once, whatever address was sent.
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';

import { SIZES } from '../../common/catalog.ts';
import { parseSerialId } from '../../common/ids.ts';
import { NOTIFY_MESSAGES, signedUpMessage, type NotifyTarget } from '../../common/notify.ts';
import { email as emailRule } from '../../common/validation.ts';
import type { Database } from '../db/client.ts';
import { drops, notifyRequests, productStock, products, type NotifyRequest } from '../db/schema.ts';
import { failure, type Failure, type Result } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import { isNotifyToken, newNotifyToken, notifyTokenHash } from './tokens.ts';

/** The `notify-mail` queue's jobs: a sign-up's confirmation link, or the news itself (sending.ts). */
export const NotifyMailSchema = z.object({
  kind: z.enum(['confirm', 'news']),
  requestId: z.uuid(),
  // Known only when the email is queued: the row keeps its hash (tokens.ts).
  token: z.string().min(1).max(100),
});
export type NotifyMail = z.infer<typeof NotifyMailSchema>;

export interface NotifyDeps {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  limits: {
    /** The client's sign-ups (RATE_LIMIT_NOTIFY_SIGNUPS_PER_IP_PER_HOUR). */
    signupsPerIp: RateRule;
    /** Confirmation links mailed to one address (RATE_LIMIT_NOTIFY_CONFIRMATIONS_PER_EMAIL_PER_HOUR). */
    confirmationsPerEmail: RateRule;
  };
}

/** Who asks: the client as rate limits count it, and the signed-in shopper when there is one. */
export interface NotifyClient {
  ip: string;
  user?: { id: string; email: string } | null | undefined;
}

type Target = { dropId: number } | { productId: number; size: string };

/** A field as the fetcher's JSON or the plain form sends it: a number, or its text. */
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');

/** The target the input names, or why it names none. */
function readTarget(input: Record<string, unknown>): Target | Failure {
  const dropId = asText(input.dropId).trim();
  if (dropId) {
    const id = parseSerialId(dropId);
    return id === null ? failure('not_found', NOTIFY_MESSAGES.dropNotFound) : { dropId: id };
  }
  const productId = asText(input.productId).trim();
  if (!productId) return failure('invalid', NOTIFY_MESSAGES.chooseTarget);
  const id = parseSerialId(productId);
  if (id === null) return failure('not_found', NOTIFY_MESSAGES.productNotFound);
  const size = asText(input.size).trim().toUpperCase();
  if (!size)
    return failure('invalid', NOTIFY_MESSAGES.chooseSize, { fieldErrors: { size: NOTIFY_MESSAGES.chooseSize } });
  if (!(SIZES as readonly string[]).includes(size)) {
    return failure('invalid', NOTIFY_MESSAGES.sizeNotOffered(size.slice(0, 10)));
  }
  return { productId: id, size };
}

/** Refuses a target nobody can wait for now; undefined when it may be waited for. */
async function refusalOf(db: Database, target: Target, now: Date) {
  if ('dropId' in target) {
    const [drop] = await db.select({ goesLiveAt: drops.goesLiveAt }).from(drops).where(eq(drops.id, target.dropId));
    if (!drop) return failure('not_found', NOTIFY_MESSAGES.dropNotFound);
    if (drop.goesLiveAt <= now) return failure('conflict', NOTIFY_MESSAGES.dropLive);
    return undefined;
  }
  const [product] = await db
    .select({ sizes: products.sizes, goesLiveAt: drops.goesLiveAt, units: productStock.quantity })
    .from(products)
    .leftJoin(drops, eq(drops.id, products.dropId))
    .leftJoin(productStock, and(eq(productStock.productId, products.id), eq(productStock.size, target.size)))
    .where(eq(products.id, target.productId));
  if (!product) return failure('not_found', NOTIFY_MESSAGES.productNotFound);
  if (!product.sizes.includes(target.size)) return failure('invalid', NOTIFY_MESSAGES.sizeNotOffered(target.size));
  // Before its drop nothing is on sale, sold out or not: the drop's own 'Notify me' is the one to use.
  if (product.goesLiveAt && product.goesLiveAt > now) return failure('conflict', NOTIFY_MESSAGES.beforeDrop);
  if ((product.units ?? 0) > 0) return failure('conflict', NOTIFY_MESSAGES.inStock(target.size));
  return undefined;
}

const targetColumns = (target: Target) =>
  'dropId' in target
    ? { dropId: target.dropId, productId: null, size: null }
    : { dropId: null, productId: target.productId, size: target.size };

const targetWhere = (target: Target) =>
  'dropId' in target
    ? eq(notifyRequests.dropId, target.dropId)
    : and(eq(notifyRequests.productId, target.productId), eq(notifyRequests.size, target.size));

/**
 * A 'Notify me' sign-up: `{ email, dropId }` or `{ email, productId, size }` (a signed-in shopper's
 * `email` is ignored: their account's is used). Kept once per address and target; the same answer
 * whether it was new, waiting already or waiting for its confirmation. A visitor gets an email with
 * a link to confirm (again, with a new link, while unconfirmed), within the address's limit of
 * links an hour; a request emailed already (the size sold out again) waits again, confirmed anew
 * by a visitor's link.
 */
export async function signUpToNotify(
  deps: NotifyDeps,
  input: Record<string, unknown> | undefined,
  client: NotifyClient,
  now = new Date(),
): Promise<Result<{ message: string }>> {
  const fields = input ?? {};
  const user = client.user ?? undefined;
  const address = user ? { success: true as const, data: user.email } : emailRule.safeParse(asText(fields.email));
  if (!address.success) {
    const message = address.error.issues[0]!.message;
    return failure('invalid', message, { fieldErrors: { email: message } });
  }
  const target = readTarget(fields);
  if ('ok' in target) return target;

  const limited = await consumeRateLimit(deps.db, `notify:ip:${client.ip}`, deps.limits.signupsPerIp, now);
  if (!limited.allowed) return tooManyAttempts(limited);
  const refused = await refusalOf(deps.db, target, now);
  if (refused) return refused;

  const email = address.data.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const token = newNotifyToken();
    // Past the address's limit a visitor's sign-up mails nothing and no new link replaces the last
    // one mailed, which keeps working; the answer is the same.
    const mayMail = async () =>
      (await consumeRateLimit(tx, `notify:email:${email}`, deps.limits.confirmationsPerEmail, now)).allowed;
    const [created] = await tx
      .insert(notifyRequests)
      .values({
        email,
        ...targetColumns(target),
        userId: user?.id ?? null,
        confirmedAt: user ? now : null,
        tokenHash: token.hash,
      })
      .onConflictDoNothing()
      .returning({ id: notifyRequests.id });
    let mailed = created && !user && (await mayMail()) ? created.id : undefined;
    if (!created) {
      // There already: locked, so a sign-up racing this one waits and then sees what this one did.
      const [kept] = await tx
        .select()
        .from(notifyRequests)
        .where(and(eq(notifyRequests.email, email), targetWhere(target)))
        .for('update');
      if (!kept) throw new Error('notify: a sign-up conflicted with no request of its address and target');
      const change = askedAgain(kept, user?.id, token.hash, now);
      const newLink = change?.tokenHash !== undefined;
      if (change && (!newLink || (await mayMail()))) {
        await tx.update(notifyRequests).set(change).where(eq(notifyRequests.id, kept.id));
        if (newLink) mailed = kept.id;
      }
    }
    if (mailed) {
      await deps.jobs.send(tx, 'notify-mail', {
        kind: 'confirm',
        requestId: mailed,
        token: token.token,
      } satisfies NotifyMail);
    }
  });
  if (!user) return { ok: true, message: NOTIFY_MESSAGES.checkInbox };
  return { ok: true, message: signedUpMessage(email, 'size' in target ? target.size : undefined) };
}

/**
 * What a sign-up again changes of the kept request (undefined: nothing). Emailed already: it waits
 * again, as it was confirmed (its address said yes to this once, and its email's unsubscribe link
 * keeps working), a shopper's confirmed now if it never was. Unconfirmed: a shopper confirms it; a
 * visitor gets a new link (the old one stops working). Waiting: a shopper's account is noted on it.
 */
function askedAgain(
  kept: NotifyRequest,
  userId: string | undefined,
  tokenHash: string,
  now: Date,
): Partial<NotifyRequest> | undefined {
  const userIdNow = userId ?? kept.userId;
  if (kept.notifiedAt) {
    // A stranger asking again must not undo the owner's confirmation nor end the link they hold.
    if (kept.confirmedAt || userId)
      return { notifiedAt: null, confirmedAt: kept.confirmedAt ?? now, userId: userIdNow };
    return { notifiedAt: null, tokenHash };
  }
  if (!kept.confirmedAt) return userId ? { confirmedAt: now, userId } : { tokenHash };
  return userId && !kept.userId ? { userId } : undefined;
}

/** A request as its link pages show it: the address and what it waits for. */
export interface NotifyRequestView {
  email: string;
  target: NotifyTarget;
  confirmed: boolean;
  notified: boolean;
}

/** The request a link's token names, with what it waits for; undefined for an unknown or malformed token. */
export async function findNotifyRequest(db: Database, token: unknown): Promise<NotifyRequestView | undefined> {
  if (!isNotifyToken(token)) return undefined;
  return requestView(db, notifyTokenHash(token));
}

export type ConfirmOutcome = { state: 'confirmed' | 'already' | 'notified'; request: NotifyRequestView };

/** Confirms the request of a confirmation link: its page's button, pressed by whoever has the mailbox. */
export async function confirmNotifyRequest(
  db: Database,
  token: unknown,
  now = new Date(),
): Promise<ConfirmOutcome | undefined> {
  if (!isNotifyToken(token)) return undefined;
  const hash = notifyTokenHash(token);
  const confirmed = await db
    .update(notifyRequests)
    .set({ confirmedAt: now })
    .where(and(eq(notifyRequests.tokenHash, hash), isNull(notifyRequests.confirmedAt)))
    .returning({ id: notifyRequests.id });
  const request = await requestView(db, hash);
  if (!request) return undefined;
  return { state: confirmed.length > 0 ? 'confirmed' : request.notified ? 'notified' : 'already', request };
}

/** Deletes the request of an unsubscribe link; what it was, or undefined when no request has the token. */
export async function unsubscribeFromNotify(db: Database, token: unknown): Promise<NotifyRequestView | undefined> {
  if (!isNotifyToken(token)) return undefined;
  const hash = notifyTokenHash(token);
  return db.transaction(async (tx) => {
    const request = await requestView(tx, hash, { lock: true });
    if (request) await tx.delete(notifyRequests).where(eq(notifyRequests.tokenHash, hash));
    return request;
  });
}

/** Deletes the requests of an account being erased: its own, and any other for its address. */
export async function eraseNotifyRequestsOf(tx: Database, userId: string, email: string): Promise<void> {
  await tx.delete(notifyRequests).where(eq(notifyRequests.userId, userId));
  await tx.delete(notifyRequests).where(eq(notifyRequests.email, email.toLowerCase()));
}

/** The request with this token hash and what it waits for, read as its drop or product is now. */
async function requestView(
  db: Database,
  tokenHash: string,
  { lock = false } = {},
): Promise<NotifyRequestView | undefined> {
  const query = db
    .select({
      request: notifyRequests,
      dropName: drops.name,
      goesLiveAt: drops.goesLiveAt,
      productName: products.name,
    })
    .from(notifyRequests)
    .leftJoin(drops, eq(drops.id, notifyRequests.dropId))
    .leftJoin(products, eq(products.id, notifyRequests.productId))
    .where(eq(notifyRequests.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: notifyRequests }) : await query;
  if (!row) return undefined;
  return {
    email: row.request.email,
    target: targetOf(row.request, row),
    confirmed: row.request.confirmedAt !== null,
    notified: row.request.notifiedAt !== null,
  };
}

/**
 * What a request waits for, from its row and the names joined to it. The foreign keys delete a
 * request with its drop or product, so the one it names is there.
 */
export function targetOf(
  request: Pick<NotifyRequest, 'dropId' | 'size'>,
  names: { dropName: string | null; goesLiveAt: Date | null; productName: string | null },
): NotifyTarget {
  return request.dropId !== null
    ? { kind: 'drop', dropName: names.dropName!, goesLiveAt: names.goesLiveAt! }
    : { kind: 'size', productName: names.productName!, size: request.size! };
}
