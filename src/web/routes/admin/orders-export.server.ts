// The server half of the route module admin/orders-export.ts (ADR 0017): what runs only on the server.
import { indiaDay } from '../../../common/india-time.ts';
import { parseOrderFilters } from '../../../common/order-filters.ts';
import { orderQueryOf } from '../../../server/admin/order-filters.ts';
import { exportOrdersCsv } from '../../../server/admin/orders-export.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import type { Route } from './+types/orders-export';

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };

/** A refusal as plain text: the link was followed in the browser, which shows it as a page. */
function refusal(message: string, status: number): Response {
  return new Response(`${message}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...PRIVATE } });
}

/** The orders list's address with `.csv`: the same filters, every order they find, one row per line. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { filters, problems } = parseOrderFilters(new URL(request.url).searchParams);
  if (problems.length > 0) return refusal(`Nothing was exported. ${problems.join(' ')}`, 400);
  const { db, config } = getApp(context);
  const exported = await exportOrdersCsv(db, orderQueryOf(filters, config.payments.cod.cashOverdueDays));
  if (!exported.ok) return refusal(exported.message, statusOf(exported));
  const name =
    filters.from && filters.to ? `orders-${filters.from}-to-${filters.to}` : `orders-${indiaDay(new Date())}`;
  return new Response(exported.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}.csv"`,
      ...PRIVATE,
    },
  });
}
