import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';

import { CART_MESSAGES } from '../../common/cart-messages.ts';
import { useSessionUser } from '../hooks/use-session-user.ts';
import { postJson } from '../post-json.ts';
import { toast } from './toaster.tsx';

/**
 * The like (wishlist) toggle of a product (SPEC §4): it turns at once and the count moves by one,
 * then the server's answer stands; a refusal rolls it back with 'Error updating like: …'.
 * Signed out, it asks the shopper to log in.
 */
export function LikeButton({
  productId,
  productName,
  liked = false,
  count,
  className = '',
}: {
  productId: number;
  productName: string;
  liked?: boolean;
  /** Shown beside the heart on the product page. */
  count?: number;
  className?: string;
}) {
  const user = useSessionUser();
  const { revalidate } = useRevalidator();
  // What the shopper sees: the server's state until a click, then the click's, then the answer's.
  const [shown, setShown] = useState<{ liked: boolean; count: number | undefined }>();
  const [busy, setBusy] = useState(false);
  const current = shown ?? { liked, count };

  async function toggle() {
    if (!user) {
      toast.error(CART_MESSAGES.likeNeedsLogin);
      return;
    }
    if (busy) return;
    const wanted = !current.liked;
    setBusy(true);
    setShown({ liked: wanted, count: current.count === undefined ? undefined : current.count + (wanted ? 1 : -1) });
    const answer = await postJson<{ liked: boolean; count: number; message: string }>('/api/likes', {
      productId,
      liked: wanted,
    });
    setBusy(false);
    if (answer.ok) {
      setShown({ liked: answer.liked, count: count === undefined ? undefined : answer.count });
      toast.success(answer.message);
      void revalidate();
    } else {
      setShown(undefined);
      toast.error(`Error updating like: ${answer.message}`);
    }
  }

  const label = `Like ${productName}${current.count === undefined ? '' : `, ${current.count} ${current.count === 1 ? 'like' : 'likes'}`}`;
  return (
    <button
      type="button"
      aria-pressed={current.liked}
      aria-label={label}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
      className={`flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full bg-white/90 px-2 text-ink shadow-sm hover:bg-white ${className}`}
    >
      <Heart aria-hidden="true" size={20} className={current.liked ? 'fill-brand text-brand' : ''} />
      {current.count === undefined ? null : <span className="text-sm font-semibold">{current.count}</span>}
    </button>
  );
}
