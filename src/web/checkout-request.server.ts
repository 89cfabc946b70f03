// The checkout's JSON actions (the coupon, the addresses, the payment) are the signed-in shopper's:
// each starts with the user from the session and, where it sends one, the request's JSON body.
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

/** The request's JSON object, or the 400 answer. */
export async function checkoutBody(request: Request): Promise<Record<string, unknown> | Response> {
  return (await readJson(request)) ?? failureJson(failure('invalid', 'The request was empty.'));
}
