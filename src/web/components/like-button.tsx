import type { FormEvent } from 'react';
import { href, useFetcher } from 'react-router';

import { CART_MESSAGES } from '../../common/cart-messages.ts';
import { useFetcherAnswer } from '../hooks/use-fetcher-answer.ts';
import type { RefusedAnswer } from '../fetcher-failures.ts';
import { useSignedIn } from '../hooks/use-signed-in.ts';
import { ReturnHereField } from './return-here-field.tsx';
import { toast } from './toaster.tsx';
import { Icon } from './icon.tsx';

type LikeAnswer = { ok: true; liked: boolean; count: number; message: string } | RefusedAnswer;

/**
 * The like (wishlist) toggle of a product (docs/product.md §4): it turns at once and the count
 * moves by one while the request is out, then the pages' reloaded data stands; a refusal shows
 * 'Error updating like: …' and the server's state. Signed out, it asks the shopper to log in.
 * Before the page's scripts have loaded it is a plain form post that comes back to this page.
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
  const signedIn = useSignedIn();
  const fetcher = useFetcher<LikeAnswer>();
  const busy = fetcher.state !== 'idle';
  // What the shopper asked for, while it is on its way and the page's data reloads.
  const asked = (fetcher.json as { liked: boolean } | undefined)?.liked;
  const shown = asked ?? liked;
  const shownCount = count === undefined || asked === undefined || asked === liked ? count : count + (asked ? 1 : -1);

  useFetcherAnswer(fetcher.data, (answer) => {
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.unexpected ? answer.message : `Error updating like: ${answer.message}`);
  });

  function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!signedIn) {
      toast.error(CART_MESSAGES.likeNeedsLogin);
      return;
    }
    if (busy) return;
    void fetcher.submit(
      { productId, liked: !shown },
      { method: 'post', encType: 'application/json', action: href('/api/likes') },
    );
  }

  const label = `Like ${productName}${shownCount === undefined ? '' : `, ${shownCount} ${shownCount === 1 ? 'like' : 'likes'}`}`;
  return (
    <form method="post" action={href('/api/likes')} onSubmit={toggle}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="liked" value={String(!shown)} />
      <ReturnHereField />
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={label}
        aria-busy={busy || undefined}
        className={`flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full bg-white/90 px-2 text-ink shadow-sm hover:bg-white ${className}`}
      >
        <Icon name="heart" size={20} className={shown ? 'fill-brand text-brand' : ''} />
        {shownCount === undefined ? null : <span className="text-sm font-semibold">{shownCount}</span>}
      </button>
    </form>
  );
}
