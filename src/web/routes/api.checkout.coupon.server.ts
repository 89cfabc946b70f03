// The server half of the route module api.checkout.coupon.ts (ADR 0019): what runs only on the server.
import { quoteFor } from '../../server/checkout/quote.ts';
import { validateCoupon } from '../../server/coupons/validate.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutBody, checkoutShopper, couponCodeOf } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';
import type { Route } from './+types/api.checkout.coupon';

export async function action({ request, context }: Route.ActionArgs) {
  const user = await checkoutShopper(context, request);
  if (user instanceof Response) return user;
  const body = await checkoutBody(request);
  if (body instanceof Response) return body;
  const coupon = couponCodeOf(body.code);
  if (coupon instanceof Response) return coupon;
  const { db } = getApp(context);
  // The subtotal is the server's: the buy-now item the page sends, or the selected cart lines.
  const quote = await quoteFor(db, user.id, body.buyNow);
  if (!quote.ok) return failureJson(quote);
  const verdict = await validateCoupon(db, { code: coupon.code, subtotalPaise: quote.subtotalPaise, userId: user.id });
  return Response.json({ ok: true, verdict });
}
