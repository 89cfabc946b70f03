// The server half of the route module api.pincode.ts (ADR 0017): what runs only on the server.
import { placeOfPincode } from '../../server/addresses/directory.ts';
import { getApp } from '../app-context.server.ts';
import { failureJson } from '../failures.server.ts';
import type { Route } from './+types/api.pincode';

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const code = new URL(request.url).searchParams.get('code') ?? '';
  const result = await placeOfPincode({ db: app.db, limit: app.config.rateLimits.pincodeLookupPerIp }, code, {
    ip: app.clientIp,
  });
  if (!result.ok) return failureJson(result);
  // The directory changes with a new edition of the package at most: a day in the browser is fine.
  return Response.json(
    { ok: true, city: result.city, state: result.state },
    { headers: { 'Cache-Control': 'private, max-age=86400' } },
  );
}
