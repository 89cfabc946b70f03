import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.env).toBe('development');
    expect(config.demo).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.store.founders).toHaveLength(2);
  });

  it('derives the public URL from the port', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.in/' }).publicUrl).toBe('https://shop.example.in');
  });

  it('reads the store settings the pages show', () => {
    const config = loadConfig({
      STORE_EMAIL: 'care@example.in',
      STORE_PHONE: '+91 90000 00000',
      STORE_FOUNDERS: 'A One, B Two',
    });
    expect(config.store.email).toBe('care@example.in');
    expect(config.store.phone).toBe('+91 90000 00000');
    expect(config.store.founders).toEqual(['A One', 'B Two']);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'not a url', STORE_EMAIL: 'nope', LOG_LEVEL: 'loud' });
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('STORE_EMAIL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('LOG_LEVEL:'))).toBe(true);
  });

  it('requires real secrets, mail and payments in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toContain('AUTH_SECRET: required in production');
    expect(problems).toContain('SMTP_URL: required in production');
    expect(problems).toContain('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: required in production');
    expect(problemsOf({ NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })).toContain(
      'RAZORPAY_WEBHOOK_SECRET: required in production',
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example.in:587',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    });
    expect(config.demo).toBe(false);
  });

  it('allows demo defaults in production only when DEMO is set', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).demo).toBe(true);
  });

  it('refuses half-configured pairs', () => {
    expect(problemsOf({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toContain(
      'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both or neither',
    );
    expect(problemsOf({ ADMIN_EMAIL: 'a@b.in' })).toContain('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  });

  it('refuses a short auth secret', () => {
    expect(problemsOf({ AUTH_SECRET: 'short' }).some((p) => p.startsWith('AUTH_SECRET:'))).toBe(true);
  });
});
