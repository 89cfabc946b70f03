// The way back from a page to where it is opened from (a list, Your Orders, a product), above
// the page's title: "← All orders".
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
