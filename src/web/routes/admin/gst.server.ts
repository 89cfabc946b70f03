// The server half of the route module gst.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { indiaMonth } from '../../../common/india-time.ts';
import { gstMonthAsked, gstReturnFor } from '../../../server/invoices/gst-return.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/gst';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { db, config } = getApp(context);
  const asked = new URL(request.url).searchParams.get('month');
  const now = new Date();
  const thisMonth = indiaMonth(now);
  const month = gstMonthAsked(asked, now);
  if ('refused' in month) {
    return data({ refused: month.refused, asked: asked ?? '', thisMonth, figures: null }, { status: 400 });
  }
  const figures = await gstReturnFor(db, month.month, config.invoices.seller.state);
  return { refused: null, asked: month.month, thisMonth, figures: figures! };
}
