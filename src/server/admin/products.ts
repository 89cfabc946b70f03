// The admin's view of the catalog: every product in id order, searchable by name and filterable
// by collection and category, with its stock per size.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';

import type { CategorySlug, CollectionSlug } from '../../common/catalog.ts';
import { containsText, normaliseSearchText } from '../catalog/search.ts';
import type { Database } from '../db/client.ts';
import { productStock, products } from '../db/schema.ts';

export interface AdminProductQuery {
  search?: string | undefined;
  collection?: CollectionSlug | undefined;
  category?: CategorySlug | undefined;
}

export async function listAdminProducts(db: Database, query: AdminProductQuery) {
  const filters: SQL[] = [];
  if (query.collection) filters.push(eq(products.collection, query.collection));
  if (query.category) filters.push(eq(products.category, query.category));
  const search = normaliseSearchText(query.search ?? '');
  if (search) filters.push(containsText(search));
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      thumbnail: products.thumbnail,
      images: products.images,
      sizes: products.sizes,
      collection: products.collection,
      category: products.category,
    })
    .from(products)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(asc(products.id));
  const stock = rows.length
    ? await db
        .select()
        .from(productStock)
        .where(
          inArray(
            productStock.productId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => {
    const bySize = Object.fromEntries(
      stock.filter((entry) => entry.productId === row.id).map((entry) => [entry.size, entry.quantity]),
    ) as Record<string, number>;
    return { ...row, stock: row.sizes.map((size) => ({ size, quantity: bySize[size] ?? 0 })) };
  });
}
