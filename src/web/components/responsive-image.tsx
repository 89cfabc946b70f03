import { IMAGE_WIDTHS } from '../../common/catalog.ts';
import { imageFileUrl } from '../../common/images.ts';
import { useAssetsUrl } from '../hooks/use-assets-url.ts';

/**
 * A stored image (a base path such as `/images/products/astro-kid-tee-1`) with its WebP
 * variants in `srcset`, uploaded ones from ASSETS_URL when it is set. Width and height fix the
 * box before the file arrives (no layout shift).
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
  const assetsUrl = useAssetsUrl();
  return (
    <img
      src={imageFileUrl(base, IMAGE_WIDTHS[1], assetsUrl)}
      srcSet={IMAGE_WIDTHS.map((w) => `${imageFileUrl(base, w, assetsUrl)} ${w}w`).join(', ')}
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
