import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { cartItems, productLikes } from '../db/schema.ts';
import { countBadges } from './service.ts';

const database = useTestDatabase();

describe('countBadges', () => {
  it('is zero for a visitor', async () => {
    expect(await countBadges(database.db, null)).toEqual({ wishlist: 0, cart: 0 });
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
  });
});
