// Every request body is bounded before anything reads it (ADR 0018): forms and JSON are small, a
// Razorpay webhook is larger, and the admin's image uploads stream to disk under limits of their
// own (storage/uploads.ts). A larger body is answered 413 without being read; a body that does not
// say its length is counted as it arrives. The courier's tracking webhook has the webhook's limit:
// Shiprocket sends a parcel's every scan so far, a few KB each time.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

import { MAX_IMAGE_BYTES } from '../../common/catalog.ts';
import { MAX_RETURN_PHOTOS } from '../../common/returns.ts';
import { STOCK_UPLOAD_MAX_BYTES } from '../../common/stock-adjustments.ts';
import { MAX_REVIEW_PHOTOS } from '../../common/reviews.ts';

const FORM_BODY_LIMIT_BYTES = 32 * 1024;
const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/** The admin's uploads: the product import's files, and the product editor's form with its images. */
const ADMIN_UPLOAD_PATH = /^\/admin\/products\/(\d+|import\/files)(\.data)?$/;
/** A shopper's return or exchange request, with its photos (ADR 0025). */
const RETURN_UPLOAD_PATH = /^\/orders\/[0-9a-f-]{36}\/return(\.data)?$/i;
/** Its photos at their largest, and the form's fields: bigger is refused before it is read. */
const RETURN_BODY_LIMIT_BYTES = MAX_RETURN_PHOTOS * MAX_IMAGE_BYTES + 64 * 1024;
/** A bulk order request, with its logo (ADR 0028): one image at its largest, and the fields. */
const BULK_ORDER_UPLOAD_PATH = /^\/bulk-orders(\.data)?$/;
const BULK_ORDER_BODY_LIMIT_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/** A buyer's review of a product, with its photos (ADR 0031): the photos at their largest, and the fields. */
const REVIEW_UPLOAD_PATH = /^\/product\/\d+\/review(\.data)?$/;
const REVIEW_BODY_LIMIT_BYTES = MAX_REVIEW_PHOTOS * MAX_IMAGE_BYTES + 64 * 1024;
/**
 * Staff's stock file: its preview sends the file, and Apply sends it back (its line ends as CRLF,
 * at most twice its size) with the counts and marks the preview showed (under 40 bytes a row).
 */
const STOCK_UPLOAD_PATH = /^\/admin\/products\/stock-upload(\.data)?$/;
const STOCK_UPLOAD_BODY_LIMIT_BYTES = 3 * STOCK_UPLOAD_MAX_BYTES + 64 * 1024;

export function bodyLimits(webhookPaths: readonly string[]): MiddlewareHandler {
  // The unread rest of the body is still on its way: the connection is closed, not reused.
  const tooLarge = (c: Context) =>
    c.text('Payload Too Large: this request is bigger than the store accepts', 413, { Connection: 'close' });
  const forms = bodyLimit({ maxSize: FORM_BODY_LIMIT_BYTES, onError: tooLarge });
  const webhooks = bodyLimit({ maxSize: WEBHOOK_BODY_LIMIT_BYTES, onError: tooLarge });
  const returns = bodyLimit({ maxSize: RETURN_BODY_LIMIT_BYTES, onError: tooLarge });
  const bulkOrders = bodyLimit({ maxSize: BULK_ORDER_BODY_LIMIT_BYTES, onError: tooLarge });
  const reviews = bodyLimit({ maxSize: REVIEW_BODY_LIMIT_BYTES, onError: tooLarge });
  const stockUploads = bodyLimit({ maxSize: STOCK_UPLOAD_BODY_LIMIT_BYTES, onError: tooLarge });
  return (c, next) => {
    if (webhookPaths.includes(c.req.path)) return webhooks(c, next);
    const multipart = (c.req.header('Content-Type') ?? '').startsWith('multipart/form-data');
    if (multipart && ADMIN_UPLOAD_PATH.test(c.req.path)) return next();
    if (multipart && RETURN_UPLOAD_PATH.test(c.req.path)) return returns(c, next);
    if (multipart && BULK_ORDER_UPLOAD_PATH.test(c.req.path)) return bulkOrders(c, next);
    if (multipart && REVIEW_UPLOAD_PATH.test(c.req.path)) return reviews(c, next);
    if (multipart && STOCK_UPLOAD_PATH.test(c.req.path)) return stockUploads(c, next);
    return forms(c, next);
  };
}
