// The server half of the route module inbox.tsx (ADR 0017): what runs only on the server.
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from '../../../common/enquiries.ts';
import { formatOrderDate } from '../../../common/orders.ts';
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from '../../../server/db/schema.ts';
import { INBOX_PAGE_SIZE, listEnquiries } from '../../../server/enquiries/service.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/inbox';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const kind = ENQUIRY_KINDS.find((value) => value === params.get('kind'));
  const status = ENQUIRY_STATUSES.find((value) => value === params.get('status'));
  const page = Math.min(100_000, Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1));
  const { enquiries, total } = await listEnquiries(getApp(context).db, { kind, status, page });
  return {
    enquiries: enquiries.map((enquiry) => ({
      id: enquiry.id,
      reference: enquiry.reference,
      kind: ENQUIRY_KIND_LABELS[enquiry.kind],
      name: enquiry.name,
      email: enquiry.email,
      organisation: enquiry.kind === 'bulk' ? String(enquiry.details.organisation ?? '') : null,
      status: ENQUIRY_STATUS_LABELS[enquiry.status],
      receivedOn: formatOrderDate(enquiry.createdAt),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    kind: kind ?? '',
    status: status ?? '',
  };
}
