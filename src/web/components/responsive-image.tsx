import { IMAGE_WIDTHS } from '../../common/catalog.ts';

/**
 * A stored image (a base path such as `/images/products/astro-kid-tee-1`) with its WebP
 * variants in `srcset`. Width and height fix the box before the file arrives (no layout shift).
 */
export function ResponsiveImage({
  base,
  alt,
  sizes,
  width,
  height,
  priority = false,
  className,
}: {
  base: string;
  alt: string;
  sizes: string;
  width: number;
  height: number;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={`${base}-${IMAGE_WIDTHS[1]}.webp`}
      srcSet={IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', ')}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
    />
  );
}
