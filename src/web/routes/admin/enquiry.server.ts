// The server half of the route module enquiry.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from '../../../common/enquiries.ts';
import { formatOrderDate } from '../../../common/orders.ts';
import { describeEnquiry } from '../../../server/enquiries/describe.ts';
import { ENQUIRY_MESSAGES, getEnquiry, updateEnquiry, type BulkDetails } from '../../../server/enquiries/service.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/enquiry';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const enquiry = await getEnquiry(getApp(context).db, params.id);
  if (!enquiry) throw data(ENQUIRY_MESSAGES.notFound, { status: 404 });
  return {
    enquiry: {
      id: enquiry.id,
      reference: enquiry.reference,
      kind: ENQUIRY_KIND_LABELS[enquiry.kind],
      name: enquiry.name,
      email: enquiry.email,
      status: enquiry.status,
      statusLabel: ENQUIRY_STATUS_LABELS[enquiry.status],
      notes: enquiry.notes,
      receivedOn: formatOrderDate(enquiry.createdAt),
      updatedOn: formatOrderDate(enquiry.updatedAt),
      fields: describeEnquiry(enquiry).map(([label, value]) => ({ label, value })),
      logo: enquiry.kind === 'bulk' ? (enquiry.details as unknown as BulkDetails).logo : null,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const alerts = (tone: AlertMessage['tone'], text: string) => ({ alerts: [{ tone, text }] });
  const result = await updateEnquiry(getApp(context).db, { id: admin.id, email: admin.email }, params.id, {
    status: form.get('status') ?? undefined,
    notes: form.get('notes') ?? undefined,
  });
  if (!result.ok) {
    if (result.kind === 'not_found') throw data(ENQUIRY_MESSAGES.notFound, { status: 404 });
    const problem = Object.values(result.fieldErrors ?? {})[0] ?? result.message;
    return data(alerts('error', problem), { status: statusOf(result) });
  }
  return alerts('success', result.message);
}
