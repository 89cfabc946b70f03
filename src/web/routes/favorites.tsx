import { href, Link } from 'react-router';

import { PRIMARY_BUTTON } from '../components/form-field.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/favorites';

export { loader } from './favorites.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Wishlist', description: 'The products you liked at Trap the Trend.', noIndex: true });
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby="favorites-title">
      <h1 id="favorites-title" className="text-3xl font-black uppercase">
        Your Wishlist
      </h1>
      {!loaderData.signedIn ? (
        <div className="mt-10 text-center">
          <p className="text-lg font-semibold">Please log in to see your wishlist.</p>
          <Link to={href('/login')} className={`${PRIMARY_BUTTON} mt-6 inline-block w-auto px-10`}>
            Log in
          </Link>
        </div>
      ) : loaderData.products.length === 0 ? (
        <div className="mt-10 text-center">
          <p className="text-lg font-semibold">Your wishlist is empty.</p>
          <p className="mt-2 text-muted">Tap the heart on any product to keep it here.</p>
          <Link to={href('/products')} className={`${PRIMARY_BUTTON} mt-6 inline-block w-auto px-10`}>
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
          {loaderData.products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} priority={index < 2} liked />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
