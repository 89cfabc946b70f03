// The orders list's filtered orders as a CSV file for accounting, for staff.
export { loader } from './orders-export.server.ts';
