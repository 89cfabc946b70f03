// A photo of a buyer's review (ADR 0031): public while its review is shown, the same
// 404 as an unknown photo once staff hide the review.
export { loader } from './review-photo.server.ts';
