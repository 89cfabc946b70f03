// The server half of the route module api.payments.cancel.ts (ADR 0017): what runs only on the server.
import { cancelPayment } from '../../server/checkout/workflow.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutAction, razorpayIdOf } from '../checkout-request.server.ts';

export const action = checkoutAction(async (user, body, context) =>
  Response.json({ ok: await cancelPayment(getApp(context).db, user.id, razorpayIdOf(body.razorpayOrderId)) }),
);
