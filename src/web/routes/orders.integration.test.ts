// Your Orders through the app: each order's number and journey, and cancelling one that has not
// shipped with a ticked confirmation (ADR 0023); another shopper's order cannot be cancelled.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { bodyOf, expectShows } from '../../../tests/support/html.ts';
import { createPaidOrder } from '../../../tests/support/payments.ts';
import { useSandboxApp } from '../../../tests/support/sandbox-app.ts';
import { orderNumber } from '../../common/orders.ts';
import { auditLog, orders } from '../../server/db/schema.ts';

const { sandbox, database, get, postForm, signIn } = useSandboxApp();

/** A signed-in shopper's order whose payment the sandbox captured, so that it can be refunded. */
async function shopperWithPaidOrder() {
  const shopper = await signIn();
  const order = await createPaidOrder(database.db, sandbox, { userId: shopper.id });
  return { shopper, order };
}

const statusOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

describe('/orders', () => {
  it('asks a visitor to log in, on the page itself: no redirect (docs/product.md §6)', async () => {
    const html = await bodyOf(await get('/orders'));
    expectShows(html, ['Your Orders', 'Please log in to view your orders.', 'href="/login"'], ['Loading orders...']);
  });

  it('shows each order with its number, its journey and, before it ships, a way to cancel it', async () => {
    const { shopper, order } = await shopperWithPaidOrder();
    const html = await (await get('/orders', shopper.cookie)).text();
    expect(html).toContain(`Order #${orderNumber(order.id)}`);
    expect(html).toContain(`aria-label="Progress of order #${orderNumber(order.id)}"`);
    expect(html).toContain(`Cancel order #${orderNumber(order.id)} and refund ₹1,998.00`);
  });

  it('cancels an order once the box is ticked, refunding it, and records who did', async () => {
    const { shopper, order } = await shopperWithPaidOrder();
    const unticked = await postForm('/orders', { intent: 'cancel', orderId: order.id }, shopper.cookie);
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('Tick the box to confirm that you want to cancel the order.');
    expect(await statusOf(order.id)).toBe('pending');

    const res = await postForm(
      '/orders',
      { intent: 'cancel', orderId: order.id, confirm: 'yes', refundTo: 'original' },
      shopper.cookie,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Your order was cancelled. ₹1,998.00 is being refunded to the account you paid from');
    expect(await statusOf(order.id)).toBe('cancelled');
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entry).toMatchObject({ actorId: shopper.id, action: 'order.cancel' });
    expect(entry!.summary).toContain('pending → cancelled by the customer, ₹1,998.00 refunded');
  });

  it("does not cancel another shopper's order", async () => {
    const { order } = await shopperWithPaidOrder();
    const other = await signIn();
    const res = await postForm(
      '/orders',
      { intent: 'cancel', orderId: order.id, confirm: 'yes', refundTo: 'original' },
      other.cookie,
    );
    expect(res.status).toBe(404);
    expect(await statusOf(order.id)).toBe('pending');
  });
});
