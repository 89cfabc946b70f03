// A shopper's tax invoice or credit note as a PDF (ADR 0024): to the shopper whose order it is,
// and to nobody else, who get the same 404 as for a document that does not exist.
export { loader } from './order-document.server.ts';
