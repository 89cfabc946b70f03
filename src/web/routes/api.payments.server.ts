// The server half of the route module api.payments.ts (ADR 0017): what runs only on the server.
import type { PaymentChoice } from '../../common/payment-methods.ts';
import { placeCodOrder } from '../../server/checkout/cash-on-delivery.ts';
import { startPayment } from '../../server/checkout/workflow.ts';
import { failure } from '../../server/errors.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutAction, couponCodeOf } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';

export const action = checkoutAction(async (user, body, context, request) => {
  const method = paymentMethodOf(body.method);
  if (!method) return failureJson(failure('invalid', 'Please choose how to pay.'));
  // Buying a drop's product now, in its line, waits for the shopper's turn as adding it to the cart does.
  const { buyNow } = body;
  if (typeof buyNow === 'object' && buyNow !== null && 'productId' in buyNow) {
    const turn = await getApp(context).dropQueue.requireTurn(request, user.id, Number(buyNow.productId));
    if (!turn.ok) return failureJson(turn);
  }
  const coupon = couponCodeOf(body.couponCode);
  if (coupon instanceof Response) return coupon;
  // `useCredit` is judged by the workflow (true, false, or left out); the shopper is the session's.
  const input = { addressId: body.addressId, couponCode: coupon.code, buyNow: body.buyNow, useCredit: body.useCredit };
  const { deps } = getApp(context).payments;
  const answer =
    method === 'cod' ? await placeCodOrder(deps, user.id, input) : await startPayment(deps, user.id, input);
  return answer.ok ? Response.json(answer) : failureJson(answer);
});

/**
 * 'online' (also when left out: the pages before cash on delivery send none) or 'cod'; anything
 * else, none. An order paid wholly with store credit is the server's decision, not a choice sent.
 */
function paymentMethodOf(value: unknown): PaymentChoice | undefined {
  if (value === undefined || value === null) return 'online';
  return value === 'online' || value === 'cod' ? value : undefined;
}
