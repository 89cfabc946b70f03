// The server half of the route module gst-file.ts (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { gstFile, isGstFile } from '../../../server/invoices/gst-files.ts';
import { gstMonthAsked, gstReturnFor } from '../../../server/invoices/gst-return.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/gst-file';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  if (!isGstFile(params.file)) throw data('Not Found', { status: 404 });
  const month = gstMonthAsked(params.month, new Date());
  if ('refused' in month) {
    return new Response(month.refused, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const { db, config } = getApp(context);
  const figures = (await gstReturnFor(db, month.month, config.invoices.seller.state))!;
  return new Response(gstFile(figures, params.file), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="gstr1-${month.month}-${params.file}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
