// The server half of the route module bulk-orders.tsx (ADR 0017): what runs only on the server.
import path from 'node:path';

import { receiveUpload } from '../../server/storage/uploads.ts';
import { sendBulkRequest } from '../../server/enquiries/service.ts';
import { indiaDate } from '../../server/orders/shipping.ts';
import { getApp } from '../app-context.server.ts';
import { enquiryClient, enquiryDeps, senderPrefill, typedValues } from '../enquiries.server.ts';
import { failureData } from '../failures.server.ts';
import type { Route } from './+types/bulk-orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = getApp(context);
  return {
    prefill: await senderPrefill(context, request),
    minQuantity: config.enquiries.bulkMinQuantity,
    today: indiaDate(new Date()),
  };
}

/**
 * A bulk order request, sent as a multipart form with an optional logo: the logo streams to a
 * temporary file (never whole into memory), and is gone when the request is answered.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  // Two files at most are read, so that a second one is refused by name rather than as a broken form.
  const upload = await receiveUpload(request, path.join(app.config.dataDir, 'tmp'), { maxFiles: 2 });
  if (!upload.ok) return failureData(upload, { values: {} as Record<string, string[]> });
  try {
    const logos = upload.files.filter((file) => file.field === 'logo');
    const client = await enquiryClient(context, request);
    const result = await sendBulkRequest(enquiryDeps(context), upload.fields, logos, client);
    if (!result.ok) return failureData(result, { values: typedValues(upload.fields) });
    return { ok: true as const, reference: result.reference, email: upload.fields.get('email')?.[0]?.trim() ?? '' };
  } finally {
    await upload.discard();
  }
}
