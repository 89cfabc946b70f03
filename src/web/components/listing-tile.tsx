import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ResponsiveImage } from './responsive-image.tsx';

const PICTURE = 'aspect-[4/5] w-full rounded-lg object-cover transition group-hover:opacity-90';

/** A link to the products of a collection or a category (the home page): its 4:5 picture, then its name. */
export function ListingTile({
  to,
  image,
  sizes,
  children,
}: {
  to: string;
  /** The picture's base path, as ResponsiveImage takes it. */
  image: string;
  sizes: string;
  /** What stands under the picture: the name, and anything said about it. */
  children: ReactNode;
}) {
  return (
    <Link to={to} className="group block">
      <ResponsiveImage base={image} alt="" sizes={sizes} width={640} height={800} className={PICTURE} />
      {children}
    </Link>
  );
}
