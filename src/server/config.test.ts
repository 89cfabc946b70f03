import { describe, expect, it } from 'vitest';

import { RATE_RULES } from './auth/rate-limit.ts';
import { ConfigError, loadConfig, RATE_LIMIT_SETTINGS } from './config.ts';

/** Everything a real deployment must set. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.in',
  AUTH_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://mail.example.in:587',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};

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
    const config = loadConfig(PRODUCTION);
    expect(config.demo).toBe(false);
  });

  it('requires an https:// PUBLIC_URL in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContain(
      'PUBLIC_URL: required in production (the https:// address shoppers use)',
    );
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://shop.example.in' })).toEqual([
      'PUBLIC_URL: must be an https:// address in production',
    ]);
    expect(loadConfig(PRODUCTION).publicUrl).toBe('https://shop.example.in');
    // Demo mode runs on a laptop's http://localhost.
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).publicUrl).toBe('http://localhost:3000');
  });

  it('refuses a live Razorpay key in demo mode', () => {
    expect(problemsOf({ ...PRODUCTION, DEMO: 'true' })).toEqual([
      'RAZORPAY_KEY_ID: a live key (rzp_live_…) cannot be used with DEMO=true; demo mode takes no real payments',
    ]);
    expect(loadConfig({ ...PRODUCTION, DEMO: 'true', RAZORPAY_KEY_ID: 'rzp_test_x' }).demo).toBe(true);
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

  it("holds ADMIN_PASSWORD to a shopper's password rules", () => {
    const admin = (password: string) => problemsOf({ ADMIN_EMAIL: 'admin@shop.example.in', ADMIN_PASSWORD: password });
    expect(admin('short1!')).toEqual(['ADMIN_PASSWORD: Password must be at least 8 characters']);
    expect(admin('zebrafish42')).toEqual([
      'ADMIN_PASSWORD: Password must contain letters, numbers, and at least one symbol (@$!%*?&)',
    ]);
    expect(loadConfig({ ADMIN_EMAIL: 'admin@shop.example.in', ADMIN_PASSWORD: 'Str0ng@pass' }).admin).toEqual({
      email: 'admin@shop.example.in',
      password: 'Str0ng@pass',
    });
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy.kind).toBe('addresses');
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/8, proxy' })).toEqual([
      'TRUST_PROXY: "proxy" is not an address or a CIDR range',
    ]);
  });

  it("has today's rate limits by default, each changeable by its own setting", () => {
    expect(loadConfig({}).rateLimits).toEqual(RATE_RULES);
    const tuned = loadConfig({ RATE_LIMIT_SIGNUPS_PER_IP_PER_HOUR: '50', RATE_LIMIT_LOGINS_PER_EMAIL_PER_15_MIN: '4' });
    expect(tuned.rateLimits.signupPerIp).toEqual({ max: 50, windowMs: RATE_RULES.signupPerIp.windowMs });
    expect(tuned.rateLimits.loginPerEmail.max).toBe(4);
    expect(tuned.rateLimits.loginPerIp).toEqual(RATE_RULES.loginPerIp);
    expect(Object.keys(RATE_LIMIT_SETTINGS).sort()).toEqual(Object.keys(RATE_RULES).sort());
    expect(
      problemsOf({ RATE_LIMIT_RESETS_PER_EMAIL_PER_HOUR: '0', RATE_LIMIT_LOGINS_PER_IP_PER_15_MIN: 'many' }),
    ).toEqual(
      expect.arrayContaining([
        'RATE_LIMIT_RESETS_PER_EMAIL_PER_HOUR: must be at least 1',
        expect.stringMatching(/^RATE_LIMIT_LOGINS_PER_IP_PER_15_MIN: /),
      ]),
    );
  });

  it('refuses a short auth secret', () => {
    expect(problemsOf({ AUTH_SECRET: 'short' }).some((p) => p.startsWith('AUTH_SECRET:'))).toBe(true);
  });
});
