// The server half of the route module admin/enquiry-logo.ts (ADR 0017): what runs only on the server.
import { readLogo } from '../../../server/enquiries/logo.ts';
import { requireAdmin } from '../../admin.server.ts';
import { webpResponse } from '../../image-response.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/enquiry-logo';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const logo = await readLogo({ config: getApp(context).config }, params.name);
  return webpResponse(logo, 'private');
}
