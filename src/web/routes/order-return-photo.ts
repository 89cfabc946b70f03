// A photo a shopper attached to a return or exchange request (ADR 0025): shown to that shopper
// and to staff, and to nobody else, who get the same 404 as for a photo that does not exist.
export { loader } from './order-return-photo.server.ts';
