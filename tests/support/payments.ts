// The local Razorpay sandbox on a real port, and payment services over a test database that talk
// to it: the integration tests drive the real client, signatures and webhooks through it.
import type { AddressInfo } from 'node:net';

import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';

import { addAddress } from '../../src/server/addresses/service.ts';
import { RATE_RULES } from '../../src/server/shared/rate-limit.ts';
import { addToCart } from '../../src/server/cart/service.ts';
import { handleRazorpayWebhook } from '../../src/server/checkout/webhook.ts';
import type { PaymentSettings as PaymentMethodSettings } from '../../src/server/checkout/payment-settings.ts';
import type { CheckoutDeps, PaymentStart, startPayment } from '../../src/server/checkout/workflow.ts';
import type { Database } from '../../src/server/db/client.ts';
import { checkouts, orders, refunds, type Order } from '../../src/server/db/schema.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createRazorpayClient } from '../../src/server/payments/razorpay.ts';
import { createRazorpaySandbox } from '../../src/server/payments/sandbox.ts';
import { hmacHex } from '../../src/server/payments/signatures.ts';
import { TEST_ADDRESS } from './addresses.ts';
import { standIn } from './database.ts';
import { createOrder, createUser } from './factories.ts';

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

/** A test file's sandbox, started before its first test and closed after its last (a stand-in, as the database is). */
export function useSandbox(options: Parameters<typeof startSandbox>[0] = {}): Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  afterAll(() => sandbox?.close());
  return standIn(() => sandbox, 'The Razorpay sandbox');
}

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
    // Each confirmation queued, as the orders' ids: the tests look at what was placed.
    orderEmails: {
      enqueue: async (_tx, email) => {
        placed.push(email.orderId);
      },
    },
    // Nothing works a queue here: a test that wants the invoices issues them (issueDueInvoices).
    dueInvoices: { enqueue: async () => undefined },
    paymentMethods: TEST_PAYMENT_METHODS,
    delivery: TEST_DELIVERY,
  };
}

/**
 * Delivery as a store shipping by hand has it by default: the zone table answers (the built-in
 * zones until a test saves its own), no pincode excluded, every product in one parcel.
 */
const TEST_DELIVERY: CheckoutDeps['delivery'] = {
  settings: { cutoffMinutes: 14 * 60, holidays: new Set(), excluded: [] },
  provider: undefined,
  parcels: { default: { weightKg: 0.5, lengthCm: 30, breadthCm: 25, heightCm: 4 }, byCategory: {} },
};

/** The payment method settings as a store has them by default (config.ts): cash on delivery on, no saving. */
export const TEST_PAYMENT_METHODS: PaymentMethodSettings = {
  cod: {
    enabled: true,
    minOrderPaise: 29_900,
    maxOrderPaise: 1_000_000,
    excludedPincodes: [],
    maxOpenOrders: 2,
    maxReturnedToOrigin: 2,
    feePaise: 0,
    confirmHours: 24,
    cashOverdueDays: 10,
  },
  prepaidDiscount: undefined,
};

/** Razorpay's webhook `event` about `payment`, signed as Razorpay signs it, as the store handles it. */
export function signedWebhook(
  deps: ReturnType<typeof paymentDeps>,
  event: string,
  payment: { id: string; order_id: string },
  eventId: string,
) {
  const body = JSON.stringify({ event, payload: { payment: { entity: payment } } });
  return handleRazorpayWebhook(deps, body, { signature: hmacHex(SANDBOX_KEYS.webhookSecret, body), eventId });
}

/** The checkout that Razorpay order `razorpayOrderId` is for, as the database has it. */
export async function checkoutOf(db: Database, razorpayOrderId: string) {
  return (await db.select().from(checkouts).where(eq(checkouts.razorpayOrderId, razorpayOrderId)))[0];
}

/** The refund of payment `paymentId`, as the database has it. */
export async function refundOf(db: Database, paymentId: string) {
  return (await db.select().from(refunds).where(eq(refunds.paymentId, paymentId)))[0];
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

/** `count` new shoppers made at once, each as shopperWithCart makes them with these lines. */
export function shoppersWithCart(db: Database, count: number, lines: Parameters<typeof shopperWithCart>[1]) {
  return Promise.all(Array.from({ length: count }, () => shopperWithCart(db, lines)));
}

/**
 * An order as createOrder makes it (with `overrides`), whose total the shopper paid in the sandbox,
 * so that the store can refund it. The order comes first because the payment is for its total.
 */
export async function createPaidOrder(
  db: Database,
  sandbox: Sandbox,
  overrides: Parameters<typeof createOrder>[1] = {},
): Promise<Order & { paymentId: string }> {
  const order = await createOrder(db, overrides);
  const razorpay = createRazorpayClient({ apiUrl: `${sandbox.url}/v1`, ...SANDBOX_KEYS });
  const razorpayOrder = await razorpay.createOrder({ amount: order.totalPaise, currency: 'INR', receipt: 'test' });
  const paid = await sandbox.pay(razorpayOrder.id);
  const [withPayment] = await db
    .update(orders)
    .set({ paymentId: paid.razorpay_payment_id })
    .where(eq(orders.id, order.id))
    .returning();
  return { ...withPayment!, paymentId: paid.razorpay_payment_id };
}

/** The payment that started; a refusal, or an order placed at once, fails the test. */
export function started(result: Awaited<ReturnType<typeof startPayment>>): PaymentStart {
  if (!result.ok) throw new Error(`payment did not start: ${result.message}`);
  if (!('razorpayOrderId' in result)) throw new Error(`no payment to start: order ${result.orderId} was placed`);
  return result;
}
