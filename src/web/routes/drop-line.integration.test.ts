// A drop's line through the real app: at the minute the first place is let in, the next shopper
// sees their place and is let in at their turn; until then their page's data sends them to that
// page, and the server refuses their add and their buy now; a place passed to another shopper lets
// only the first who used it buy.
import { setTimeout as sleep } from 'node:timers/promises';

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { expectShows } from '../../../tests/support/html.ts';
import { cartItems, drops, dropTurns, productStock, type Product } from '../../server/db/schema.ts';

// One place at the minute, then one every two seconds.
const { database, app, signIn, get } = useTestApp({ DROP_QUEUE_AT_ONCE: '1', DROP_QUEUE_PER_SECOND: '0.5' });

const placeCookie = (response: Response, dropId: number) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`ttt_drop_place_${dropId}=`))
    ?.split(';')[0];

const post = (path: string, cookie: string, body: unknown) =>
  app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie },
  });

describe("a drop's line", () => {
  let product: Product;
  let dropId: number;

  beforeAll(async () => {
    product = await createProduct(database.db, { name: 'Line Up Jacket', category: 'jackets' });
    const goesLiveAt = new Date(Date.now() + 1500);
    dropId = (await createDrop(database.db, [product.id], { name: 'The Night Drop', goesLiveAt })).id;
    await sleep(goesLiveAt.getTime() - Date.now() + 50);
  });

  it('lets the first in at the minute and shows the next their place until their turn', async () => {
    const path = `/product/${product.id}`;
    const first = await signIn();
    const firstPage = await get(path, first.cookie);
    expect(firstPage.status).toBe(200);
    expectShows(await firstPage.text(), ['Line Up Jacket', 'Add to Cart'], ['You are in line']);
    const firstPlace = placeCookie(firstPage, dropId);
    expect(firstPlace).toMatch(new RegExp(`^ttt_drop_place_${dropId}=1\\.`));
    expect(firstPage.headers.get('Cache-Control')).toBe('private, no-cache');
    const firstAdd = await post('/api/cart', `${first.cookie}; ${firstPlace}`, {
      intent: 'add',
      productId: product.id,
      size: 'M',
      quantity: 1,
    });
    expect(firstAdd.status).toBe(200);

    const next = await signIn();
    const waiting = await get(path, next.cookie);
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get('Cache-Control')).toBe('no-store');
    const seconds = Number(waiting.headers.get('Refresh'));
    expect([1, 2]).toContain(seconds);
    const html = await waiting.text();
    expectShows(
      html,
      [
        '<title>You are in line for The Night Drop · Trap the Trend</title>',
        '<h1>You are in line for The Night Drop</h1>',
        '<p>You are next.</p>',
        `<p>Your turn comes in about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}. This page opens the drop by itself then: keep it open.</p>`,
        `<a href="${path}">Check my place</a>`,
      ],
      ['Add to Cart', 'Every unit is sold'],
    );
    const nextPlace = placeCookie(waiting, dropId);
    expect(nextPlace).toMatch(new RegExp(`^ttt_drop_place_${dropId}=2\\.`));
    const nextCookie = `${next.cookie}; ${nextPlace}`;

    // The page's data, asked by a page opened before the minute: the whole page again, the line's.
    const data = await get(`${path}.data`, nextCookie);
    expect(data.status).toBe(204);
    expect(data.headers.get('X-Remix-Redirect')).toBe(path);
    expect(data.headers.get('X-Remix-Reload-Document')).toBe('true');

    // Whatever the browser sends, nothing is added or held before the turn.
    const early = {
      ok: false,
      kind: 'conflict',
      message: 'You are in line for this drop: its page lets you in when your turn comes.',
    };
    const add = await post('/api/cart', nextCookie, { intent: 'add', productId: product.id, size: 'L', quantity: 1 });
    expect(add.status).toBe(409);
    expect(await add.json()).toEqual(early);
    const buyNow = await post('/api/payments', nextCookie, {
      method: 'online',
      addressId: 'none',
      buyNow: { productId: product.id, size: 'L', quantity: 1 },
    });
    expect(buyNow.status).toBe(409);
    expect(await buyNow.json()).toEqual(early);
    // Nor with the first shopper's place: it is theirs, used.
    const borrowed = await post('/api/cart', `${next.cookie}; ${firstPlace}`, {
      intent: 'add',
      productId: product.id,
      size: 'L',
      quantity: 1,
    });
    expect(borrowed.status).toBe(409);
    expect(await borrowed.json()).toEqual({
      ok: false,
      kind: 'conflict',
      message: "This place in line is another shopper's: open the drop's page to take your own.",
    });
    expect(await database.db.select().from(cartItems).where(eq(cartItems.userId, next.id))).toEqual([]);
    expect(
      await database.db
        .select({ place: dropTurns.place, userId: dropTurns.userId })
        .from(dropTurns)
        .where(eq(dropTurns.dropId, dropId)),
    ).toEqual([{ place: 1, userId: first.id }]);

    // A place is the browser's: asking again keeps it, and a forged one takes a new place.
    const again = await get(path, nextCookie);
    expectShows(await again.text(), ['You are in line for The Night Drop']);
    expect(placeCookie(again, dropId)).toBeUndefined();
    const forged = await get(path, `${next.cookie}; ${nextPlace!.replace(/=2\./, '=1.')}`);
    expect(placeCookie(forged, dropId)).toMatch(new RegExp(`^ttt_drop_place_${dropId}=3\\.`));

    // At the turn the page comes back as the product's, and the add goes in.
    await sleep(seconds * 1000 + 100);
    const turn = await get(path, nextCookie);
    expectShows(await turn.text(), ['Line Up Jacket', 'Add to Cart'], ['You are in line']);
    const added = await post('/api/cart', nextCookie, { intent: 'add', productId: product.id, size: 'L', quantity: 1 });
    expect(added.status).toBe(200);
    expect(
      await database.db.select({ size: cartItems.size }).from(cartItems).where(eq(cartItems.userId, next.id)),
    ).toEqual([{ size: 'L' }]);
  });

  it('tells those in line when every unit is sold or held', async () => {
    const goneProduct = await createProduct(database.db, { name: 'All Gone Jacket' });
    const goesLiveAt = new Date(Date.now() + 300);
    await createDrop(database.db, [goneProduct.id], { name: 'The Gone Drop', goesLiveAt });
    await database.db.update(productStock).set({ quantity: 0 }).where(eq(productStock.productId, goneProduct.id));
    await sleep(goesLiveAt.getTime() - Date.now() + 50);
    await get(`/product/${goneProduct.id}`);
    const waiting = await get(`/product/${goneProduct.id}`);
    expectShows(await waiting.text(), [
      '<h1>You are in line for The Gone Drop</h1>',
      '<p>Every unit is sold or held for a payment right now. A unit whose payment is not finished comes back: keep your place for your turn at it.</p>',
    ]);
  });

  it('starts a new line when staff move a drop to another minute', async () => {
    const movedProduct = await createProduct(database.db, { name: 'Moved Drop Tee' });
    const goesLiveAt = new Date(Date.now() + 300);
    const drop = await createDrop(database.db, [movedProduct.id], { goesLiveAt });
    await sleep(goesLiveAt.getTime() - Date.now() + 50);
    const path = `/product/${movedProduct.id}`;
    const before = await get(path);
    expect(placeCookie(before, drop.id)).toMatch(new RegExp(`^ttt_drop_place_${drop.id}=1\\.`));
    expect(placeCookie(await get(path), drop.id)).toMatch(new RegExp(`^ttt_drop_place_${drop.id}=2\\.`));

    const movedTo = new Date(Date.now() + 300);
    await database.db.update(drops).set({ goesLiveAt: movedTo }).where(eq(drops.id, drop.id));
    await sleep(movedTo.getTime() - Date.now() + 50);
    // The first place of the old minute is no place in the new line: it is signed for the old one.
    const after = await get(path, placeCookie(before, drop.id)!);
    expect(placeCookie(after, drop.id)).toMatch(new RegExp(`^ttt_drop_place_${drop.id}=1\\.`));
    expectShows(await after.text(), ['Moved Drop Tee', 'Add to Cart']);
  });

  it('has no line for a product outside a drop', async () => {
    const plain = await createProduct(database.db, { name: 'Everyday Line Tee' });
    const page = await get(`/product/${plain.id}`);
    expectShows(await page.text(), ['Everyday Line Tee', 'Add to Cart']);
    expect(page.headers.getSetCookie().filter((cookie) => cookie.startsWith('ttt_drop_place_'))).toEqual([]);
  });
});
