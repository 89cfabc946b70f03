// The Shiprocket sandbox inside a demo store (app.ts mounts it at /sandbox/shiprocket), and a test
// store pointed at a sandbox of its own (tests/support/shiprocket.ts), as the courier tests use one.
import { describe, expect, it } from 'vitest';

import { createTestApp, ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { shiprocketSandboxSettings, useShiprocketSandbox } from '../../../tests/support/shiprocket.ts';
import { SHIPROCKET_SANDBOX_PATH, SHIPROCKET_WEBHOOK_PATH } from './settings.ts';

describe('a demo store shipping through Shiprocket', () => {
  const { app, get } = useTestApp({ SHIPPING_PROVIDER: 'shiprocket' });

  it('serves the sandbox page, and its API to the store without an Origin', async () => {
    const page = await get(SHIPROCKET_SANDBOX_PATH);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Shiprocket sandbox</h1>');
    expect(html).toContain(`<code>${ORIGIN}${SHIPROCKET_WEBHOOK_PATH}</code>`);
    expect(html).toContain('No shipments yet: the store books one when an order is shipped through Shiprocket.');

    // The store calls the API server to server: no Origin, and the login refused only for its password.
    const login = await app.request(`${ORIGIN}${SHIPROCKET_SANDBOX_PATH}/v1/external/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'api@sandbox.shiprocket.local', password: 'guess' }),
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ message: 'Invalid email and password combination', status_code: 401 });
  });

  it("guards the page's forms as the store's own: from another site they are forbidden", async () => {
    const move = await app.request(`${ORIGIN}${SHIPROCKET_SANDBOX_PATH}/shipments/1/move`, {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ move: 'delivered' }),
    });
    expect(move.status).toBe(403);
  });
});

describe('a store shipping by hand', () => {
  const { get } = useTestApp({ SHIPPING_PROVIDER: 'manual' });

  it('has no sandbox', async () => {
    expect((await get(SHIPROCKET_SANDBOX_PATH)).status).toBe(404);
  });
});

describe("a test store pointed at a test's sandbox", () => {
  const database = useTestDatabase();
  const sandbox = useShiprocketSandbox();

  it("takes the sandbox's account in demo mode, and its provider talks to it", async () => {
    const store = await createTestApp(database, { PUBLIC_URL: ORIGIN, ...shiprocketSandboxSettings(sandbox) });
    expect(store.shipping.settings.shiprocket).toMatchObject({ sandbox: false, apiUrl: sandbox.apiUrl });
    expect(
      await store.shipping.provider!.serviceability('737101', {
        weightKg: 0.4,
        lengthCm: 30,
        breadthCm: 25,
        heightCm: 4,
      }),
    ).toEqual({ serviceable: true, cod: true, standardDays: 7, expressDays: null });
    // Its own sandbox is not mounted: the test's is the one it ships through.
    const page = await store.app.request(`${ORIGIN}${SHIPROCKET_SANDBOX_PATH}`);
    expect(page.status).toBe(404);
  });
});
