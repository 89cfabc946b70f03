// What an order's moves need from the app (orders/status.ts): staff moving an order, a shopper
// cancelling one, and the return services, which move orders too.
import type { RouterContextProvider } from 'react-router';

import type { OrderMoveDeps } from '../server/orders/status.ts';
import { getApp } from './app-context.server.ts';

export function orderMoveDeps(context: Readonly<RouterContextProvider>): OrderMoveDeps {
  const app = getApp(context);
  return {
    db: app.db,
    razorpay: app.payments.deps.razorpay,
    logger: app.logger,
    orderEmails: app.orderEmails,
    invoices: app.config.invoices,
    storeCredit: app.config.storeCredit,
  };
}
