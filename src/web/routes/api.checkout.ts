// The checkout page's requests (JSON POSTs, for the signed-in shopper): price a buy-now item,
// judge a coupon against what is being bought, add, change or delete a delivery address, and
// start, verify or cancel a payment.
import { addAddress, deleteAddress, updateAddress } from '../../server/addresses/service.ts';
import { quoteBuyNow, quoteCart } from '../../server/checkout/quote.ts';
import { validateCoupon } from '../../server/coupons/validate.ts';
import { cancelPayment, startPayment, verifyPayment } from '../../server/payments/service.ts';
import { getApp } from '../app-context.server.ts';
import { readJson } from '../json-body.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/api.checkout';

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return Response.json({ ok: false, message: 'Please log in to check out.' }, { status: 401 });
  const { db, payments } = getApp(context);
  const body = await readJson(request);
  if (!body) return Response.json({ ok: false, message: 'The request was empty.' }, { status: 400 });

  switch (body.intent) {
    case 'quote': {
      const quote = await quoteBuyNow(db, body.buyNow);
      return Response.json(quote, { status: quote.ok ? 200 : quote.status });
    }
    case 'coupon': {
      // The subtotal is the server's: the buy-now item or the selected cart lines, priced here.
      const quote = body.buyNow
        ? await quoteBuyNow(db, body.buyNow)
        : { ok: true as const, ...(await quoteCart(db, user.id)) };
      if (!quote.ok) return Response.json(quote, { status: quote.status });
      const verdict = await validateCoupon(db, {
        code: body.code,
        subtotalPaise: quote.subtotalPaise,
        userId: user.id,
      });
      return Response.json({ ok: true, verdict });
    }
    case 'add-address': {
      const result = await addAddress(db, user.id, body.address);
      return Response.json(result, { status: result.ok ? 200 : result.status });
    }
    case 'update-address': {
      const result = await updateAddress(db, user.id, body.id, body.address);
      return Response.json(result, { status: result.ok ? 200 : result.status });
    }
    case 'delete-address': {
      const result = await deleteAddress(db, user.id, body.id);
      return Response.json(result.ok ? result : { ok: false, message: 'This address no longer exists.' }, {
        status: result.ok ? 200 : 404,
      });
    }
    case 'pay': {
      const started = await startPayment(payments.deps, user.id, {
        addressId: body.addressId,
        couponCode: body.couponCode,
        buyNow: body.buyNow,
      });
      return Response.json(started, { status: started.ok ? 200 : started.status });
    }
    case 'verify': {
      const verified = await verifyPayment(payments.deps, user.id, body);
      return Response.json(verified, { status: verified.ok ? 200 : verified.status });
    }
    case 'cancel-payment': {
      // The shopper closed the payment window: give the held stock back at once.
      return Response.json({ ok: await cancelPayment(db, user.id, body.razorpayOrderId) });
    }
    default:
      return Response.json({ ok: false, message: 'Unknown checkout request.' }, { status: 400 });
  }
}
