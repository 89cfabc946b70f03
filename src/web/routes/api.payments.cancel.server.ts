// The server half of the route module api.payments.cancel.ts (ADR 0019): what runs only on the server.
import { cancelPayment } from '../../server/checkout/workflow.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutBody, checkoutShopper, razorpayIdOf } from '../checkout-request.server.ts';
import type { Route } from './+types/api.payments.cancel';

export async function action({ request, context }: Route.ActionArgs) {
  const user = await checkoutShopper(context, request);
  if (user instanceof Response) return user;
  const body = await checkoutBody(request);
  if (body instanceof Response) return body;
  return Response.json({ ok: await cancelPayment(getApp(context).db, user.id, razorpayIdOf(body.razorpayOrderId)) });
}
