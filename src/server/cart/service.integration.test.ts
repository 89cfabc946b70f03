import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct, createUser } from '../../../tests/support/factories.ts';
import { RATE_RULES } from '../shared/rate-limit.ts';
import { badgesOf, likedAmong, readShopperMarks } from '../shopper-marks/service.ts';
import { quoteBuyNow, quoteCart } from '../checkout/quote.ts';
import { cartItems, productLikes, type Product, type User } from '../db/schema.ts';
import { listFavorites, setLike } from '../likes/service.ts';
import { addToCart, getCart, removeCartLine, summarize, updateCartLine } from './service.ts';

const database = useTestDatabase();
let tee: Product;
let polo: Product;
beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Astro Tee', pricePaise: 79_900, sizes: ['S', 'M', 'L'] });
  polo = await createProduct(database.db, { name: 'Court Polo', pricePaise: 129_900, sizes: ['M', 'L', 'XL'] });
});

const shopper = () => createUser(database.db);
const lines = async (user: User) =>
  (await getCart(database.db, user.id)).map(({ productId, size, quantity, selected }) => ({
    productId,
    size,
    quantity,
    selected,
  }));

describe('adding to the cart', () => {
  it('adds a line with quantity 1 by default, and the same line again adds to its quantity', async () => {
    const me = await shopper();
    expect(await addToCart(database.db, me.id, { productId: tee.id, size: 'M' })).toEqual({ ok: true });
    expect(await addToCart(database.db, me.id, { productId: tee.id, size: 'M', quantity: 3 })).toEqual({ ok: true });
    expect(await addToCart(database.db, me.id, { productId: tee.id, size: 'L', quantity: '2' })).toEqual({ ok: true });
    expect(await lines(me)).toEqual([
      { productId: tee.id, size: 'M', quantity: 4, selected: true },
      { productId: tee.id, size: 'L', quantity: 2, selected: true },
    ]);
  });

  it('caps a line at 10', async () => {
    const me = await shopper();
    await addToCart(database.db, me.id, { productId: tee.id, size: 'S', quantity: 8 });
    await addToCart(database.db, me.id, { productId: tee.id, size: 'S', quantity: 5 });
    expect((await lines(me))[0]!.quantity).toBe(10);
  });

  it('ten parallel adds of the same line end as one line whose quantity adds up', async () => {
    const me = await shopper();
    await Promise.all(
      Array.from({ length: 10 }, () => addToCart(database.db, me.id, { productId: polo.id, size: 'M' })),
    );
    expect(await lines(me)).toEqual([{ productId: polo.id, size: 'M', quantity: 10, selected: true }]);
    const other = await shopper();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        addToCart(database.db, other.id, { productId: polo.id, size: 'L', quantity: 3 }),
      ),
    );
    expect((await lines(other))[0]!.quantity).toBe(10);
  });

  it.each([
    [{ productId: 999_999, size: 'M' }, 'not_found', 'Product not found'],
    [{ productId: 'abc', size: 'M' }, 'invalid', 'Product not found'],
    [{ size: 'M' }, 'invalid', 'Product not found'],
    [{ productId: 'TEE', size: 'XS' }, 'invalid', 'Product not found'],
    [{ productId: 1, size: 'XXXL' }, 'invalid', 'This size is not available for this product.'],
    [{ productId: 1, size: 'M', quantity: 0 }, 'invalid', 'Quantity must be a whole number from 1 to 10.'],
    [{ productId: 1, size: 'M', quantity: 11 }, 'invalid', 'Quantity must be a whole number from 1 to 10.'],
    [{ productId: 1, size: 'M', quantity: -1 }, 'invalid', 'Quantity must be a whole number from 1 to 10.'],
    [{ productId: 1, size: 'M', quantity: 1.5 }, 'invalid', 'Quantity must be a whole number from 1 to 10.'],
    [{ productId: 1, size: 'M', quantity: 'two' }, 'invalid', 'Quantity must be a whole number from 1 to 10.'],
    [undefined, 'invalid', undefined],
  ])('refuses %j as %s and changes nothing', async (input, kind, message) => {
    const me = await shopper();
    const body = input && 'productId' in input && input.productId === 1 ? { ...input, productId: tee.id } : input;
    const result = await addToCart(database.db, me.id, body);
    expect(result).toMatchObject({ ok: false, kind, ...(message ? { message } : {}) });
    expect(await lines(me)).toEqual([]);
  });

  it('refuses a size the product does not offer', async () => {
    const me = await shopper();
    expect(await addToCart(database.db, me.id, { productId: tee.id, size: 'XL' })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'This size is not available for this product.',
    });
  });
});

