// The server half of the route module review-photo.ts (ADR 0017): what runs only on the server.
import { shownReviewPhoto } from '../../server/reviews/service.ts';
import { webpResponse } from '../image-response.server.ts';
import { getApp } from '../app-context.server.ts';
import type { Route } from './+types/review-photo';

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, config, logger, requestId } = getApp(context);
  let photo;
  try {
    photo = await shownReviewPhoto({ db, images: { config } }, params.name);
  } catch (error) {
    logger.warn({ requestId, err: error, file: params.name }, 'image store: reading a review photo failed');
    return new Response('The image store is not answering. Please try again shortly.', {
      status: 503,
      headers: { 'Retry-After': '30' },
    });
  }
  // Shared caches may keep a photo for an hour: a review staff hide stops showing it by then.
  return webpResponse(photo, 'public');
}
