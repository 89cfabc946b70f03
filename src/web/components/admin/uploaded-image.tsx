// An image a shopper sent (a bulk order's logo, a photo of a returned item), as staff see it: a
// 160 px thumbnail that opens the full image in a new tab.
export function UploadedImage({
  src,
  alt,
  look,
}: {
  src: string;
  alt: string;
  /** The thumbnail's fit and backdrop, such as `object-cover`. */
  look: string;
}) {
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img
        src={src}
        alt={alt}
        width={160}
        height={160}
        loading="lazy"
        className={`size-40 rounded-md border border-black/10 ${look}`}
      />
    </a>
  );
}
