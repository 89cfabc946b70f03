// An order's tax invoice and credit notes (ADR 0024), each a PDF download: on Your Orders for
// the shopper and on the admin's order page, each with its own download address.
import type { DocumentLink } from '../../server/invoices/documents.ts';

const LABELS = { invoice: 'Tax invoice', credit_note: 'Credit note' } as const;

export function OrderDocuments({
  number,
  documents,
  pathOf,
}: {
  number: string;
  documents: DocumentLink[];
  /** Where a document is downloaded from: the shopper's address or staff's. */
  pathOf: (documentId: string) => string;
}) {
  if (documents.length === 0) return null;
  return (
    <ul
      aria-label={`Tax documents of order #${number}`}
      className="mt-4 space-y-1 border-t border-black/10 pt-3 text-sm"
    >
      {documents.map((document) => (
        <li key={document.id}>
          {/* A plain link, not Link: the address is a file for the browser to download, not a page. */}
          <a href={pathOf(document.id)} download className="font-semibold underline">
            {`${LABELS[document.kind]} ${document.number}`}
          </a>
          <span className="text-muted"> (PDF)</span>
        </li>
      ))}
    </ul>
  );
}
