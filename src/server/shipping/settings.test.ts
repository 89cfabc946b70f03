// Which Shiprocket the store talks to: a real account in production, never the sandbox there; the
// local sandbox in demo mode, or a test's sandbox on this machine, never a real account.
import { describe, expect, it } from 'vitest';

import { problemsOf, PRODUCTION } from '../../../tests/support/production-config.ts';
import { loadConfig } from '../config.ts';
import { shippingSettings } from './settings.ts';

const ACCOUNT = {
  SHIPPING_PROVIDER: 'shiprocket',
  SHIPROCKET_EMAIL: 'api-user@example.in',
  SHIPROCKET_PASSWORD: 'api-password',
  SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token-0123456789',
};
const DEMO = { NODE_ENV: 'production', DEMO: 'true', AUTH_SECRET: 'd'.repeat(32), PUBLIC_URL: 'http://localhost:4000' };

describe('shipping settings', () => {
  it('refuses the sandbox in production: Shiprocket needs its API user there', () => {
    expect(problemsOf({ ...PRODUCTION, SHIPPING_PROVIDER: 'shiprocket' })).toEqual([
      'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD: required in production with SHIPPING_PROVIDER=shiprocket',
    ]);
    expect(shippingSettings(loadConfig(PRODUCTION)).shiprocket).toBeUndefined();
  });

  it('talks to Shiprocket itself with an account in production', () => {
    expect(shippingSettings(loadConfig({ ...PRODUCTION, ...ACCOUNT })).shiprocket).toEqual({
      sandbox: false,
      email: 'api-user@example.in',
      password: 'api-password',
      apiUrl: 'https://apiv2.shiprocket.in/v1/external',
      webhookToken: 'webhook-token-0123456789',
      timeoutMs: 10_000,
    });
  });

  it('ships through the local sandbox in demo mode, with secrets of its own', () => {
    const settings = shippingSettings(loadConfig(DEMO)).shiprocket!;
    expect(settings).toMatchObject({
      sandbox: true,
      apiUrl: 'http://localhost:4000/sandbox/shiprocket/v1/external',
    });
    expect(settings.password).toMatch(/^[0-9a-f]{64}$/);
    expect(settings.webhookToken).toMatch(/^[0-9a-f]{64}$/);
    expect(shippingSettings(loadConfig(DEMO)).shiprocket).toEqual(settings);
    expect(shippingSettings(loadConfig({ ...DEMO, AUTH_SECRET: 'e'.repeat(32) })).shiprocket!.password).not.toBe(
      settings.password,
    );
  });

  it('refuses a Shiprocket account in demo mode, unless its API is a sandbox on this machine', () => {
    expect(problemsOf({ ...DEMO, ...ACCOUNT })).toEqual([
      'SHIPROCKET_EMAIL: a Shiprocket account books real couriers, so it cannot be used with DEMO=true; demo mode ships through the local sandbox (or a sandbox on this machine named by SHIPROCKET_API_URL)',
    ]);
    expect(
      problemsOf({ ...DEMO, ...ACCOUNT, SHIPROCKET_API_URL: 'https://apiv2.shiprocket.in/v1/external' }),
    ).toHaveLength(1);
    for (const apiUrl of [
      'http://127.0.0.1:4567/v1/external',
      'http://localhost:4567/v1/external',
      'http://[::1]:4567/v1/external',
    ]) {
      expect(
        shippingSettings(loadConfig({ ...DEMO, ...ACCOUNT, SHIPROCKET_API_URL: apiUrl })).shiprocket,
      ).toMatchObject({
        sandbox: false,
        apiUrl,
      });
    }
  });
});