describe('stock', () => {
  it('refuses more than is left in a size, adding or changing, and changes nothing', async () => {
    const me = await shopper();
    const scarce = await createProduct(database.db, { sizes: ['M', 'L'] }, { M: 3, L: 0 });
    expect(await addToCart(database.db, me.id, { productId: scarce.id, size: 'L' })).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'Size L is sold out.',
    });
    expect(await addToCart(database.db, me.id, { productId: scarce.id, size: 'M', quantity: 2 })).toEqual({ ok: true });
    expect(await addToCart(database.db, me.id, { productId: scarce.id, size: 'M', quantity: 2 })).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'Only 3 left in size M.',
    });
    expect(await updateCartLine(database.db, me.id, { productId: scarce.id, size: 'M', quantity: 4 })).toMatchObject({
      ok: false,
      message: 'Only 3 left in size M.',
    });
    expect(await updateCartLine(database.db, me.id, { productId: scarce.id, size: 'M', newSize: 'L' })).toMatchObject({
      ok: false,
      message: 'Size L is sold out.',
    });
    expect(await lines(me)).toEqual([{ productId: scarce.id, size: 'M', quantity: 2, selected: true }]);
    expect((await getCart(database.db, me.id))[0]!.availability).toBe('Only 3 left');
  });
});

describe('changing a line', () => {
  it('sets the quantity within 1..10 and the selection', async () => {
    const me = await shopper();
    await addToCart(database.db, me.id, { productId: tee.id, size: 'M' });
    expect(await updateCartLine(database.db, me.id, { productId: tee.id, size: 'M', quantity: 7 })).toEqual({
      ok: true,
    });
    expect(await updateCartLine(database.db, me.id, { productId: tee.id, size: 'M', selected: false })).toEqual({
      ok: true,
    });
    expect(await lines(me)).toEqual([{ productId: tee.id, size: 'M', quantity: 7, selected: false }]);
    for (const change of [{ quantity: 0 }, { selected: 'yes' }]) {
      expect(await updateCartLine(database.db, me.id, { productId: tee.id, size: 'M', ...change })).toMatchObject({
        ok: false,
        kind: 'invalid',
      });
    }
    expect((await lines(me))[0]!.quantity).toBe(7);
  });

  it('moves a line to a new size, merging with a line already there (capped at 10)', async () => {
    const me = await shopper();
    await addToCart(database.db, me.id, { productId: tee.id, size: 'S', quantity: 4 });
    await addToCart(database.db, me.id, { productId: tee.id, size: 'M', quantity: 3 });
    expect(await updateCartLine(database.db, me.id, { productId: tee.id, size: 'S', newSize: 'M' })).toEqual({
      ok: true,
    });
    expect(await lines(me)).toEqual([{ productId: tee.id, size: 'M', quantity: 7, selected: true }]);
    await addToCart(database.db, me.id, { productId: tee.id, size: 'L', quantity: 6 });
    await updateCartLine(database.db, me.id, { productId: tee.id, size: 'L', newSize: 'M' });
    expect(await lines(me)).toEqual([{ productId: tee.id, size: 'M', quantity: 10, selected: true }]);
    await updateCartLine(database.db, me.id, { productId: tee.id, size: 'M', newSize: 'S' });
    expect(await lines(me)).toEqual([{ productId: tee.id, size: 'S', quantity: 10, selected: true }]);
  });

  it('refuses a new size the product does not offer, keeping the line', async () => {
    const me = await shopper();
    await addToCart(database.db, me.id, { productId: tee.id, size: 'S', quantity: 2 });
    expect(await updateCartLine(database.db, me.id, { productId: tee.id, size: 'S', newSize: 'XXL' })).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(await lines(me)).toEqual([{ productId: tee.id, size: 'S', quantity: 2, selected: true }]);
  });

  it('removes a line', async () => {
    const me = await shopper();
    await addToCart(database.db, me.id, { productId: tee.id, size: 'S' });
    await addToCart(database.db, me.id, { productId: polo.id, size: 'M' });
    expect(await removeCartLine(database.db, me.id, { productId: tee.id, size: 'S' })).toEqual({ ok: true });
    expect(await lines(me)).toEqual([{ productId: polo.id, size: 'M', quantity: 1, selected: true }]);
  });
});

