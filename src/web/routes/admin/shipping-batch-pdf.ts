// A courier print run's labels and manifest as one PDF, for staff (docs/decisions/0053).
export { loader } from './shipping-batch-pdf.server.ts';
