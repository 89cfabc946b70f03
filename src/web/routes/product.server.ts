// The server half of the route module product.tsx (ADR 0019): what runs only on the server.
import { data } from 'react-router';
import { parseSerialId } from '../../common/ids.ts';
import { countLikes, getProduct, listRelatedProducts } from '../../server/catalog/service.ts';
import { availabilityOf, isInStock } from '../../common/stock.ts';
import { sizeChartOf } from '../../server/catalog/size-chart.ts';
import { stockBySize } from '../../server/inventory/stock.ts';
import { likedAmong } from '../../server/likes/service.ts';
import { getApp } from '../app-context.server.ts';
import { cardRatings, productPageReviews } from '../reviews.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/product';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const id = parseSerialId(params.id);
  const product = id === null ? undefined : await getProduct(db, id);
  if (!product) throw data('Product not found', { status: 404 });
  const [likeCount, related, user, stock, sizeChart] = await Promise.all([
    countLikes(db, product.id),
    listRelatedProducts(db, product),
    getSessionUser(context, request),
    stockBySize(db, product.id),
    sizeChartOf(db, product),
  ]);
  const [likedIds, reviews, ratings] = await Promise.all([
    likedAmong(db, user?.id ?? null, [product.id, ...related.map((item) => item.id)]),
    productPageReviews(db, product.id, request, user),
    cardRatings(
      db,
      related.map((item) => item.id),
    ),
  ]);
  const unitsLeft = product.sizes.reduce((sum, size) => sum + (stock[size] ?? 0), 0);
  const soldOut = product.sizes.filter((size) => (stock[size] ?? 0) <= 0);
  return {
    product: { ...product, availability: availabilityOf(unitsLeft), inStock: isInStock(unitsLeft) },
    likeCount,
    related,
    likedIds,
    soldOut,
    reviews,
    ratings,
    sizeChart,
  };
}
