// The way back from a page to where it is opened from (a list, Your Orders, a product): above
// the page's title, "← All orders"; under a form the page is for, "Back to Profile".
import { Link } from 'react-router';

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="text-sm">
      <Link to={to} className="font-semibold underline">
        {`← ${children}`}
      </Link>
    </p>
  );
}

/** The way back under a page's form; `className` spaces it from the form. */
export function BackLinkBelow({ to, className, children }: { to: string; className: string; children: string }) {
  return (
    <p className={`${className} text-sm`}>
      <Link to={to} className="font-semibold underline">
        {children}
      </Link>
    </p>
  );
}
