// One table of the GST return's figures for a month as a CSV file (b2cs, hsn, docs), for staff.
export { loader } from './gst-file.server.ts';
