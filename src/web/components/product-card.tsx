import { Link } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import type { ListedProduct } from '../../server/catalog/service.ts';
import { LikeButton } from './like-button.tsx';
import { ResponsiveImage } from './responsive-image.tsx';

const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

export function ProductCard({ product, priority = false }: { product: ListedProduct; priority?: boolean }) {
  const image = product.images[0];
  return (
    <article className="group relative">
      <Link to={`/product/${product.id}`} className="block">
        <div className="aspect-[4/5] overflow-hidden rounded-lg bg-black/5">
          {image ? (
            <ResponsiveImage
              base={image}
              alt={product.name}
              sizes={CARD_SIZES}
              width={640}
              height={800}
              priority={priority}
              className="h-full w-full object-cover transition group-hover:scale-[1.02]"
            />
          ) : null}
        </div>
        <h3 className="mt-2 line-clamp-2 text-sm font-semibold sm:text-base">{product.name}</h3>
      </Link>
      <p className="mt-1 font-bold">{formatPaise(product.pricePaise)}</p>
      <p className="text-xs text-muted">{product.availability}</p>
      <LikeButton productName={product.name} className="absolute top-2 right-2" />
    </article>
  );
}
