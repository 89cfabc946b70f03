// The download of a tax invoice or credit note as a PDF (ADR 0024), for the shopper's route and
// the admin's: the stored document, drawn as it was issued. Anything the reader may not have is
// the same 404 as a document that does not exist.
import { data, type RouterContextProvider } from 'react-router';

import { documentForDownload, type DocumentReader } from '../server/invoices/documents.ts';
import { documentFileName, renderTaxDocumentPdf } from '../server/invoices/pdf.ts';
import { getApp } from './app-context.server.ts';
import { pdfResponse } from './pdf-response.server.ts';

export async function taxDocumentDownload(
  context: Readonly<RouterContextProvider>,
  documentId: string | undefined,
  reader: DocumentReader,
): Promise<Response> {
  const document = await documentForDownload(getApp(context).db, documentId, reader);
  if (!document) throw data('Not Found', { status: 404 });
  const pdf = await renderTaxDocumentPdf(document);
  return pdfResponse(pdf, `attachment; filename="${documentFileName(document.number)}"`);
}
