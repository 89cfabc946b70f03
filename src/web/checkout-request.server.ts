// The checkout's JSON actions (the coupon, the addresses, the payment) are the signed-in shopper's:
// each starts with the user from the session and, where it sends one, the request's JSON body.
import { CouponCodeSchema } from '../common/validation.ts';
import { failure } from '../server/errors.ts';
import { failureJson } from './failures.server.ts';
import { readJson } from './json-body.server.ts';
import { getSessionUser, type SessionUser } from './session.server.ts';
import type { RouterContextProvider } from 'react-router';

/** The signed-in shopper, or the 401 answer. */
export async function checkoutShopper(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SessionUser | Response> {
  return (
    (await getSessionUser(context, request)) ?? failureJson(failure('unauthenticated', 'Please log in to check out.'))
  );
}

/**
 * A Razorpay id the browser sends back ('order_…', 'pay_…'): letters, digits and underscores.
 * Anything else is no id at all, so it is never looked up (PostgreSQL refuses a NUL in text).
 */
export function razorpayIdOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^\w{1,64}$/.test(value) ? value : undefined;
}

/** A coupon code the browser sends: checked when it is text (the coupon rules judge the rest). */
export function couponCodeOf(value: unknown): { code: unknown } | Response {
  if (typeof value !== 'string') return { code: value };
  const parsed = CouponCodeSchema.safeParse(value);
  return parsed.success ? { code: parsed.data } : failureJson(failure('invalid', parsed.error.issues[0]!.message));
}

/**
 * An action of the checkout that is sent a JSON object: `handle` gets the signed-in shopper and
 * the object; a request without either gets the 401 or the 400 answer.
 */
export function checkoutAction(
  handle: (
    user: SessionUser,
    body: Record<string, unknown>,
    context: Readonly<RouterContextProvider>,
    request: Request,
  ) => Promise<Response>,
) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    const user = await checkoutShopper(context, request);
    if (user instanceof Response) return user;
    const body = await checkoutBody(request);
    if (body instanceof Response) return body;
    return handle(user, body, context, request);
  };
}

/** The request's JSON object, or the 400 answer. */
export async function checkoutBody(request: Request): Promise<Record<string, unknown> | Response> {
  return (await readJson(request)) ?? failureJson(failure('invalid', 'The request was empty.'));
}
