// Payments wired together for a running store: the settings, the Razorpay client, and what the
// checkout workflow, the webhook and the reconciliation job need (the queues of each new order's
// confirmation email and invoice included).
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { DueInvoices } from '../invoices/due.ts';
import type { Logger } from '../logger.ts';
import type { StoreMetrics } from '../metrics.ts';
import type { OrderEmails } from '../orders/emails.ts';
import { createRazorpayClient } from '../payments/razorpay.ts';
import { paymentSettings, type PaymentSettings } from '../payments/settings.ts';
import type { Shipping } from '../shipping/runtime.ts';
import type { CheckoutDeps } from './workflow.ts';

export interface Payments {
  settings: PaymentSettings;
  deps: CheckoutDeps & { webhookSecret: string };
}

export function createPayments({
  config,
  db,
  logger,
  orderEmails,
  dueInvoices,
  metrics,
  shipping,
}: {
  config: Config;
  db: Database;
  logger: Logger;
  orderEmails: OrderEmails;
  dueInvoices: DueInvoices;
  metrics?: StoreMetrics;
  /** Who delivers where: an order is refused for a pincode nobody serves, and cash where none is collected. */
  shipping: Shipping;
}): Payments {
  const settings = paymentSettings(config);
  return {
    settings,
    deps: {
      db,
      razorpay: createRazorpayClient(settings),
      keySecret: settings.keySecret,
      webhookSecret: settings.webhookSecret,
      capturedBy: settings.capturedBy,
      paymentStartLimit: config.rateLimits.paymentStartPerShopper,
      logger,
      orderEmails,
      metrics,
      dueInvoices,
      paymentMethods: config.payments,
      delivery: { settings: config.delivery, provider: shipping.provider, parcels: shipping.settings.parcels },
    },
  };
}
