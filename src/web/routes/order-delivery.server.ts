// The server half of the route module order-delivery.tsx (ADR 0017): what runs only on the server.
// A failed delivery of the shopper's order (courier/ndr.ts, docs/decisions/0053): what the courier
// said, and the shopper's answer, once per attempt. Another shopper's order is not found.
import { redirect } from 'react-router';

import { formatOrderDate } from '../../common/orders.ts';
import { answerDeliveryFailure, deliveryFailureOf, NDR_MESSAGES } from '../../server/courier/ndr.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/order-delivery';

/** The page as it was opened (the emailed link), to come back to after signing in. */
const thisPage = (request: Request) => new URL(request.url).pathname;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return { signedIn: false as const, returnTo: thisPage(request) };
  const found = await deliveryFailureOf(getApp(context).db, user.id, params.id);
  if (!found) throw new Response(NDR_MESSAGES.notFound, { status: 404 });
  const { failure, ...rest } = found;
  return {
    signedIn: true as const,
    orderId: params.id,
    ...rest,
    failure: failure ? { ...failure, reportedAt: formatOrderDate(failure.reportedAt) } : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(thisPage(request));
  const form = await readForm(request);
  const input = Object.fromEntries(
    ['action', 'reattemptOn', 'phone', 'addressLine'].map((name) => [name, form.get(name) ?? undefined]),
  );
  const result = await answerDeliveryFailure(getApp(context).db, user.id, params.id, input);
  if (!result.ok) {
    if (result.kind === 'not_found') throw new Response(result.message, { status: 404 });
    return failureData(result);
  }
  return { ok: true as const, message: NDR_MESSAGES.answeredNow };
}
