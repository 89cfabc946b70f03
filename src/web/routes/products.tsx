import { href, Link, useNavigation } from 'react-router';

import { CATEGORIES, COLLECTIONS } from '../../common/catalog.ts';
import { ProductCard } from '../components/product-card.tsx';
import { productsPath } from '../paths.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/products';

export { loader } from './products.server.ts';

function filterName(data: { collection?: string | undefined; category?: string | undefined }) {
  return (
    COLLECTIONS.find((c) => c.slug === data.collection)?.name ?? CATEGORIES.find((c) => c.slug === data.category)?.name
  );
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const name = data ? filterName(data) : undefined;
  const title = data?.search ? `Search Results for "${data.search}"` : (name ?? 'Shop all');
  const params = new URLSearchParams();
  if (data?.collection) params.set('collection', data.collection);
  if (data?.category) params.set('category', data.category);
  return pageMeta(args, {
    title,
    description: name
      ? `Shop ${name} at Trap the Trend: streetwear made in India, delivered across India.`
      : 'Shop oversized tees, jackets, sweatshirts, regular fits and polos from Trap the Trend.',
    canonicalPath: productsPath(params),
    noIndex: Boolean(data?.search),
  });
}

export default function Products({ loaderData: data }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loadingMore = navigation.state === 'loading' && navigation.location.pathname === href('/products');
  const name = filterName(data);
  const nextPage = new URLSearchParams();
  if (data.search) nextPage.set('search', data.search);
  if (data.collection) nextPage.set('collection', data.collection);
  if (data.category) nextPage.set('category', data.category);
  nextPage.set('page', String(data.page + 1));

  return (
    <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="products-title">
      <h1 id="products-title" className="text-2xl font-black sm:text-3xl">
        {data.search ? `Search Results for "${data.search}"` : 'Featured Collections'}
      </h1>
      <p className="mt-1 text-sm text-muted" aria-live="polite">
        {name ? `${name}: ` : ''}
        {data.total} {data.total === 1 ? 'product' : 'products'}
      </p>

      {data.products.length === 0 ? (
        <p className="py-20 text-center text-lg font-semibold">
          {data.search ? `No products found for "${data.search}"` : 'No products found'}
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
          {data.products.map((product, index) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                priority={index < 2}
                liked={data.likedIds.includes(product.id)}
                rating={data.ratings[product.id]}
              />
            </li>
          ))}
        </ul>
      )}

      {data.hasMore ? (
        <div className="mt-10 flex justify-center">
          <Link
            to={productsPath(nextPage)}
            preventScrollReset
            replace
            rel="next"
            className="rounded-full border-2 border-ink px-8 py-3 font-bold hover:bg-ink hover:text-white"
            aria-disabled={loadingMore}
          >
            {loadingMore ? 'Loading...' : 'Load More'}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-20 text-center">
      <h1 className="text-2xl font-black">Featured Collections</h1>
      <p role="alert" className="mt-6 text-lg font-semibold text-brand-dark">
        Failed to fetch products.
      </p>
    </section>
  );
}
