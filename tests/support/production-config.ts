// The settings a test of the configuration starts from, and what it reads back when they are refused.
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { SELLER_SETTINGS } from './seller.ts';

/** Everything a real deployment must set. */
export const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.in',
  AUTH_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://mail.example.in:587',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
  ...SELLER_SETTINGS,
};

/** The problems loadConfig refuses `env` with; a test expecting some fails when there are none. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
