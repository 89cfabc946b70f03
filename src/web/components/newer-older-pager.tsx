// The links between the pages of a list kept newest first (a product's reviews, a store credit
// history); the page keeps its scroll, so the list stays where the reader is.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function NewerOlderPager({
  label,
  noun,
  page,
  pages,
  pageLink,
  className,
  children,
}: {
  label: string;
  /** What the list holds, as the links name it: 'Newer reviews', 'Older entries'. */
  noun: string;
  page: number;
  pages: number;
  pageLink: (page: number) => string;
  /** Spaces the links from the list. */
  className: string;
  /** Shown between the links, such as which page this is. */
  children?: ReactNode;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={`${className} flex items-center gap-4 text-sm`}>
      {page > 1 ? (
        <Link to={pageLink(page - 1)} preventScrollReset className="font-semibold underline">
          {`Newer ${noun}`}
        </Link>
      ) : null}
      {children}
      {page < pages ? (
        <Link to={pageLink(page + 1)} preventScrollReset className="font-semibold underline">
          {`Older ${noun}`}
        </Link>
      ) : null}
    </nav>
  );
}
