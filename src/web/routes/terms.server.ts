// The server half of the route module terms.tsx (ADR 0017): the settings the terms name.
import { legalSettings } from '../legal.server.ts';
import type { Route } from './+types/terms';

export function loader({ context }: Route.LoaderArgs) {
  return legalSettings(context);
}
