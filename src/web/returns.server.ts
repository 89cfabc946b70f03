// What the return and exchange services need from the app (orders/returns.ts), in one place for
// the shopper's pages, the admin's, and the photo route.
import type { RouterContextProvider } from 'react-router';

import { reversePickupQueue } from '../server/courier/returns.ts';
import type { ReturnDeps } from '../server/orders/returns.ts';
import { getApp } from './app-context.server.ts';
import { orderMoveDeps } from './order-moves.server.ts';

export function returnDeps(context: Readonly<RouterContextProvider>): ReturnDeps {
  const app = getApp(context);
  return {
    ...orderMoveDeps(context),
    returns: app.config.returns,
    images: { config: app.config },
    requestLimit: app.config.rateLimits.returnRequestPerShopper,
    // With a courier provider, approving a request books the courier's reverse pickup.
    ...(app.shipping.provider ? { reversePickups: reversePickupQueue(app.jobs) } : {}),
  };
}
