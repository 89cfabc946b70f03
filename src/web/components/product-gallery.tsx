import { useState } from 'react';

import { imageFileUrl } from '../../common/images.ts';
import { useAssetsUrl } from '../hooks/use-assets-url.ts';
import { ResponsiveImage } from './responsive-image.tsx';

/** The product's images: one large, thumbnails as buttons that choose it (keyboard usable). */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const assetsUrl = useAssetsUrl();
  const current = images[selected] ?? images[0];
  if (!current) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-[4/5] overflow-hidden rounded-lg bg-black/5">
        <ResponsiveImage
          key={current}
          base={current}
          alt={`${name}, image ${selected + 1} of ${images.length}`}
          sizes="(min-width: 1024px) 600px, 100vw"
          width={960}
          height={1200}
          priority
          className="h-full w-full object-cover"
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-current={index === selected}
                className={`block w-16 overflow-hidden rounded-md border-2 sm:w-20 ${
                  index === selected ? 'border-ink' : 'border-transparent hover:border-black/30'
                }`}
              >
                <img
                  src={imageFileUrl(image, 320, assetsUrl)}
                  alt=""
                  width={80}
                  height={100}
                  loading="lazy"
                  className="aspect-[4/5] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
