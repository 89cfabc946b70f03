import { createHash } from 'node:crypto';
import { createServer } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pwnedPasswordsStub, type PwnedPasswordsStub } from '../../../tests/support/pwned-passwords.ts';
import { freePort } from '../../../tests/support/free-port.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { isPwnedPassword } from './pwned-passwords.ts';

const logger = createLogger('silent');
const BREACHED = 'Kx7#pLm2qRz';
let stub: PwnedPasswordsStub;
beforeAll(async () => {
  stub = await pwnedPasswordsStub([BREACHED]);
});
afterAll(() => stub.close());

describe('the Pwned Passwords range API', () => {
  it('finds a breached password, sending only the first five characters of its SHA-1, with padding', async () => {
    const settings = { url: stub.url, timeoutMs: 5000 };
    expect(await isPwnedPassword(settings, BREACHED, logger)).toBe(true);
    expect(await isPwnedPassword(settings, 'Tiffin@Rickshaw92', logger)).toBe(false);
    const hash = createHash('sha1').update(BREACHED).digest('hex').toUpperCase();
    expect(stub.requests[0]!.path).toBe(`/range/${hash.slice(0, 5)}`);
    expect(stub.requests[0]!.headers['add-padding']).toBe('true');
    expect(JSON.stringify(stub.requests)).not.toContain(hash.slice(5, 12));
  });

  it('answers undefined, for the local check alone to decide, when the service is off, down or slow', async () => {
    const asked = stub.requests.length;
    expect(await isPwnedPassword({ url: undefined, timeoutMs: 5000 }, BREACHED, logger)).toBeUndefined();
    expect(stub.requests).toHaveLength(asked);
    const closedPort = `http://127.0.0.1:${await freePort()}`;
    expect(await isPwnedPassword({ url: closedPort, timeoutMs: 5000 }, BREACHED, logger)).toBeUndefined();

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      expect(
        await isPwnedPassword({ url: `http://127.0.0.1:${port}`, timeoutMs: 100 }, BREACHED, logger),
      ).toBeUndefined();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('is asked outside demo mode by default, never in demo mode unless set, and empty turns it off', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.test',
      AUTH_SECRET: 'a-production-secret-0123456789abcdefghij',
      SMTP_URL: 'smtp://mail.example.test',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      SELLER_LEGAL_NAME: 'A Seller Private Limited',
      SELLER_ADDRESS: '1 MG Road, Bengaluru',
      SELLER_GSTIN: '29AAACT1234D1ZR',
      SELLER_STATE: 'Karnataka',
      GRIEVANCE_OFFICER_NAME: 'An Officer',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@example.test',
      GRIEVANCE_OFFICER_PHONE: '+91 80 4567 8900',
    };
    expect(loadConfig(production).pwnedPasswords.url).toBe('https://api.pwnedpasswords.com');
    expect(loadConfig({ ...production, PWNED_PASSWORDS_URL: '' }).pwnedPasswords.url).toBeUndefined();
    expect(loadConfig({}).pwnedPasswords.url).toBeUndefined();
    expect(loadConfig({ PWNED_PASSWORDS_URL: 'http://127.0.0.1:9/' }).pwnedPasswords.url).toBe('http://127.0.0.1:9');
  });
});
