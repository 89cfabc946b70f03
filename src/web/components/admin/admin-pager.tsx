// The previous and next page links under an admin list (orders, returns, reviews, inbox), shown
// only when the list has more than one page; each link keeps the list's filters.
import { Link } from 'react-router';

import { withQuery } from '../../paths.ts';

export function AdminPager({
  label,
  path,
  filters,
  page,
  pages,
}: {
  /** The navigation's name, such as 'Pages of orders'. */
  label: string;
  /** The list's address, such as href('/admin/orders'). */
  path: string;
  /** The list's filters by query parameter; the empty ones are left out of the links. */
  filters: Record<string, string>;
  page: number;
  pages: number;
}) {
  if (pages <= 1) return null;
  const link = (target: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
    if (target > 1) params.set('page', String(target));
    return withQuery(path, params);
  };
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4">
      {page > 1 ? (
        <Link to={link(page - 1)} className="font-semibold underline">
          Previous page
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={link(page + 1)} className="font-semibold underline">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
