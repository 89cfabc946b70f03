// The links that carry a parameter or a query, each built in one place with React Router's typed
// href(): a route renamed in routes.ts then fails the typecheck instead of leaving a dead link.
// href() knows nothing of query strings, so withQuery() appends them.
import { href } from 'react-router';

/** `path?query`, or the path alone when the query is empty. */
export function withQuery(path: string, query: URLSearchParams | Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

/** A product's page. */
export function productPath(id: number): string {
  return href('/product/:id', { id: String(id) });
}

/** The catalogue, filtered (`search`, `collection`, `category`) or paged (`page`) by the query. */
export function productsPath(query: URLSearchParams | Record<string, string> = {}): string {
  return withQuery(href('/products'), query);
}

/** A product's page in the admin area. */
export function adminProductPath(id: number | string): string {
  return href('/admin/products/:id', { id: String(id) });
}

/** A product's stock, its adjustments and history, in the admin area. */
export function adminProductStockPath(id: number | string): string {
  return href('/admin/products/:id/stock', { id: String(id) });
}

/** An order's page in the admin area. */
export function adminOrderPath(id: string): string {
  return href('/admin/orders/:id', { id });
}

/** A coupon's page in the admin area. */
export function adminCouponPath(code: string): string {
  return href('/admin/coupons/:code', { code });
}

/** A drop's page in the admin area: its time, limits and products. */
export function adminDropPath(id: number | string): string {
  return href('/admin/drops/:id', { id: String(id) });
}

/** A return or exchange request in the admin area. */
export function adminReturnPath(id: string): string {
  return href('/admin/returns/:id', { id });
}

/** A photo a shopper attached to a return or exchange request. */
export function returnPhotoPath(name: string): string {
  return href('/orders/return-photos/:name', { name });
}

/** Where a shopper asks to return or exchange items of an order. */
export function orderReturnPath(orderId: string): string {
  return href('/orders/:id/return', { id: orderId });
}

/** A tax invoice or credit note as a PDF, for its shopper. */
export function taxDocumentPath(id: string): string {
  return href('/orders/documents/:id', { id });
}

/** Any tax invoice or credit note as a PDF, for staff. */
export function adminTaxDocumentPath(id: string): string {
  return href('/admin/documents/:id', { id });
}

/** A category's screen in the admin area (its size chart). */
export function adminCategoryPath(slug: string): string {
  return href('/admin/categories/:slug', { slug });
}

/** A courier print run's labels and manifest, as one PDF, for staff. */
export function adminShippingBatchPdfPath(id: string): string {
  return href('/admin/shipping-batches/:id/labels.pdf', { id });
}

/** A contact message or bulk order request in the admin's inbox. */
export function adminEnquiryPath(id: string): string {
  return href('/admin/inbox/:id', { id });
}

/** A bulk order request's logo, for staff. */
export function enquiryLogoPath(name: string): string {
  return href('/admin/inbox/logos/:name', { name });
}

/** Where a buyer writes a review of a product. */
export function productReviewPath(id: number): string {
  return href('/product/:id/review', { id: String(id) });
}

/** A photo of a shown review (the thumbnail's name for the small one). */
export function reviewPhotoPath(name: string): string {
  return href('/reviews/photos/:name', { name });
}

/** A review in the admin area's list of reviews. */
export function adminReviewPath(id: string): string {
  return withQuery(href('/admin/reviews'), { review: id });
}

/** A customer's page in the admin area: their orders and store credit. */
export function adminCustomerPath(id: string): string {
  return href('/admin/customers/:id', { id });
}
