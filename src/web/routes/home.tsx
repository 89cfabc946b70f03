import { CATEGORIES } from '../../common/catalog.ts';
import { CollectionsCarousel } from '../components/collections-carousel.tsx';
import { HeroVideo } from '../components/hero-video.tsx';
import { HydrateWhenNear } from '../components/hydrate-when-near.tsx';
import { ListingTile } from '../components/listing-tile.tsx';
import { productsPath } from '../paths.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/home';

export { loader } from './home.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    description:
      'Trap the Trend: youth-first streetwear from India. Oversized tees, jackets, sweatshirts, regular fits and polos, delivered across India.',
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeroVideo />

      <section aria-labelledby="collections-title" className="mx-auto max-w-7xl px-4 pt-14">
        <h2 id="collections-title" className="text-2xl font-black uppercase sm:text-3xl">
          Our Collections
        </h2>
        <div className="mt-6">
          <CollectionsCarousel />
        </div>
      </section>

      {/* The categories are links: they hydrate when they come near the screen, or when the browser is
          idle. The carousel above needs its script for its buttons, and hydrates with the page. */}
      <HydrateWhenNear data={loaderData}>
        <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 pt-14">
          <h2 id="categories-title" className="text-2xl font-black uppercase sm:text-3xl">
            Shop by Category
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {CATEGORIES.map((category) => {
              const total = loaderData.categoryCounts[category.slug] ?? 0;
              return (
                <li key={category.slug}>
                  <ListingTile
                    to={productsPath({ category: category.slug })}
                    image={`/images/categories/${category.slug}`}
                    sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
                  >
                    <span className="mt-2 block font-bold">{category.name}</span>
                    <span className="block text-sm text-muted">
                      {total} {total === 1 ? 'style' : 'styles'}
                    </span>
                  </ListingTile>
                </li>
              );
            })}
          </ul>
        </section>
      </HydrateWhenNear>
    </>
  );
}
