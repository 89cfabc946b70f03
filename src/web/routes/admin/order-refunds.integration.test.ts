// The admin's order page shows refunds Razorpay keeps refusing (ADR 0012): how often, the
// last error, and 'needs attention' once the store stopped asking; for the order's own payment and
// for a second payment of the same checkout that is being given back.
import { beforeAll, describe, expect, it } from 'vitest';

import { customerAndAdminCookies } from '../../../../tests/support/accounts.ts';
import { TEST_ADDRESS } from '../../../../tests/support/addresses.ts';
import { ORIGIN, useTestApp } from '../../../../tests/support/app.ts';
import { createOrder, createUser } from '../../../../tests/support/factories.ts';
import { checkouts, refunds } from '../../../server/db/schema.ts';

const { database, app, auth } = useTestApp();
let cookies: Record<'customer' | 'admin', string>;

beforeAll(async () => {
  cookies = await customerAndAdminCookies(auth, database.db);
});

describe('/admin/orders/:id refunds', () => {
  it('shows failed refund requests, the last error and needs attention', async () => {
    const customer = await createUser(database.db);
    const items = [{ productId: 1, name: 'Astro Tee', size: 'M', quantity: 1, pricePaise: 79_900 }];
    const [checkout] = await database.db
      .insert(checkouts)
      .values({
        userId: customer.id,
        status: 'paid',
        fromCart: false,
        itemsJson: items,
        addressJson: TEST_ADDRESS,
        subtotalPaise: 79_900,
        totalPaise: 79_900,
        razorpayOrderId: 'order_admin_refunds',
        paymentId: 'pay_first',
        expiresAt: new Date(),
      })
      .returning();
    const order = await createOrder(database.db, {
      userId: customer.id,
      itemsJson: items,
      paymentId: 'pay_first',
      checkoutId: checkout!.id,
    });
    await database.db.insert(refunds).values([
      {
        orderId: order.id,
        paymentId: 'pay_first',
        amountPaise: 79_900,
        reason: 'Order marked failed by the store',
        attempts: 2,
        lastError: 'Razorpay answered 502',
      },
      {
        checkoutId: checkout!.id,
        paymentId: 'pay_second',
        amountPaise: 79_900,
        reason: 'stock or coupon gone before payment',
        attempts: 8,
        lastError: 'The payment has not been captured',
        needsAttention: true,
      },
    ]);

    const res = await app.request(`${ORIGIN}/admin/orders/${order.id}`, { headers: { cookie: cookies.admin } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Razorpay did not confirm it 2 times (last error: Razorpay answered 502).');
    expect(html).toContain('Other payments');
    expect(html).toContain('₹799.00 of payment pay_second is being refunded');
    expect(html).toContain(
      'Razorpay did not confirm it 8 times (last error: The payment has not been captured). Needs attention',
    );
  });
});
