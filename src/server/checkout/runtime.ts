// Payments wired together for a running store: the settings, the Razorpay client, and what the
// checkout workflow, the webhook and the reconciliation job need (the confirmation email of each
// new order included).
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { StoreMetrics } from '../metrics.ts';
import { sendOrderConfirmation } from '../orders/service.ts';
import { createRazorpayClient } from '../payments/razorpay.ts';
import { paymentSettings, type PaymentSettings } from '../payments/settings.ts';
import type { CheckoutDeps } from './workflow.ts';

export interface Payments {
  settings: PaymentSettings;
  deps: CheckoutDeps & { webhookSecret: string };
}

export function createPayments({
  config,
  db,
  logger,
  mailer,
  metrics,
}: {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  metrics?: StoreMetrics;
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
      onOrderPlaced: (orderId) => sendOrderConfirmation({ db, mailer, config }, orderId),
      metrics,
    },
  };
}
