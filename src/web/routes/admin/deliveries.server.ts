// The server half of the route module deliveries.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { formatOrderDate } from '../../../common/orders.ts';
import { listOpenDeliveryFailures, sendDeliveryAnswer } from '../../../server/courier/ndr.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { AlertMessage } from '../../components/admin/alert.tsx';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/deliveries';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const failures = await listOpenDeliveryFailures(getApp(context).db);
  return {
    failures: failures.map((failure) => ({
      ...failure,
      reportedAt: formatOrderDate(failure.reportedAt),
      answeredAt: failure.answeredAt ? formatOrderDate(failure.answeredAt) : null,
    })),
  };
}

/** 'Send to courier': the shopper's answer to the provider, recorded as sent by this admin. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const app = getApp(context);
  const alerts = (tone: AlertMessage['tone'], text: string) => ({ alerts: [{ tone, text }] });
  const sent = await sendDeliveryAnswer(
    { db: app.db, provider: app.shipping.provider, logger: app.logger },
    { id: admin.id, email: admin.email },
    form.get('failureId'),
  );
  if (!sent.ok) return data(alerts('error', sent.message), { status: statusOf(sent) });
  return alerts('success', `The answer for order #${sent.orderNumber} was sent to the courier.`);
}
