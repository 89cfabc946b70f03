// Catalog reads for the storefront. Plain functions of the database (STYLE "Thin edges, thick middle").
import { and, asc, count, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';

import { PRODUCTS_PAGE_SIZE, type CategorySlug, type CollectionSlug } from '../../common/catalog.ts';
import type { Database } from '../db/client.ts';
import { productLikes, products, type Product } from '../db/schema.ts';
import { listedNow, upcomingDropSql } from '../drops/rules.ts';
import { availabilitySql } from '../inventory/stock.ts';
import { nameMatches, nameRelevance, normaliseSearchText, withSearchSettings } from './search.ts';

/** How many products each category holds, for the home page's "Shop by Category". */
export async function countProductsByCategory(db: Database): Promise<Partial<Record<CategorySlug, number>>> {
  const rows = await db
    .select({ category: products.category, total: count() })
    .from(products)
    .where(and(isNotNull(products.category), listedNow))
    .groupBy(products.category);
  return Object.fromEntries(rows.map((row) => [row.category, row.total]));
}

export const listingColumns = {
  id: products.id,
  name: products.name,
  images: products.images,
  pricePaise: products.pricePaise,
  availability: availabilitySql,
  sizes: products.sizes,
  collection: products.collection,
  dropsAt: upcomingDropSql,
};
export type ListedProduct = Pick<Product, Exclude<keyof typeof listingColumns, 'availability' | 'dropsAt'>> & {
  availability: string;
  /** When its drop goes live (ISO), while that is still to come. */
  dropsAt: string | null;
};

export interface ListingQuery {
  search?: string | undefined;
  collection?: CollectionSlug | undefined;
  category?: CategorySlug | undefined;
  /** 1-based; the listing shows pages 1..page, as "Load More" appends. */
  page: number;
}

export interface Listing {
  products: ListedProduct[];
  /** How many products match in all. */
  total: number;
  /** docs/product.md §4: a further page is offered only if the last page was full. */
  hasMore: boolean;
}

/** The products page: filters, search by name, pages of 12 in id order (relevance when searching). */
export async function listProducts(db: Database, query: ListingQuery): Promise<Listing> {
  const search = normaliseSearchText(query.search ?? '');
  const filters: SQL[] = [listedNow];
  if (query.collection) filters.push(eq(products.collection, query.collection));
  if (query.category) filters.push(eq(products.category, query.category));
  if (search) filters.push(nameMatches(search));
  const where = and(...filters);

  const limit = query.page * PRODUCTS_PAGE_SIZE;
  const read = async (tx: Database) => {
    const rows = await tx
      .select(listingColumns)
      .from(products)
      .where(where)
      .orderBy(...(search ? [...nameRelevance(search), asc(products.id)] : [asc(products.id)]))
      .limit(limit);
    const total = await tx.$count(products, where);
    return { rows, total };
  };
  // Searching uses the live search's matching rules, typo tolerance included.
  const { rows, total } = search ? await withSearchSettings(db, read) : await read(db);
  const lastPageSize = rows.length - (query.page - 1) * PRODUCTS_PAGE_SIZE;
  return { products: rows, total, hasMore: lastPageSize === PRODUCTS_PAGE_SIZE };
}

export async function getProduct(db: Database, id: number): Promise<Product | undefined> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  return product;
}

/** docs/product.md §7 get_product_like_count. */
export async function countLikes(db: Database, productId: number): Promise<number> {
  return db.$count(productLikes, eq(productLikes.productId, productId));
}

/** "You may also like": other products of the same category, the nearest ids (newest neighbours) first. */
export async function listRelatedProducts(db: Database, product: Product, limit = 4): Promise<ListedProduct[]> {
  if (!product.category) return [];
  return db
    .select(listingColumns)
    .from(products)
    .where(and(eq(products.category, product.category), ne(products.id, product.id), listedNow))
    .orderBy(sql`abs(${products.id} - ${product.id})`, asc(products.id))
    .limit(limit);
}

/** Every product id with its last change, for the sitemap. */
export async function listProductsForSitemap(db: Database) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(listedNow)
    .orderBy(asc(products.id));
}
