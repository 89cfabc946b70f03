// The server half of the route module api.addresses.ts (ADR 0017): what runs only on the server.
import { addAddress } from '../../server/addresses/service.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutAction } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';

export const action = checkoutAction(async (user, body, context) => {
  const result = await addAddress(getApp(context).db, user.id, body.address);
  return result.ok ? Response.json(result) : failureJson(result);
});
