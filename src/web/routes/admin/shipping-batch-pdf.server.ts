// The server half of the route module admin/shipping-batch-pdf.ts (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { batchPdf } from '../../../server/courier/views.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { pdfResponse } from '../../pdf-response.server.ts';
import type { Route } from './+types/shipping-batch-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const pdf = await batchPdf(getApp(context).db, params.id);
  if (!pdf) throw data('Not Found', { status: 404 });
  // Opened in the browser, to print at once; saved under a name that says what it is.
  return pdfResponse(pdf, `inline; filename="labels-and-manifest-${params.id.slice(0, 8)}.pdf"`);
}
