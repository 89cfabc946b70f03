// The server half of the route module home.tsx (ADR 0017): what runs only on the server.
import { countProductsByCategory } from '../../server/catalog/service.ts';
import { getApp } from '../app-context.server.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  return { categoryCounts: await countProductsByCategory(db) };
}
