// The server half of the route module api.payments.status.ts (ADR 0017): what runs only on the server.
import { paymentStatus } from '../../server/checkout/payment-status.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutShopper, razorpayIdOf } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';
import type { Route } from './+types/api.payments.status';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await checkoutShopper(context, request);
  if (user instanceof Response) return uncached(user);
  const order = razorpayIdOf(new URL(request.url).searchParams.get('order'));
  const status = await paymentStatus(getApp(context).db, user.id, order);
  return uncached(status.ok ? Response.json(status) : failureJson(status));
}

/** The answer changes from one poll to the next, and is about one person. */
function uncached(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
