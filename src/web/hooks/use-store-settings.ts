import { useRouteLoaderData } from 'react-router';

import type { StoreSettings } from '../../server/config.ts';
import type { loader as rootLoader } from '../root.server.ts';

/** The store's settings (contact, founders, social links) from the root loader. */
export function useStoreSettings(): StoreSettings {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  if (!data) throw new Error('The root loader data is missing');
  return data.store;
}
