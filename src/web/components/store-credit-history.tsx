// A shopper's store credit history (ADR 0048), newest first and paged: on the profile for the
// shopper, and on the admin's customer page for staff (who also see each entry's kind and author).
// A table with a caption, so a screen reader names it and reads each amount with its date.
import { signedCredit } from '../../common/store-credit.ts';
import { NewerOlderPager } from './newer-older-pager.tsx';
import { TableRegion } from './table-region.tsx';

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
      <TableRegion label="Store credit history" className="mt-3">
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
      </TableRegion>
      <NewerOlderPager
        label="Pages of store credit history"
        noun="entries"
        page={page}
        pages={pages}
        pageLink={pageLink}
        className="mt-3"
      />
    </>
  );
}
