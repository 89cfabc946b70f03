// A drop's line (docs/drops.md "The line"): at the minute more shoppers arrive than the instances
// can answer in good time, so each takes a place in the order they came, and places are let in at
// a steady rate: DROP_QUEUE_AT_ONCE at the minute, then DROP_QUEUE_PER_SECOND. When a place's turn
// comes follows from the place alone, so every instance agrees without asking anyone, and a
// waiting shopper's page comes back once, at their turn, instead of asking again and again.
//
// A place is a signed cookie per drop; the database gives out the numbers (a counter row per drop
// and minute: a drop moved to another minute starts a new line) and remembers which shopper used
// each place to buy, so that a place passed around lets one shopper in, not a crowd of accounts. The product page (its document and its data) waits its
// turn here, in front of the kept pages; adding to the cart and buying now are refused before it.
// A cart line added in its turn is not asked again: it is held at Continue to Payment as any other.
import { createHmac, timingSafeEqual } from 'node:crypto';

import { eq, getTableName, gt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';

import { QUEUE_MESSAGES } from '../../common/drops.ts';
import type { Database } from '../db/client.ts';
import { dropQueues, drops, dropTurns, products, productStock } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { escapeHtml, plainPage } from '../shared/plain-page.ts';
import { DROPS_TABLE } from './clock.ts';

export interface QueueSettings {
  /** Places let in at the drop's minute. */
  atOnce: number;
  /** Places let in each second after those; 0: no line at all. */
  perSecond: number;
  /** How long after the minute the line lasts; then everyone is let in. */
  minutes: number;
}

/** A drop whose products have a line, now or at its minute. */
export interface QueuedDrop {
  id: number;
  name: string;
  goesLiveAt: number;
}

/** The tables whose catalog notices change which products have a line: the queue reads again on them. */
export const LINE_TABLES: ReadonlySet<string> = new Set([DROPS_TABLE, getTableName(products)]);

const COOKIE_PREFIX = 'ttt_drop_place_';
const PRODUCT_PAGE = /^\/product\/(\d+)(\.data)?$/;

/** When the place's turn comes, in ms since the epoch: places are let in in order, at the settings' rate. */
export function turnAt(drop: QueuedDrop, place: number, settings: QueueSettings): number {
  if (place <= settings.atOnce) return drop.goesLiveAt;
  return drop.goesLiveAt + Math.ceil(((place - settings.atOnce) / settings.perSecond) * 1000);
}

/** Whether the drop's products wait in line at `now`: from its minute for the settings' minutes. */
export function lineOpen(drop: QueuedDrop, now: number, settings: QueueSettings): boolean {
  return settings.perSecond > 0 && now >= drop.goesLiveAt && now < drop.goesLiveAt + settings.minutes * 60_000;
}

/** How many places are ahead of this one at `now` (0: its turn has come). */
export function placesAhead(drop: QueuedDrop, place: number, now: number, settings: QueueSettings): number {
  const letIn =
    now < drop.goesLiveAt ? 0 : settings.atOnce + Math.floor(((now - drop.goesLiveAt) / 1000) * settings.perSecond);
  return Math.max(0, place - letIn - 1);
}

/** A place's cookie value: its number and a signature over the drop, its minute and the number. */
export function signPlace(secret: string, drop: QueuedDrop, place: number): string {
  return `${place}.${signature(secret, drop, place)}`;
}

/** The place this browser holds in the drop's line, if its cookie is genuine (and for this minute). */
export function placeOf(secret: string, drop: QueuedDrop, cookieHeader: string | undefined): number | undefined {
  const value = new RegExp(`(?:^|;)\\s*${COOKIE_PREFIX}${drop.id}=(\\d{1,9})\\.([\\w-]{43})`).exec(cookieHeader ?? '');
  if (!value) return undefined;
  const place = Number(value[1]);
  const expected = Buffer.from(signature(secret, drop, place));
  const given = Buffer.from(value[2]!);
  return timingSafeEqual(expected, given) ? place : undefined;
}

function signature(secret: string, drop: QueuedDrop, place: number): string {
  return createHmac('sha256', secret).update(`drop-place:${drop.id}:${drop.goesLiveAt}:${place}`).digest('base64url');
}

export interface DropQueue {
  /** Reads again which products are in a drop with a line (a drop or a product changed); never fails. */
  refresh(): Promise<void>;
  /** The product page, its document and its data: let in, or shown its place in line. */
  gate: MiddlewareHandler;
  /** Whether this shopper may put the product in a cart or buy it now: their turn has come, and the place is theirs. */
  requireTurn(request: Request, userId: string, productId: number): Promise<Result>;
}

export function dropQueue({
  db,
  settings,
  secret,
  secureCookies,
  storeName,
  logger,
  now = Date.now,
}: {
  db: Database;
  settings: QueueSettings;
  /** Signs the places (derived from the auth secret). */
  secret: string;
  /** Whether the store is served over HTTPS: its cookies say so. */
  secureCookies: boolean;
  storeName: string;
  logger: Logger;
  now?: () => number;
}): DropQueue {
  // Product → its drop, for drops still to come or whose line may still be open; read again when
  // drops or products change, so a request asks the database nothing unless it takes a place.
  let queued = new Map<number, QueuedDrop>();
  let reads = 0;
  const refresh = async () => {
    if (settings.perSecond === 0) return;
    // Only the latest read counts: an older one answering late would bring back a stale list.
    const read = ++reads;
    const since = new Date(now() - settings.minutes * 60_000);
    try {
      const rows = await db
        .select({ productId: products.id, id: drops.id, name: drops.name, goesLiveAt: drops.goesLiveAt })
        .from(products)
        .innerJoin(drops, eq(drops.id, products.dropId))
        .where(gt(drops.goesLiveAt, since));
      if (read !== reads) return;
      queued = new Map(
        rows.map((row) => [row.productId, { id: row.id, name: row.name, goesLiveAt: row.goesLiveAt.getTime() }]),
      );
    } catch (error) {
      logger.warn({ err: error }, "could not read the drops' lines: kept the last read");
    }
  };
  void refresh();

  const openLineOf = (productId: number): QueuedDrop | undefined => {
    const drop = queued.get(productId);
    return drop && lineOpen(drop, now(), settings) ? drop : undefined;
  };

  const takePlace = async (drop: QueuedDrop): Promise<number> => {
    const [row] = await db
      .insert(dropQueues)
      .values({ dropId: drop.id, goesLiveAt: new Date(drop.goesLiveAt), issued: 1 })
      .onConflictDoUpdate({
        target: [dropQueues.dropId, dropQueues.goesLiveAt],
        set: { issued: sql`${dropQueues.issued} + 1` },
      })
      .returning({ issued: dropQueues.issued });
    return row!.issued;
  };

  // The units of a drop's products still on sale, read at most once a second per drop and instance:
  // the line's page says when every one is taken, so a shopper far back need not wait to learn it.
  const unitsRead = new Map<number, { at: number; units: Promise<number | undefined> }>();
  const unitsLeftOf = (drop: QueuedDrop): Promise<number | undefined> => {
    const known = unitsRead.get(drop.id);
    if (known && now() - known.at < 1000) return known.units;
    const units = db
      .select({ units: sql<number>`coalesce(sum(${productStock.quantity}), 0)::int` })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .where(eq(products.dropId, drop.id))
      .then(
        ([row]) => row?.units,
        // Unknown: the page says nothing of it.
        () => undefined,
      );
    unitsRead.set(drop.id, { at: now(), units });
    return units;
  };

  const placeCookie = (drop: QueuedDrop, place: number) => {
    const maxAge = Math.ceil((drop.goesLiveAt + settings.minutes * 60_000 - now()) / 1000);
    return `${COOKIE_PREFIX}${drop.id}=${signPlace(secret, drop, place)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureCookies ? '; Secure' : ''}`;
  };

  /** The answer of a shopper whose turn has not come: the page of their place, or, to a page's data request, a reload into it. */
  const waiting = async (drop: QueuedDrop, place: number, productPath: string, isData: boolean) => {
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    if (isData) {
      // React Router loads the whole page again on this answer (single fetch's redirect), and the
      // page is the line's.
      headers.set('X-Remix-Redirect', productPath);
      headers.set('X-Remix-Reload-Document', 'true');
      return new Response(null, { status: 204, headers });
    }
    const seconds = Math.max(1, Math.ceil((turnAt(drop, place, settings) - now()) / 1000));
    const ahead = placesAhead(drop, place, now(), settings);
    // The page comes back by itself at the shopper's turn, once: a crowd waiting costs nothing meanwhile.
    headers.set('Refresh', String(seconds));
    headers.set('Content-Type', 'text/html; charset=utf-8');
    const main = `<h1>${escapeHtml(QUEUE_MESSAGES.title(drop.name))}</h1>
<p>${escapeHtml(QUEUE_MESSAGES.ahead(ahead))}</p>
<p>${escapeHtml(QUEUE_MESSAGES.wait(seconds))}</p>${(await unitsLeftOf(drop)) === 0 ? `\n<p>${escapeHtml(QUEUE_MESSAGES.allTaken)}</p>` : ''}
<p><a href="${escapeHtml(productPath)}">${escapeHtml(QUEUE_MESSAGES.checkAgain)}</a></p>`;
    return new Response(plainPage(`${QUEUE_MESSAGES.title(drop.name)} · ${storeName}`, main), { status: 200, headers });
  };

  const gate: MiddlewareHandler = async (c, next) => {
    const match = PRODUCT_PAGE.exec(c.req.path);
    const drop = match ? openLineOf(Number(match[1])) : undefined;
    if (!match || !drop) return next();
    const productPath = `/product/${match[1]}`;
    const isData = match[2] !== undefined;
    const held = placeOf(secret, drop, c.req.header('Cookie'));
    if (held !== undefined) {
      return turnAt(drop, held, settings) <= now() ? next() : waiting(drop, held, productPath, isData);
    }
    let place: number;
    try {
      place = await takePlace(drop);
    } catch (error) {
      // The product page rather than an error; the add waits for a place, which a later request of
      // the page (its data, after a refused add) takes once the database answers.
      logger.warn({ err: error, dropId: drop.id }, "could not give a place in a drop's line: showed the page");
      return next();
    }
    const cookie = placeCookie(drop, place);
    if (turnAt(drop, place, settings) > now()) {
      const answer = await waiting(drop, place, productPath, isData);
      answer.headers.append('Set-Cookie', cookie);
      return answer;
    }
    await next();
    // A copy: a kept page's answer is shared, and a place is this browser's alone.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append('Set-Cookie', cookie);
    c.res.headers.set('Cache-Control', 'private, no-cache');
  };

  const requireTurn = async (request: Request, userId: string, productId: number): Promise<Result> => {
    const drop = openLineOf(productId);
    if (!drop) return { ok: true };
    const place = placeOf(secret, drop, request.headers.get('Cookie') ?? undefined);
    if (place === undefined || turnAt(drop, place, settings) > now()) {
      return failure('conflict', QUEUE_MESSAGES.notYourTurn);
    }
    // The first shopper to use a place keeps it; one statement, so two using it at once cannot both.
    const [turn] = await db
      .insert(dropTurns)
      .values({ dropId: drop.id, goesLiveAt: new Date(drop.goesLiveAt), place, userId })
      .onConflictDoUpdate({
        target: [dropTurns.dropId, dropTurns.goesLiveAt, dropTurns.place],
        set: { userId: sql`${dropTurns.userId}` },
      })
      .returning({ userId: dropTurns.userId });
    return turn!.userId === userId ? { ok: true } : failure('conflict', QUEUE_MESSAGES.anotherShoppers);
  };

  return { refresh, gate, requireTurn };
}
