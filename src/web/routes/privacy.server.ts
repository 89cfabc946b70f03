// The server half of the route module privacy.tsx (ADR 0017): the settings the policy names.
import { legalSettings } from '../legal.server.ts';
import type { Route } from './+types/privacy';

export function loader({ context }: Route.LoaderArgs) {
  return legalSettings(context);
}
