// What moving an order's status needs from the app (orders/status.ts), in one place for the
// admin's order page, the shopper's cancelling of an order, and the returns (returns.server.ts).
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
