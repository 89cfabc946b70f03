// A PDF meant for its reader alone (a tax document, a courier print run): never cached on the way,
// and never sniffed as anything but a PDF. The disposition says whether it opens or downloads.
export function pdfResponse(pdf: Uint8Array, disposition: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': disposition,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
