// The local Razorpay sandbox on a real port, and payment services over a test database that talk
// to it: the integration tests drive the real client, signatures and webhooks through it.
import type { AddressInfo } from 'node:net';

import { serve } from '@hono/node-server';

import { addAddress } from '../../src/server/addresses/service.ts';
import { RATE_RULES } from '../../src/server/auth/rate-limit.ts';
import { addToCart } from '../../src/server/cart/service.ts';
import type { CheckoutDeps, PaymentStart, startPayment } from '../../src/server/checkout/workflow.ts';
import type { Database } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createRazorpayClient } from '../../src/server/payments/razorpay.ts';
import { createRazorpaySandbox } from '../../src/server/payments/sandbox.ts';
import { TEST_ADDRESS } from './addresses.ts';
import { createUser } from './factories.ts';

export const SANDBOX_KEYS = {
  keyId: 'rzp_test_integration',
  keySecret: 'integration-key-secret',
  webhookSecret: 'integration-webhook-secret',
};

/** `autoCapture: false` is a Razorpay account whose payments stay authorised until captured. */
export async function startSandbox({ autoCapture = true }: { autoCapture?: boolean } = {}) {
  const logger = createLogger('silent');
  const app = createRazorpaySandbox({ ...SANDBOX_KEYS, autoCapture, webhookUrl: undefined, logger });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** What the sandbox's payment window does when the shopper pays (or fails). */
    async pay(orderId: string, outcome: 'success' | 'failure' = 'success') {
      const response = await fetch(`${url}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ order_id: orderId, method: 'card', outcome }),
      });
      return (await response.json()) as {
        razorpay_payment_id: string;
        razorpay_order_id: string;
        razorpay_signature: string;
        error?: { metadata: { payment_id: string } };
      };
    },
  };
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** The settings that point a store at this sandbox as it would point at Razorpay. */
export function sandboxSettings(sandbox: Sandbox) {
  return {
    RAZORPAY_KEY_ID: SANDBOX_KEYS.keyId,
    RAZORPAY_KEY_SECRET: SANDBOX_KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: SANDBOX_KEYS.webhookSecret,
    RAZORPAY_API_URL: `${sandbox.url}/v1`,
  };
}

export function paymentDeps(
  db: Database,
  sandbox: Sandbox,
  placed: string[] = [],
  capturedBy: CheckoutDeps['capturedBy'] = 'razorpay',
): CheckoutDeps & { webhookSecret: string } {
  return {
    db,
    razorpay: createRazorpayClient({
      apiUrl: `${sandbox.url}/v1`,
      keyId: SANDBOX_KEYS.keyId,
      keySecret: SANDBOX_KEYS.keySecret,
    }),
    keySecret: SANDBOX_KEYS.keySecret,
    webhookSecret: SANDBOX_KEYS.webhookSecret,
    capturedBy,
    paymentStartLimit: RATE_RULES.paymentStartPerShopper,
    logger: createLogger('silent'),
    onOrderPlaced: async (orderId) => {
      placed.push(orderId);
    },
  };
}

/** A new shopper with these cart lines and a saved delivery address: ready for Continue to Payment. */
export async function shopperWithCart(
  db: Database,
  lines: Array<{ productId: number; size: string; quantity: number }>,
) {
  const user = await createUser(db);
  for (const line of lines) {
    const added = await addToCart(db, user.id, line);
    if (!added.ok) throw new Error(`cart line refused: ${added.message}`);
  }
  const address = await addAddress(db, user.id, TEST_ADDRESS);
  if (!address.ok) throw new Error(`address refused: ${address.message}`);
  return { userId: user.id, addressId: address.address.id };
}

/** The payment that started; a refusal fails the test with its message. */
export function started(result: Awaited<ReturnType<typeof startPayment>>): PaymentStart {
  if (!result.ok) throw new Error(`payment did not start: ${result.message}`);
  return result;
}
