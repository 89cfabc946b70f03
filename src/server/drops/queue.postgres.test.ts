// A drop's line under a crowd, on the PostgreSQL server only (CI sets TEST_DATABASE_URL): shoppers
// arriving at once each take a place of their own, numbered without a gap, and the first ones are
// let in while the rest wait; a place used by several shoppers at once is one shopper's.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { dropTurns } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { dropQueue, signPlace, type DropQueue } from './queue.ts';

const database = useTestDatabase();
const SECRET = 'drop-line-test-secret';
let queue: DropQueue;
let productId: number;
let dropId: number;
let goesLiveAt: number;

beforeAll(async () => {
  productId = (await createProduct(database.db, { name: 'Crowded Drop Tee' })).id;
  const drop = await createDrop(database.db, [productId], { goesLiveAt: new Date(Date.now() - 1000) });
  dropId = drop.id;
  goesLiveAt = drop.goesLiveAt.getTime();
  queue = dropQueue({
    db: database.db,
    settings: { atOnce: 40, perSecond: 0.01, minutes: 15 },
    secret: SECRET,
    secureCookies: false,
    storeName: 'Trap the Trend',
    logger: createLogger('silent'),
  });
  await queue.refresh();
});

const placeIn = (response: Response) =>
  Number(/^ttt_drop_place_\d+=(\d+)\./.exec(response.headers.getSetCookie()[0] ?? '')?.[1]);

describe("a drop's line under a crowd", () => {
  it('gives 120 shoppers arriving at once places 1 to 120, lets in the first 40, and the rest wait', async () => {
    const app = new Hono();
    app.get('/product/*', queue.gate, (c) => c.text('the product page'));
    const answers = await Promise.all(
      Array.from({ length: 120 }, () => app.request(`http://store.test/product/${productId}`)),
    );
    const places = answers.map(placeIn);
    expect([...places].sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    for (const [i, answer] of answers.entries()) {
      const body = await answer.text();
      if (places[i]! <= 40) expect(body).toBe('the product page');
      else expect(body).toContain('<h1>You are in line for Test drop</h1>');
    }
  });

  it('lets one shopper use a place, however many use it at once', async () => {
    // The first place, long let in.
    const place = `ttt_drop_place_${dropId}=${signPlace(SECRET, { id: dropId, name: 'Test drop', goesLiveAt }, 1)}`;
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => createUser(database.db)));
    const answers = await Promise.all(
      shoppers.map((shopper) =>
        queue.requireTurn(
          new Request('http://store.test/api/cart', { headers: { cookie: place } }),
          shopper.id,
          productId,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    const owner = shoppers[answers.findIndex((answer) => answer.ok)]!;
    expect(
      await database.db
        .select({ place: dropTurns.place, userId: dropTurns.userId })
        .from(dropTurns)
        .where(eq(dropTurns.dropId, dropId)),
    ).toEqual([{ place: 1, userId: owner.id }]);
    const refused = answers.filter((answer) => !answer.ok);
    expect(new Set(refused.map((answer) => !answer.ok && answer.message))).toEqual(
      new Set(["This place in line is another shopper's: open the drop's page to take your own."]),
    );
  });
});
