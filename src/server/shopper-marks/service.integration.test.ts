import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { cartItems, productLikes } from '../db/schema.ts';
import { badgesOf, likedAmong, NO_MARKS, readShopperMarks } from './service.ts';

const database = useTestDatabase();
const countBadges = async (db: typeof database.db, userId: string) => badgesOf(await readShopperMarks(db, userId));

describe("a shopper's marks: the badges' counts and the liked products", () => {
  it('are zero for a visitor', () => {
    expect(badgesOf(NO_MARKS)).toEqual({ wishlist: 0, cart: 0 });
    expect(likedAmong(NO_MARKS, [1, 2])).toEqual([]);
  });

  it("counts the user's own likes and cart items, quantities summed", async () => {
    const { db } = database;
    const [me, other] = [await createUser(db), await createUser(db)];
    const [tee, polo] = [await createProduct(db), await createProduct(db)];
    await db.insert(productLikes).values([
      { userId: me.id, productId: tee.id },
      { userId: me.id, productId: polo.id },
      { userId: other.id, productId: tee.id },
    ]);
    await db.insert(cartItems).values([
      { userId: me.id, productId: tee.id, size: 'M', quantity: 2 },
      { userId: me.id, productId: tee.id, size: 'L', quantity: 1 },
      { userId: other.id, productId: polo.id, size: 'S', quantity: 5 },
    ]);
    expect(await countBadges(db, me.id)).toEqual({ wishlist: 2, cart: 3 });
    const marks = await readShopperMarks(db, me.id);
    expect(likedAmong(marks, [polo.id, 999_999, tee.id])).toEqual([polo.id, tee.id]);
    expect(likedAmong(await readShopperMarks(db, other.id), [polo.id, tee.id])).toEqual([tee.id]);
  });

  it('counts likes of a user with an empty cart, and a cart of a user without likes', async () => {
    const { db } = database;
    const [liker, buyer] = [await createUser(db), await createUser(db)];
    const tee = await createProduct(db);
    await db.insert(productLikes).values({ userId: liker.id, productId: tee.id });
    await db.insert(cartItems).values({ userId: buyer.id, productId: tee.id, size: 'S', quantity: 4 });
    expect(await countBadges(db, liker.id)).toEqual({ wishlist: 1, cart: 0 });
    expect(await countBadges(db, buyer.id)).toEqual({ wishlist: 0, cart: 4 });
  });
});
