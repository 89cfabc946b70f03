// The server half of the route module api.addresses.ts (ADR 0019): what runs only on the server.
import { addAddress } from '../../server/addresses/service.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutBody, checkoutShopper } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';
import type { Route } from './+types/api.addresses';

export async function action({ request, context }: Route.ActionArgs) {
  const user = await checkoutShopper(context, request);
  if (user instanceof Response) return user;
  const body = await checkoutBody(request);
  if (body instanceof Response) return body;
  const result = await addAddress(getApp(context).db, user.id, body.address);
  return result.ok ? Response.json(result) : failureJson(result);
}
