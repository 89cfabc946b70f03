// The sandbox's ids look like Razorpay's (a prefix, then 14 letters and digits): the store accepts
// only such ids from the browser, so an id with any other character would be unverifiable.
import { afterAll, beforeAll, expect, it } from 'vitest';

import { SANDBOX_KEYS, startSandbox, type Sandbox } from '../../../tests/support/payments.ts';
import { createRazorpayClient } from './razorpay.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

it('makes order and payment ids of letters and digits only', async () => {
  const razorpay = createRazorpayClient({ apiUrl: `${sandbox.url}/v1`, ...SANDBOX_KEYS });
  for (let i = 0; i < 100; i += 1) {
    const order = await razorpay.createOrder({ amount: 100, currency: 'INR', receipt: `r${i}`, notes: {} });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const paid = await sandbox.pay(order.id);
    expect(paid.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
  }
});
