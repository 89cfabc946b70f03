// The server half of the route module products.tsx (ADR 0017): what runs only on the server.
import { CATEGORY_SLUGS, COLLECTION_SLUGS, type CategorySlug, type CollectionSlug } from '../../../common/catalog.ts';
import { listAdminProducts } from '../../../server/admin/products.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const collection = COLLECTION_SLUGS.find((slug) => slug === params.get('collection')) as CollectionSlug | undefined;
  const category = CATEGORY_SLUGS.find((slug) => slug === params.get('category')) as CategorySlug | undefined;
  const search = params.get('search') ?? '';
  return { products: await listAdminProducts(getApp(context).db, { search, collection, category }) };
}
