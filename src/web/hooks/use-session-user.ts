import { useRouteLoaderData } from 'react-router';

import type { loader as rootLoader } from '../root.server.ts';

/** The signed-in user (id, name, role) from the root loader, or null for a visitor. */
export function useSessionUser() {
  return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
}
