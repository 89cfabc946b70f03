// /admin/orders and /admin/orders/:id through the real app: an admin lists, opens and moves
// orders with plain form posts (the refund through a local Razorpay sandbox) and reads the outcome
// as alerts; anyone else gets the ordinary 404, and their posts change nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { customerAndAdminCookies, recordingMailer, sessionCookieFor } from '../../../../tests/support/accounts.ts';
import { createOrder, createUser } from '../../../../tests/support/factories.ts';
import { bodyOf, expectShows } from '../../../../tests/support/html.ts';
import { deliverQueuedOrderEmails } from '../../../../tests/support/jobs.ts';
import { createPaidOrder } from '../../../../tests/support/payments.ts';
import { useSandboxApp } from '../../../../tests/support/sandbox-app.ts';
import { authenticatorCode, enrolThroughPages } from '../../../../tests/support/two-factor.ts';
import { orderNumber } from '../../../common/orders.ts';
import { auditLog, orderEmailFailures, orders, refunds, type Order } from '../../../server/db/schema.ts';
import { indiaDate } from '../../../server/orders/shipping.ts';

// The store talks to this sandbox as it would to Razorpay, so a refund is a real API call.
const { sandbox, database, auth, get, postForm } = useSandboxApp();
let cookies: Record<'customer' | 'admin', string>;
let order: Order;

beforeAll(async () => {
  cookies = await customerAndAdminCookies(auth, database.db);
  const customer = await createUser(database.db, { name: 'Meera Iyer', email: 'meera@example.test' });
  order = await createOrder(database.db, {
    userId: customer.id,
    itemsJson: [{ productId: 1, name: 'Midnight Bomber Jacket', size: 'L', quantity: 2, pricePaise: 249_900 }],
  });
});

