// A signed-in shopper's likes and cart units (the navbar's badges, the hearts of the products a page
// shows), read once per request in one query by whichever of the root's and the page's loaders asks
// first (they run side by side). Never kept past the request: a like or a cart add shows at once.
import type { RouterContextProvider } from 'react-router';

import { NO_MARKS, readShopperMarks, type ShopperMarks } from '../server/shopper-marks/service.ts';
import { getApp } from './app-context.server.ts';

const byRequest = new WeakMap<Request, { userId: string; marks: Promise<ShopperMarks> }>();

export function shopperMarks(
  context: Readonly<RouterContextProvider>,
  request: Request,
  user: { id: string } | null,
): Promise<ShopperMarks> {
  if (!user) return Promise.resolve(NO_MARKS);
  let read = byRequest.get(request);
  if (read?.userId !== user.id) {
    read = { userId: user.id, marks: readShopperMarks(getApp(context).db, user.id) };
    byRequest.set(request, read);
  }
  return read.marks;
}
