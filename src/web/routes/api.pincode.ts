// City and state for a pincode, from the bundled directory (GET /api/pincode?code=560001).
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
