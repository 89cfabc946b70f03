// The previous and next page links under an admin list (orders, returns, reviews, inbox), shown
// only when the list has more than one page; `link` builds a page's address with the list's filters.
import { Link } from 'react-router';

export function AdminPager({
  label,
  page,
  pages,
  link,
}: {
  /** The navigation's name, such as 'Pages of orders'. */
  label: string;
  page: number;
  pages: number;
  link: (page: number) => string;
}) {
  if (pages <= 1) return null;
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
