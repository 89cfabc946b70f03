// The server half of the route module api.payments.ts (ADR 0017): what runs only on the server.
import { startPayment } from '../../server/checkout/workflow.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutAction, couponCodeOf } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';

export const action = checkoutAction(async (user, body, context) => {
  const coupon = couponCodeOf(body.couponCode);
  if (coupon instanceof Response) return coupon;
  const started = await startPayment(getApp(context).payments.deps, user.id, {
    addressId: body.addressId,
    couponCode: coupon.code,
    buyNow: body.buyNow,
  });
  return started.ok ? Response.json(started) : failureJson(started);
});
