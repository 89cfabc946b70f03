// Any tax invoice or credit note as a PDF, for staff (ADR 0024).
export { loader } from './document.server.ts';
