// The logo sent with a bulk order request (ADR 0028): for staff only; anyone else gets the
// ordinary 404 page, as for every admin address.
export { loader } from './enquiry-logo.server.ts';
