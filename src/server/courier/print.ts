// A print run's one PDF (docs/decisions/0053): the provider gives the labels and the pickup
// manifest as separate PDFs; staff print one file, the labels first and the manifest last.
import { PDFDocument } from 'pdf-lib';

/** The pages of `parts`, in order, as one PDF. */
export async function joinPdfs(parts: readonly Uint8Array[]): Promise<Buffer> {
  const joined = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
  }
  return Buffer.from(await joined.save());
}
