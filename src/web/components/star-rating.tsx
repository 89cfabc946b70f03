// A rating shown as stars with its words beside them ('4.3 out of 5, 12 reviews'): the stars are
// decoration, the words are what screen readers and search read.
import { ratingText, type RatingSummary } from '../../common/reviews.ts';

/** Five stars, as many filled as the rating rounds to. */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span aria-hidden="true" className={`tracking-tight text-amber-600 ${className}`}>
      {'★'.repeat(filled)}
      <span className="text-black/25">{'★'.repeat(5 - filled)}</span>
    </span>
  );
}

/** A product's average and count: on a card small ('4.3 (12)' beside the stars), on its page in full. */
export function RatingSummaryLine({
  summary,
  compact = false,
  className = '',
}: {
  summary: RatingSummary;
  compact?: boolean;
  className?: string;
}) {
  const words = ratingText(summary);
  return (
    <p className={`flex items-center gap-1.5 ${className}`}>
      <Stars rating={summary.average} />
      {compact ? (
        <>
          <span
            aria-hidden="true"
            className="text-xs text-muted"
          >{`${summary.average.toFixed(1)} (${summary.count})`}</span>
          <span className="sr-only">{words}</span>
        </>
      ) : (
        <span className="text-sm font-semibold">{words}</span>
      )}
    </p>
  );
}
