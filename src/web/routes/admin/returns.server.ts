// The server half of the route module returns.tsx (ADR 0017): what runs only on the server.
import { formatOrderDate, orderNumber } from '../../../common/orders.ts';
import { RETURN_STATUS_LABELS, RETURN_STATUSES } from '../../../common/returns.ts';
import { listReturnRequests, RETURNS_PAGE_SIZE } from '../../../server/orders/returns.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/returns';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  // The queue opens on what waits for staff: new requests.
  const asked = params.get('status') ?? 'requested';
  const status = RETURN_STATUSES.find((value) => value === asked);
  const page = Math.min(100_000, Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1));
  const { requests, total } = await listReturnRequests(getApp(context).db, { status, page });
  return {
    requests: requests.map(({ request, summary, customerName, customerEmail }) => ({
      id: request.id,
      date: formatOrderDate(request.createdAt),
      orderNumber: orderNumber(request.orderId),
      summary,
      customerName,
      customerEmail,
      status: RETURN_STATUS_LABELS[request.status],
      waitsUntil:
        request.status === 'requested' || request.status === 'approved' ? formatOrderDate(request.expiresAt) : null,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / RETURNS_PAGE_SIZE)),
    status: status ?? '',
    statusLabel: status ? RETURN_STATUS_LABELS[status] : '',
  };
}
