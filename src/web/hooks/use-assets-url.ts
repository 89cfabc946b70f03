import { useRouteLoaderData } from 'react-router';

import type { loader as rootLoader } from '../root.server.ts';

/** ASSETS_URL from the root loader: where uploaded images are fetched from, or null for the store. */
export function useAssetsUrl(): string | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.assetsUrl ?? null;
}
