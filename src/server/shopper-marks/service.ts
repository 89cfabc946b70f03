// A signed-in shopper's own marks on the store's pages: the navbar's count badges (liked products,
// and cart items with quantities summed: docs/product.md §2) and the filled hearts of the products
// a page shows, read together in one statement (an aggregate answers one row even with no cart).
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { cartItems, productLikes } from '../db/schema.ts';

export interface BadgeCounts {
  wishlist: number;
  cart: number;
}

export interface ShopperMarks {
  /** The ids of the products the shopper likes. */
  liked: readonly number[];
  /** Units in the cart, every line's quantity summed. */
  cartUnits: number;
}

/** A visitor's: nothing liked, an empty cart. */
export const NO_MARKS: ShopperMarks = { liked: [], cartUnits: 0 };

export async function readShopperMarks(db: Database, userId: string): Promise<ShopperMarks> {
  const [marks] = await db
    .select({
      liked: sql<
        number[]
      >`(select coalesce(array_agg(${productLikes.productId}), '{}') from ${productLikes} where ${productLikes.userId} = ${userId})`,
      cartUnits: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int`,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return marks ?? NO_MARKS;
}

export function badgesOf(marks: ShopperMarks): BadgeCounts {
  return { wishlist: marks.liked.length, cart: marks.cartUnits };
}

/** Which of `productIds` the shopper likes, in their order. */
export function likedAmong(marks: ShopperMarks, productIds: readonly number[]): number[] {
  const liked = new Set(marks.liked);
  return productIds.filter((id) => liked.has(id));
}
