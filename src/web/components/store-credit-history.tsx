// A shopper's store credit history (ADR 0048), newest first and paged: on the profile for the
// shopper, and on the admin's customer page for staff (who also see each entry's kind and author).
// A table with a caption, so a screen reader names it and reads each amount with its date.
import { Link } from 'react-router';

import { signedCredit } from '../../common/store-credit.ts';

export interface CreditEntryView {
  id: string;
  /** The day it was written, as the page reads it ('5 December 2026'). */
  date: string;
  reason: string;
  amountPaise: number;
  /** Staff's view only: what kind of entry, and who wrote it. */
  kind?: string;
  by?: string;
}

export function StoreCreditHistory({
  entries,
  page,
  pages,
  pageLink,
  staff = false,
}: {
  entries: readonly CreditEntryView[];
  page: number;
  pages: number;
  /** The address of another page of the history. */
  pageLink: (page: number) => string;
  staff?: boolean;
}) {
  const columns = staff ? ['Date', 'Kind', 'Reason', 'By', 'Amount'] : ['Date', 'Reason', 'Amount'];
  return (
    <>
      <div
        className="mt-3 overflow-x-auto rounded-lg border border-black/10 bg-white"
        role="region"
        aria-label="Store credit history"
        tabIndex={0}
      >
        <table className={`w-full text-left text-sm ${staff ? 'min-w-[40rem]' : ''}`}>
          <caption className="sr-only">{`Store credit history, page ${page} of ${pages}`}</caption>
          <thead className="bg-black/5">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={column === 'Amount' ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-black/10">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="px-3 py-2 whitespace-nowrap">{entry.date}</td>
                {staff ? <td className="px-3 py-2">{entry.kind}</td> : null}
                <td className="px-3 py-2 break-words">{entry.reason}</td>
                {staff ? <td className="px-3 py-2 break-all">{entry.by}</td> : null}
                <td
                  className={`px-3 py-2 text-right font-semibold whitespace-nowrap ${
                    entry.amountPaise > 0 ? 'text-green-800' : ''
                  }`}
                >
                  {signedCredit(entry.amountPaise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Pages of store credit history" className="mt-3 flex items-center gap-4 text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} preventScrollReset className="font-semibold underline">
              Newer entries
            </Link>
          ) : null}
          {page < pages ? (
            <Link to={pageLink(page + 1)} preventScrollReset className="font-semibold underline">
              Older entries
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
