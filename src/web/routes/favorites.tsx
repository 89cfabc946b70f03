import { href } from 'react-router';

import { EmptyState, ShopperPage } from '../components/shopper-page.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/favorites';

export { loader } from './favorites.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Wishlist', description: 'The products you liked at Trap the Trend.', noIndex: true });
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  return (
    <ShopperPage id="favorites-title" title="Your Wishlist" className="mx-auto max-w-7xl px-4 py-10">
      {!loaderData.signedIn ? (
        <EmptyState message="Please log in to see your wishlist." to={href('/login')} action="Log in" />
      ) : loaderData.products.length === 0 ? (
        <EmptyState message="Your wishlist is empty." to={href('/products')} action="Browse products">
          Tap the heart on any product to keep it here.
        </EmptyState>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
          {loaderData.products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} priority={index < 2} liked rating={loaderData.ratings[product.id]} />
            </li>
          ))}
        </ul>
      )}
    </ShopperPage>
  );
}
