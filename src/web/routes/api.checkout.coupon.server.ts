// The server half of the route module api.checkout.coupon.ts (ADR 0017): what runs only on the server.
import { quoteFor } from '../../server/checkout/quote.ts';
import { checkCouponForShopper } from '../../server/coupons/validate.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutAction, couponCodeOf } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';

export const action = checkoutAction(async (user, body, context) => {
  const coupon = couponCodeOf(body.code);
  if (coupon instanceof Response) return coupon;
  const { db, config } = getApp(context);
  // The subtotal is the server's: the buy-now item the page sends, or the selected cart lines.
  const quote = await quoteFor(db, user.id, body.buyNow);
  if (!quote.ok) return failureJson(quote);
  const checked = await checkCouponForShopper(
    { db, limit: config.rateLimits.couponCheckPerShopper },
    { code: coupon.code, subtotalPaise: quote.subtotalPaise, userId: user.id },
  );
  if (!checked.ok) return failureJson(checked);
  // Whether it is for orders paid online only: the page then shows cash on delivery disabled, and why.
  return Response.json({ ok: true, verdict: checked.verdict, prepaidOnly: checked.prepaidOnly });
});
