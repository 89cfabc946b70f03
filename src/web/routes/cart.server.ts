// The server half of the route module cart.tsx (ADR 0017): what runs only on the server.
import { getCart, summarize } from '../../server/cart/service.ts';
import { getApp } from '../app-context.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/cart';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return { signedIn: false as const };
  const lines = await getCart(getApp(context).db, user.id);
  return { signedIn: true as const, lines, summary: summarize(lines) };
}
