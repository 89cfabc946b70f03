// The root route's server half: the store settings, the signed-in user and the navbar's badges for
// every page, and the refreshed session cookie.
import { data } from 'react-router';

import { badgesOf } from '../server/shopper-marks/service.ts';
import type { Route } from './+types/root';
import { getApp } from './app-context.server.ts';
import { getSessionUser, sessionCookies } from './session.server.ts';
import { shopperMarks } from './shopper-marks.server.ts';

/** The store's year: made once, as making an Intl formatter costs a tenth of a millisecond. */
const storeYear = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = getApp(context);
  const user = await getSessionUser(context, request);
  return data(
    {
      store: config.store,
      publicUrl: config.publicUrl,
      // Where uploaded images are fetched from, when not from the store (ASSETS_URL).
      assetsUrl: config.assetsUrl ?? null,
      user: user && { id: user.id, name: user.name, role: user.role },
      badges: badgesOf(await shopperMarks(context, request, user)),
      // The store's year, from the server, so the footer reads the same on both sides of hydration.
      year: Number(storeYear.format(new Date())),
    },
    // React Router keeps a loader's Set-Cookie on every response: sessions refresh while used
    // (docs/product.md §9).
    { headers: await sessionCookies(context, request) },
  );
}
