// The server half of the route module api.pincode.ts (ADR 0019): what runs only on the server.
import { lookupPincode } from '../../server/addresses/pincodes.ts';
import type { Route } from './+types/api.pincode';

export function loader({ request }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('code') ?? '';
  const place = lookupPincode(code);
  return Response.json(place ?? { city: undefined, state: undefined }, {
    status: place ? 200 : 404,
    headers: { 'Cache-Control': 'public, max-age=86400' },
  });
}