describe('isolation', () => {
  it("nobody can read or change another user's lines, whatever the body says", async () => {
    const [me, other] = [await shopper(), await shopper()];
    await addToCart(database.db, other.id, { productId: tee.id, size: 'M', quantity: 2 });
    const forged = { userId: other.id, user_id: other.id, productId: tee.id, size: 'M' };
    expect(await updateCartLine(database.db, me.id, { ...forged, quantity: 9 })).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    expect(await removeCartLine(database.db, me.id, forged)).toEqual({ ok: true });
    await addToCart(database.db, me.id, { ...forged, quantity: 1 });
    expect(await lines(other)).toEqual([{ productId: tee.id, size: 'M', quantity: 2, selected: true }]);
    expect(await lines(me)).toEqual([{ productId: tee.id, size: 'M', quantity: 1, selected: true }]);
  });
});

describe('prices and counts', () => {
  it('prices the selected lines from the database and counts the badge by quantity', async () => {
    const me = await shopper();
    await addToCart(database.db, me.id, { productId: tee.id, size: 'M', quantity: 2 });
    await addToCart(database.db, me.id, { productId: polo.id, size: 'L', quantity: 1 });
    await updateCartLine(database.db, me.id, { productId: polo.id, size: 'L', selected: false });
    const cart = await getCart(database.db, me.id);
    expect(summarize(cart)).toEqual({ selectedCount: 2, subtotalPaise: 159_800 });
    expect(await quoteCart(database.db, me.id)).toMatchObject({
      items: [
        { productId: tee.id, name: 'Astro Tee', size: 'M', quantity: 2, pricePaise: 79_900, lineTotalPaise: 159_800 },
      ],
      subtotalPaise: 159_800,
    });
    expect(badgesOf(await readShopperMarks(database.db, me.id)).cart).toBe(3);
  });

  it('prices a buy-now item as its price times its quantity, refusing bad items', async () => {
    expect(await quoteBuyNow(database.db, { productId: polo.id, size: 'XL', quantity: 2 })).toMatchObject({
      ok: true,
      subtotalPaise: 259_800,
    });
    expect(await quoteBuyNow(database.db, { productId: polo.id, size: 'S' })).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(await quoteBuyNow(database.db, { productId: 999_999, size: 'M' })).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
  });
});

describe('likes', () => {
  it('one like per user and product, even for parallel double clicks; the count follows', async () => {
    const [me, other] = [await shopper(), await shopper()];
    const results = await Promise.all([
      setLike(database.db, me.id, { productId: polo.id, liked: true }, RATE_RULES.likePerShopper),
      setLike(database.db, me.id, { productId: polo.id, liked: true }, RATE_RULES.likePerShopper),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    const rows = await database.db
      .select()
      .from(productLikes)
      .where(and(eq(productLikes.userId, me.id), eq(productLikes.productId, polo.id)));
    expect(rows).toHaveLength(1);
    const before = await setLike(database.db, other.id, { productId: polo.id, liked: true }, RATE_RULES.likePerShopper);
    expect(before).toMatchObject({ ok: true, liked: true, message: 'Added to favorites!' });
    const after = await setLike(database.db, other.id, { productId: polo.id, liked: false }, RATE_RULES.likePerShopper);
    expect(after).toMatchObject({ ok: true, liked: false, message: 'Removed from favorites' });
    if (!before.ok || !after.ok) throw new Error('unreachable');
    expect(before.count - after.count).toBe(1);
    const [mine, theirs] = [await readShopperMarks(database.db, me.id), await readShopperMarks(database.db, other.id)];
    expect(likedAmong(mine, [tee.id, polo.id])).toEqual([polo.id]);
    expect(likedAmong(theirs, [tee.id, polo.id])).toEqual([]);
    expect((await listFavorites(database.db, me.id)).map((product) => product.id)).toEqual([polo.id]);
    expect(badgesOf(mine).wishlist).toBe(1);
  });

  it('refuses an unknown product or a bad body', async () => {
    const me = await shopper();
    expect(
      await setLike(database.db, me.id, { productId: 999_999, liked: true }, RATE_RULES.likePerShopper),
    ).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    expect(
      await setLike(database.db, me.id, { productId: tee.id, liked: 'yes' }, RATE_RULES.likePerShopper),
    ).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(await setLike(database.db, me.id, {}, RATE_RULES.likePerShopper)).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(await database.db.select().from(productLikes).where(eq(productLikes.userId, me.id))).toEqual([]);
  });

  it("a user's cart lines and likes go when the product goes", async () => {
    const me = await shopper();
    const doomed = await createProduct(database.db, { sizes: ['M'] });
    await addToCart(database.db, me.id, { productId: doomed.id, size: 'M' });
    await setLike(database.db, me.id, { productId: doomed.id, liked: true }, RATE_RULES.likePerShopper);
    const { products } = await import('../db/schema.ts');
    await database.db.delete(products).where(eq(products.id, doomed.id));
    expect(await database.db.select().from(cartItems).where(eq(cartItems.userId, me.id))).toEqual([]);
  });
});
