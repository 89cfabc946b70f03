// Which Razorpay the store talks to: the real one with RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or
// in demo mode without them the local sandbox (sandbox.ts) at /sandbox/razorpay. Only base URLs
// and keys differ; the code path is the same.
import { createHmac } from 'node:crypto';

import { resolveAuthSecret, type Config } from '../config.ts';

export const SANDBOX_PATH = '/sandbox/razorpay';

export interface PaymentSettings {
  sandbox: boolean;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  /** The Checkout script the page loads. */
  checkoutUrl: string;
  /**
   * Who captures an authorised payment: Razorpay itself (auto-capture on), or the store through
   * the API before it makes the order (RAZORPAY_CAPTURED_BY; the sandbox follows it too).
   */
  capturedBy: 'razorpay' | 'store';
}

export function paymentSettings(config: Config): PaymentSettings {
  const { keyId, keySecret, webhookSecret, apiUrl, checkoutUrl, capturedBy } = config.razorpay;
  if (keyId && keySecret) {
    return {
      sandbox: false,
      keyId,
      keySecret,
      // Without a webhook secret no webhook can be trusted; config requires it in production.
      webhookSecret: webhookSecret ?? '',
      apiUrl: apiUrl ?? 'https://api.razorpay.com/v1',
      checkoutUrl: checkoutUrl ?? 'https://checkout.razorpay.com/v1/checkout.js',
      capturedBy,
    };
  }
  // Sandbox secrets are derived from the auth secret: stable across restarts, never the same twice.
  const derive = (purpose: string) => createHmac('sha256', resolveAuthSecret(config)).update(purpose).digest('hex');
  return {
    sandbox: true,
    keyId: 'rzp_test_sandbox',
    keySecret: derive('razorpay-sandbox-key-secret'),
    webhookSecret: derive('razorpay-sandbox-webhook-secret'),
    apiUrl: `${config.publicUrl}${SANDBOX_PATH}/v1`,
    checkoutUrl: `${SANDBOX_PATH}/checkout.js`,
    capturedBy,
  };
}
