// The server half of the route module products.tsx (ADR 0017): what runs only on the server.
import { CATEGORY_SLUGS, COLLECTION_SLUGS, type CategorySlug, type CollectionSlug } from '../../common/catalog.ts';
import { normaliseSearchText } from '../../server/catalog/search.ts';
import { listProducts, type Listing } from '../../server/catalog/service.ts';
import { likedAmong } from '../../server/shopper-marks/service.ts';
import { getApp } from '../app-context.server.ts';
import { cardRatings } from '../reviews.server.ts';
import { getSessionUser } from '../session.server.ts';
import { shopperMarks } from '../shopper-marks.server.ts';
import type { Route } from './+types/products';

// Pages beyond this are clamped: 50 pages of 12 is more than any shopper scrolls.
const MAX_PAGE = 50;
const EMPTY: Listing = { products: [], total: 0, hasMore: false };

function readQuery(url: URL) {
  const search = normaliseSearchText(url.searchParams.get('search') ?? '');
  const collection = url.searchParams.get('collection') ?? undefined;
  const category = url.searchParams.get('category') ?? undefined;
  const requested = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const page = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), MAX_PAGE) : 1;
  return { search, collection, category, page };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const query = readQuery(new URL(request.url));
  // An unknown collection or category simply has no products.
  const known =
    (query.collection === undefined || COLLECTION_SLUGS.includes(query.collection as CollectionSlug)) &&
    (query.category === undefined || CATEGORY_SLUGS.includes(query.category as CategorySlug));
  const listing = known
    ? await listProducts(db, {
        search: query.search,
        collection: query.collection as CollectionSlug | undefined,
        category: query.category as CategorySlug | undefined,
        page: query.page,
      })
    : EMPTY;
  const user = await getSessionUser(context, request);
  const ids = listing.products.map((product) => product.id);
  const [marks, ratings] = await Promise.all([shopperMarks(context, request, user), cardRatings(db, ids)]);
  const likedIds = likedAmong(marks, ids);
  // Past the last page there is nothing more to offer, however full the page.
  return { ...query, ...listing, likedIds, ratings, hasMore: listing.hasMore && query.page < MAX_PAGE };
}
