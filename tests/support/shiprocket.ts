// The local Shiprocket sandbox on a real port: the client's contract tests and the store's
// integration tests drive the real client, labels, pickups and tracking webhooks through it, as
// tests/support/payments.ts does for Razorpay. `shiprocketSandboxSettings` points a test store at it.
import type { AddressInfo } from 'node:net';

import { serve } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';

import { createLogger } from '../../src/server/logger.ts';
import type { DeliveryZone } from '../../src/server/shipping/zones.ts';
import type { SandboxMove } from '../../src/server/shipping/shiprocket-sandbox-model.ts';
import { createShiprocketSandbox, type SandboxControl } from '../../src/server/shipping/shiprocket-sandbox.ts';
import { standIn } from './database.ts';
import { freePort } from './free-port.ts';

/** The sandbox's API user and webhook token, as a store's settings name them. */
export const SHIPROCKET_SANDBOX_ACCOUNT = {
  email: 'api-user@sandbox.shiprocket.test',
  password: 'integration-api-password',
  webhookToken: 'integration-webhook-token-2f9c',
};

/** The warehouse as config.ts has it by default: the pickup location the sandbox's account holds. */
export const SANDBOX_WAREHOUSE = { pickupLocation: 'Primary', warehousePincode: '110020' };

interface SandboxStart {
  /** Where tracking webhooks go (a store on a port); `webhooksInto` sends them into an in-process app instead. */
  webhookUrl?: string;
  /** The sandbox's clock: token expiry, scan times, pickup days. */
  now?: () => Date;
  /** What its couriers serve (zones.ts's DEFAULT_ZONES unless given). */
  zones?: readonly DeliveryZone[];
}

export async function startShiprocketSandbox({ webhookUrl, now, zones }: SandboxStart = {}) {
  const sandbox = createShiprocketSandbox({
    ...SHIPROCKET_SANDBOX_ACCOUNT,
    ...SANDBOX_WAREHOUSE,
    webhookUrl,
    logger: createLogger('silent'),
    now,
    zones,
  });
  const server = serve({ fetch: sandbox.fetch, port: await freePort(), hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const control: SandboxControl = sandbox.control;
  return {
    url,
    apiUrl: `${url}/v1/external`,
    control,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Tracking webhooks go into this app in-process (a test store made by tests/support/app.ts). */
    webhooksInto(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, url: string) {
      control.webhookTo(url, async (target, init) => app.request(target, init));
    },
    /** What a button of the sandbox's page does: a courier's scan, and its tracking webhook. */
    move: (key: string, move: SandboxMove, reason?: string) => control.move(key, move, reason),
  };
}

export type ShiprocketTestSandbox = Awaited<ReturnType<typeof startShiprocketSandbox>>;

/** A test file's sandbox, started before its first test and closed after its last. */
export function useShiprocketSandbox(options: SandboxStart = {}): ShiprocketTestSandbox {
  let sandbox: ShiprocketTestSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startShiprocketSandbox(options);
  });
  afterAll(() => sandbox?.close());
  return standIn(() => sandbox, 'The Shiprocket sandbox');
}

/**
 * The settings that point a store at this sandbox as at Shiprocket. Demo mode (as the tests run)
 * accepts a Shiprocket account only on this machine, which this sandbox is.
 */
export function shiprocketSandboxSettings(sandbox: { apiUrl: string }): Record<string, string> {
  return {
    SHIPPING_PROVIDER: 'shiprocket',
    SHIPROCKET_EMAIL: SHIPROCKET_SANDBOX_ACCOUNT.email,
    SHIPROCKET_PASSWORD: SHIPROCKET_SANDBOX_ACCOUNT.password,
    SHIPROCKET_API_URL: sandbox.apiUrl,
    SHIPROCKET_WEBHOOK_TOKEN: SHIPROCKET_SANDBOX_ACCOUNT.webhookToken,
    SHIPPING_PICKUP_LOCATION: SANDBOX_WAREHOUSE.pickupLocation,
    SHIPPING_WAREHOUSE_PINCODE: SANDBOX_WAREHOUSE.warehousePincode,
  };
}

/**
 * Presses a button of a sandbox page (the store's own at /sandbox/shiprocket in e2e runs, or a
 * test's): `key` is the parcel's AWB, Shiprocket shipment id or reference. The page answers once
 * the store has had the tracking webhook.
 */
export async function moveShipment(pageUrl: string, key: string, move: SandboxMove, reason?: string): Promise<void> {
  const form = new URLSearchParams({ move, ...(reason ? { reason } : {}) });
  const response = await fetch(`${pageUrl.replace(/\/$/, '')}/shipments/${encodeURIComponent(key)}/move`, {
    method: 'POST',
    body: form,
    headers: { Origin: new URL(pageUrl).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  if (response.status !== 303)
    throw new Error(`the sandbox did not move ${key}: ${response.status} ${await response.text()}`);
}