const statusOf = async (id: string) =>
  (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

describe('/admin/orders', () => {
  it('lists the orders with customer, items, total and status, filtered by status', async () => {
    const html = await bodyOf(await get('/admin/orders', cookies.admin));
    // A store that ships by hand offers no courier booking.
    expect(html).not.toContain('Ready to ship');
    expectShows(html, [
      'Meera Iyer',
      'meera@example.test',
      `href="/admin/orders/${order.id}"`,
      order.paymentId!,
      '₹4,998.00',
      'Pending',
    ]);

    const completed = await (await get('/admin/orders?status=completed', cookies.admin)).text();
    expect(completed).not.toContain('Meera Iyer');
    expect(completed).toContain('No orders are completed.');
  });

  it('opens an order with its customer, address, items, amounts and next statuses', async () => {
    const html = await bodyOf(await get(`/admin/orders/${order.id}`, cookies.admin));
    expectShows(html, [
      `Order #${order.id.slice(0, 8)}`,
      'Meera Iyer',
      'Riya Kapoor, Flat 4B, MG Road, Bengaluru, Karnataka - 560001, India',
      'Midnight Bomber Jacket',
      '₹2,499.00',
      '₹4,998.00',
      order.paymentId!,
      'Mark as processing',
      'Mark as failed and refund',
      'I understand the payment of ₹4,998.00 will be refunded',
      'Code from your authenticator app',
    ]);
    expect(html).not.toContain('Mark as completed');
    expect(html).not.toContain('Ready to ship');
  });

  it('is not found for an unknown or malformed order id', async () => {
    expect((await get(`/admin/orders/${crypto.randomUUID()}`, cookies.admin)).status).toBe(404);
    expect((await get('/admin/orders/not-an-id', cookies.admin)).status).toBe(404);
    expect((await postForm(`/admin/orders/${crypto.randomUUID()}`, { to: 'processing' }, cookies.admin)).status).toBe(
      404,
    );
  });

  it('moves an order with a form post and answers with an alert', async () => {
    const html = await bodyOf(await postForm(`/admin/orders/${order.id}`, { to: 'processing' }, cookies.admin));
    expect(html).toContain('Order moved to Processing. The customer will be emailed.');
    expect(html).toContain('Mark as shipped');
    expect(await statusOf(order.id)).toBe('processing');
    // The email is queued with the move; once the queue gives up on it, the order page says so.
    const mailer = recordingMailer();
    mailer.failing = true;
    expect(await deliverQueuedOrderEmails(database, mailer)).toMatchObject([{ outcome: 'failed' }]);
    await database.db.insert(orderEmailFailures).values({
      orderId: order.id,
      subject: 'Trap the Trend: your order is now Processing',
      lastError: '550 mailbox unavailable',
      attempts: 8,
    });
    const page = await (await get(`/admin/orders/${order.id}`, cookies.admin)).text();
    expect(page).toContain('Emails not delivered');
    expect(page).toContain('“Trap the Trend: your order is now Processing” could not be sent after 8 attempts');
    expect(page).toContain('550 mailbox unavailable. Tell the customer another way.');

    const illegal = await postForm(`/admin/orders/${order.id}`, { to: 'pending' }, cookies.admin);
    expect(illegal.status).toBe(409);
    expect(await illegal.text()).toContain('This order is processing; it cannot move to pending.');
    expect(await statusOf(order.id)).toBe('processing');
  });

  it('ships an order with its courier and AWB number, then marks it delivered, and the shopper sees both', async () => {
    const customer = await createUser(database.db, { email: 'parcel@example.test' });
    const parcelOrder = await createOrder(database.db, { userId: customer.id, status: 'processing' });
    const form = await (await get(`/admin/orders/${parcelOrder.id}`, cookies.admin)).text();
    expectShows(form, ['Courier', 'AWB number']);

    const refused = await postForm(
      `/admin/orders/${parcelOrder.id}`,
      { to: 'shipped', courier: 'Delhivery', awb: 'x' },
      cookies.admin,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Enter the AWB number: 6 to 30 letters, digits or dashes.');
    expect(await statusOf(parcelOrder.id)).toBe('processing');

    const shipped = await postForm(
      `/admin/orders/${parcelOrder.id}`,
      { to: 'shipped', courier: 'Xpressbees', awb: 'XB99887766', trackingUrl: '' },
      cookies.admin,
    );
    expect(shipped.status).toBe(200);
    const shippedPage = await shipped.text();
    expect(shippedPage).toContain('Order moved to Shipped.');
    const tracking = 'https://www.xpressbees.com/shipment/tracking?awbNo=XB99887766';
    expect(shippedPage).toContain(`href="${tracking.replace('&', '&amp;')}"`);
    expect(shippedPage).toContain('Mark as delivered');

    const delivered = await postForm(
      `/admin/orders/${parcelOrder.id}`,
      { to: 'delivered', deliveredOn: indiaDate(new Date()) },
      cookies.admin,
    );
    expect(delivered.status).toBe(200);
    expect(await delivered.text()).toContain('Order moved to Delivered.');

    const shopper = await sessionCookieFor(auth, customer.id);
    const orders = await (await get('/orders', shopper)).text();
    expect(orders).toContain(`Order #${orderNumber(parcelOrder.id)}`);
    expect(orders).toContain('Xpressbees, AWB XB99887766.');
    expect(orders).toContain(`href="${tracking.replace('&', '&amp;')}"`);
    expect(orders).toContain('Delivered');
  });

  it('marks an order failed only once the refund is confirmed, and refunds it', async () => {
    const paid = await createPaidOrder(database.db, sandbox, { status: 'processing' });
    const unconfirmed = await postForm(`/admin/orders/${paid.id}`, { to: 'failed' }, cookies.admin);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Tick the box to confirm the refund');
    expect(await statusOf(paid.id)).toBe('processing');

    // Money leaves the store: a current code from the admin's authenticator app, too (ADR 0020).
    const admin = await createUser(database.db, { role: 'admin', twoFactorEnabled: false });
    const enrolled = await enrolThroughPages({ get, postForm }, database.db, await sessionCookieFor(auth, admin.id));
    const code = await authenticatorCode(enrolled.secret);
    const res = await postForm(
      `/admin/orders/${paid.id}`,
      { to: 'failed', confirmRefund: 'yes', code },
      enrolled.cookie,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Order moved to Failed. ₹1,998.00 was refunded. The customer will be emailed.');
    expect(html).toContain('its status is final');
    expect(await statusOf(paid.id)).toBe('failed');
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.paymentId, paid.paymentId!));
    expect(refund).toMatchObject({ orderId: paid.id, amountPaise: 199_800 });
    expect(refund!.razorpayRefundId).toMatch(/^rfnd_/);
    expect(html).toContain(refund!.razorpayRefundId);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, paid.id));
    expect(entries).toHaveLength(1);
  });

  it('is the ordinary 404 to a visitor and a customer, whose posts change nothing', async () => {
    const target = await createOrder(database.db);
    for (const cookie of ['', cookies.customer]) {
      for (const path of ['/admin/orders', `/admin/orders/${target.id}`]) {
        const res = await get(path, cookie);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain(target.paymentId);
      }
      const res = await postForm(`/admin/orders/${target.id}`, { to: 'processing' }, cookie);
      expect(res.status).toBe(404);
      expect(await statusOf(target.id)).toBe('pending');
    }
  });
});
