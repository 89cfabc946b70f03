// The server half of the route module api.payments.verify.ts (ADR 0017): what runs only on the server.
import { verifyPayment } from '../../server/checkout/workflow.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutAction, razorpayIdOf } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';

export const action = checkoutAction(async (user, body, context) => {
  const verified = await verifyPayment(getApp(context).payments.deps, user.id, {
    ...body,
    razorpay_order_id: razorpayIdOf(body.razorpay_order_id),
    razorpay_payment_id: razorpayIdOf(body.razorpay_payment_id),
  });
  return verified.ok ? Response.json(verified) : failureJson(verified);
});
