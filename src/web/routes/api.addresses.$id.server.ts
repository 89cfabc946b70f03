// The server half of the route module api.addresses.$id.ts (ADR 0017): what runs only on the server.
import { ADDRESS_MESSAGES, deleteAddress, updateAddress } from '../../server/addresses/service.ts';
import { failure } from '../../server/errors.ts';
import { getApp } from '../app-context.server.ts';
import { checkoutBody, checkoutShopper } from '../checkout-request.server.ts';
import { failureJson } from '../failures.server.ts';
import type { Route } from './+types/api.addresses.$id';

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await checkoutShopper(context, request);
  if (user instanceof Response) return user;
  const { db } = getApp(context);
  if (request.method === 'DELETE') {
    const result = await deleteAddress(db, user.id, params.id);
    return result.ok ? Response.json(result) : failureJson(failure('not_found', ADDRESS_MESSAGES.notFound));
  }
  if (request.method !== 'PUT') return new Response(null, { status: 405, headers: { Allow: 'PUT, DELETE' } });
  const body = await checkoutBody(request);
  if (body instanceof Response) return body;
  const result = await updateAddress(db, user.id, params.id, body.address);
  return result.ok ? Response.json(result) : failureJson(result);
}
