// Any tax invoice or credit note as a PDF, for staff (issue 17 §3).
export { loader } from './document.server.ts';
