// Payments wired together for a running store: the settings, the Razorpay client and what the
// checkout, the webhook and the reconciliation job need.
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendOrderConfirmation } from '../orders/service.ts';
import { createRazorpayClient } from './razorpay.ts';
import { reconcileCheckouts, retryUnconfirmedRefunds, type PaymentDeps } from './service.ts';
import { paymentSettings, type PaymentSettings } from './settings.ts';

export interface Payments {
  settings: PaymentSettings;
  deps: PaymentDeps & { webhookSecret: string };
}

export function createPayments({
  config,
  db,
  logger,
  mailer,
}: {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
}): Payments {
  const settings = paymentSettings(config);
  return {
    settings,
    deps: {
      db,
      razorpay: createRazorpayClient(settings),
      keySecret: settings.keySecret,
      webhookSecret: settings.webhookSecret,
      logger,
      onOrderPlaced: (orderId) => sendOrderConfirmation({ db, mailer, config }, orderId),
    },
  };
}

const RECONCILE_EVERY_MS = 60_000;

/**
 * Runs the reconciliation every minute, one run at a time; returns the function that stops it.
 * Checkouts whose browser never came back are completed from Razorpay's records, or released;
 * refunds Razorpay has not confirmed are asked for again.
 */
export function startReconciliation(payments: Payments, logger: Logger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileCheckouts(payments.deps)
      .then(() => retryUnconfirmedRefunds(payments.deps))
      .catch((error: unknown) => logger.error({ err: error }, 'reconciliation failed'))
      .finally(() => {
        running = false;
      });
  }, RECONCILE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
