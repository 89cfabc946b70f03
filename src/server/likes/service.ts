// Likes (docs/product.md §3 "product_likes"): one per user and product, set to the state the
// shopper asked for, so a double click never makes two. Every function takes the session's user.
import { and, eq } from 'drizzle-orm';

import { consumeRateLimit, tooManyAttempts, type RateRule } from '../shared/rate-limit.ts';
import { CART_MESSAGES } from '../../common/cart-messages.ts';
import { LikeSchema } from '../../common/cart.ts';
import { invalidRequest } from '../cart/service.ts';
import { countLikes, listingColumns, type ListedProduct } from '../catalog/service.ts';
import type { Database } from '../db/client.ts';
import { productLikes, products } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import { newestFirst } from '../shared/newest-first.ts';

export type LikeResult = Result<{ liked: boolean; count: number; message: string }>;

/**
 * Likes or unlikes a product for the user, within `limit` (RATE_LIMIT_LIKES_PER_SHOPPER_PER_15_MIN):
 * a like that changes something drops every instance's kept visitor pages (ADR 0036).
 */
export async function setLike(db: Database, userId: string, input: unknown, limit: RateRule): Promise<LikeResult> {
  const parsed = LikeSchema.safeParse(input);
  if (!parsed.success) return invalidRequest(parsed.error);
  const { productId, liked } = parsed.data;
  const allowed = await consumeRateLimit(db, `like:user:${userId}`, limit);
  if (!allowed.allowed) return tooManyAttempts(allowed);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) return failure('not_found', CART_MESSAGES.productNotFound);
  if (liked) {
    await db.insert(productLikes).values({ userId, productId }).onConflictDoNothing();
  } else {
    await db.delete(productLikes).where(and(eq(productLikes.userId, userId), eq(productLikes.productId, productId)));
  }
  return {
    ok: true,
    liked,
    count: await countLikes(db, productId),
    message: liked ? CART_MESSAGES.liked : CART_MESSAGES.unliked,
  };
}

/** The user's liked products, most recently liked first. */
export async function listFavorites(db: Database, userId: string): Promise<ListedProduct[]> {
  return db
    .select(listingColumns)
    .from(productLikes)
    .innerJoin(products, eq(products.id, productLikes.productId))
    .where(eq(productLikes.userId, userId))
    .orderBy(newestFirst(productLikes));
}

/** A deleted account's likes all go (auth/delete-account.ts, in its transaction). */
export async function removeLikesOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(productLikes).where(eq(productLikes.userId, userId));
}
