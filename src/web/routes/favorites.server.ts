// The server half of the route module favorites.tsx (ADR 0017): what runs only on the server.
import { listFavorites } from '../../server/likes/service.ts';
import { getApp } from '../app-context.server.ts';
import { cardRatings } from '../reviews.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/favorites';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return { signedIn: false as const };
  const { db } = getApp(context);
  const products = await listFavorites(db, user.id);
  const ratings = await cardRatings(
    db,
    products.map((product) => product.id),
  );
  return { signedIn: true as const, products, ratings };
}
