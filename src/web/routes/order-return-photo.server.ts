// The server half of the route module order-return-photo.ts (ADR 0017): what runs only on the server.
import { readPhoto, isReturnPhotoName } from '../../server/orders/return-photos.ts';
import { photoOwner } from '../../server/orders/returns.ts';
import { webpResponse } from '../image-response.server.ts';
import { getApp } from '../app-context.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/order-return-photo';

const notFound = () => new Response('Not Found', { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user || !isReturnPhotoName(params.name)) return notFound();
  const { db, config } = getApp(context);
  const staff = user.role === 'admin' && user.twoFactorEnabled;
  const owner = await photoOwner(db, params.name);
  if (!owner || (owner !== user.id && !staff)) return notFound();
  const photo = await readPhoto({ config }, params.name);
  return webpResponse(photo, 'private');
}
