import { Heart } from 'lucide-react';

import { toast } from './toaster.tsx';

/**
 * The like (wishlist) toggle of a product. Signed out, it asks the shopper to log in
 * (SPEC §5 "Liking requires login"); the cart and likes work wires the signed-in toggle.
 */
export function LikeButton({
  productName,
  liked = false,
  count,
  className = '',
}: {
  productName: string;
  liked?: boolean;
  /** Shown beside the heart on the product page. */
  count?: number;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={
        count === undefined ? `Like ${productName}` : `Like ${productName}, ${count} ${count === 1 ? 'like' : 'likes'}`
      }
      onClick={() => toast.error('Please log in to like products.')}
      className={`flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full bg-white/90 px-2 text-ink shadow-sm hover:bg-white ${className}`}
    >
      <Heart aria-hidden="true" size={20} className={liked ? 'fill-brand text-brand' : ''} />
      {count === undefined ? null : <span className="text-sm font-semibold">{count}</span>}
    </button>
  );
}
