// The server half of the route module product.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';
import { parseSerialId } from '../../common/ids.ts';
import { countLikes, getProduct, listRelatedProducts } from '../../server/catalog/service.ts';
import { availabilityOf, isInStock } from '../../common/stock.ts';
import { sizeChartOf } from '../../server/catalog/size-chart.ts';
import { dropOfProduct } from '../../server/drops/rules.ts';
import { stockBySize } from '../../server/inventory/stock.ts';
import { likedAmong } from '../../server/shopper-marks/service.ts';
import { getApp } from '../app-context.server.ts';
import { cardRatings, productPageReviews } from '../reviews.server.ts';
import { productReviews } from '../../server/reviews/service.ts';
import { getSessionUser } from '../session.server.ts';
import { shopperMarks } from '../shopper-marks.server.ts';
import type { Database } from '../../server/db/client.ts';
import type { Route } from './+types/product';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, catalog } = getApp(context);
  const id = parseSerialId(params.id);
  const [shared, user] = await Promise.all([
    id === null ? undefined : catalog.read(`product-page:${id}`, () => readProductPage(db, id)),
    getSessionUser(context, request),
  ]);
  if (!shared) throw data('Product not found', { status: 404 });
  const { product, drop, likeCount, related, stock, sizeChart, ratings, firstReviews } = shared;
  const [marks, reviews] = await Promise.all([
    shopperMarks(context, request, user),
    productPageReviews({ db, catalog }, product.id, request, user, firstReviews),
  ]);
  const likedIds = likedAmong(marks, [product.id, ...related.map((item) => item.id)]);
  const unitsLeft = product.sizes.reduce((sum, size) => sum + (stock[size] ?? 0), 0);
  const soldOut = product.sizes.filter((size) => (stock[size] ?? 0) <= 0);
  // Judged now, not when the shared part was read: a kept read may be from before the minute.
  const dropsAt = drop && Date.parse(drop.goesLiveAt) > Date.now() ? drop.goesLiveAt : null;
  return {
    product: { ...product, availability: availabilityOf(unitsLeft), inStock: isInStock(unitsLeft) },
    dropsAt,
    dropLimits: drop?.limits,
    likeCount,
    related,
    likedIds,
    soldOut,
    reviews,
    ratings,
    sizeChart,
  };
}

/** What the product page shows every visitor alike: kept until the catalog changes (ADR 0032). */
async function readProductPage(db: Database, id: number) {
  const product = await getProduct(db, id);
  if (!product) return undefined;
  const [drop, likeCount, related, stock, sizeChart, firstReviews] = await Promise.all([
    dropOfProduct(db, product.dropId),
    countLikes(db, product.id),
    listRelatedProducts(db, product),
    stockBySize(db, product.id),
    sizeChartOf(db, product),
    productReviews(db, product.id, 1),
  ]);
  const ratings = await cardRatings(
    db,
    related.map((item) => item.id),
  );
  return { product, drop, likeCount, related, stock, sizeChart, ratings, firstReviews };
}
