// The admin area's tables: a labelled region that scrolls sideways on a narrow screen (focusable,
// so a keyboard can scroll it too), with one header cell a column.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AdminTable({
  label,
  columns,
  minWidth,
  empty,
  children,
}: {
  label: string;
  columns: readonly string[];
  /** A Tailwind min-width class, such as `min-w-[48rem]`: below it, the table scrolls. */
  minWidth: string;
  /** Given when the list is empty: the one row, saying so, in place of `children`. */
  empty?: string | undefined;
  /** The table's rows. */
  children: ReactNode;
}) {
  return (
    <div
      className="mt-2 overflow-x-auto rounded-lg border border-black/10 bg-white"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <thead className="bg-black/5">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-black/10">
          {empty === undefined ? (
            children
          ) : (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-muted">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A cell naming a row's record: a link to its page, with a line of detail under it. */
export function AdminLinkCell({ to, detail, children }: { to: string; detail: string; children: ReactNode }) {
  return (
    <td className="px-3 py-2">
      <Link to={to} className="font-semibold underline">
        {children}
      </Link>
      <span className="block text-xs text-muted">{detail}</span>
    </td>
  );
}

/** A cell naming a person: the name, with how to reach them under it. */
export function AdminPersonCell({ name, detail }: { name: string; detail: string }) {
  return (
    <td className="px-3 py-2">
      <span className="block font-semibold">{name}</span>
      <span className="block text-xs text-muted">{detail}</span>
    </td>
  );
}
