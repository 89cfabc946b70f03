import { Link } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import type { RatingSummary } from '../../common/reviews.ts';
import type { ListedProduct } from '../../server/catalog/service.ts';
import { productPath } from '../paths.ts';
import { DropCountdown } from './drop-countdown.tsx';
import { LikeButton } from './like-button.tsx';
import { ResponsiveImage } from './responsive-image.tsx';
import { RatingSummaryLine } from './star-rating.tsx';

const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

export function ProductCard({
  product,
  priority = false,
  headingLevel = 'h2',
  liked = false,
  rating,
}: {
  product: ListedProduct;
  /** Whether the signed-in shopper likes it. */
  liked?: boolean;
  /** Its shown reviews' average and count; none yet when absent. */
  rating?: RatingSummary | undefined;
  priority?: boolean;
  /** h2 in a page's main list, h3 under a section heading. */
  headingLevel?: 'h2' | 'h3';
}) {
  const image = product.images[0];
  const Heading = headingLevel;
  return (
    <article className="group relative">
      <Link to={productPath(product.id)} className="block">
        <div className="aspect-[4/5] overflow-hidden rounded-lg bg-black/5">
          {image ? (
            <ResponsiveImage
              base={image}
              alt=""
              sizes={CARD_SIZES}
              width={640}
              height={800}
              priority={priority}
              className="h-full w-full object-cover transition group-hover:scale-[1.02]"
            />
          ) : null}
        </div>
        <Heading className="mt-2 line-clamp-2 text-sm font-semibold sm:text-base">{product.name}</Heading>
      </Link>
      {rating ? <RatingSummaryLine summary={rating} compact className="mt-1" /> : null}
      <p className="mt-1 font-bold">{formatPaise(product.pricePaise)}</p>
      {product.dropsAt ? (
        <DropCountdown at={product.dropsAt} compact />
      ) : (
        <p className="text-xs text-muted">{product.availability}</p>
      )}
      <LikeButton productId={product.id} productName={product.name} liked={liked} className="absolute top-2 right-2" />
    </article>
  );
}
