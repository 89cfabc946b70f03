// The navbar's count badges: liked products, and cart items with quantities summed (SPEC §2).
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { cartItems, productLikes } from '../db/schema.ts';

export interface BadgeCounts {
  wishlist: number;
  cart: number;
}

export async function countBadges(db: Database, userId: string | null): Promise<BadgeCounts> {
  if (!userId) return { wishlist: 0, cart: 0 };
  const [wishlist, [cart]] = await Promise.all([
    db.$count(productLikes, eq(productLikes.userId, userId)),
    db
      .select({ items: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
      .from(cartItems)
      .where(eq(cartItems.userId, userId)),
  ]);
  return { wishlist, cart: cart?.items ?? 0 };
}
