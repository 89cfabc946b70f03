import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';

import { hasSignedInMarker } from '../../common/signed-in-marker.ts';
import type { loader as rootLoader } from '../root.server.ts';

const noSubscription = () => () => {};

/**
 * Whether the shopper is signed in: the root data names them, or, on a page kept for visitors whose
 * shopper's own data is still on its way, the browser holds the session's marker (ADR 0058). The
 * server decides each action anyway: a marker that outlived its session gets a signed-out answer.
 */
export function useSignedIn(): boolean {
  const user = useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
  const marked = useSyncExternalStore(
    noSubscription,
    () => hasSignedInMarker(document.cookie),
    () => false,
  );
  return user !== null || marked;
}
