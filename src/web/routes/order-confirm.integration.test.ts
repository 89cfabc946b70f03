// A cash on delivery order's confirmation through the app (ADR 0047): the emailed link's page shows
// the order and a button and confirms nothing; its form confirms it once, for its own shopper,
// within COD_CONFIRM_HOURS; Your Orders shows the order awaiting confirmation, what will be paid on
// delivery, and confirms or cancels it with no refund.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../../../tests/support/app.ts';
import { expectConfirmedBy } from '../../../tests/support/cod-confirmation.ts';
import { createCodOrder, createProduct } from '../../../tests/support/factories.ts';
import { jobRows } from '../../../tests/support/jobs.ts';
import { orderNumber } from '../../common/orders.ts';
import { auditLog, orders, refunds, type Product } from '../../server/db/schema.ts';
import { unitsLeft } from '../../server/inventory/stock.ts';
import { codConfirmPath } from '../../server/orders/cod-token.ts';

const { database, get, postForm, signIn } = useTestApp();
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Confirm Tee', sizes: ['M'], pricePaise: 99_900 }, { M: 10 });
});

/** A signed-in shopper's cash on delivery order of two tees with a ₹49 fee, waiting for them to confirm it. */
async function shopperWithCodOrder(overrides: Parameters<typeof createCodOrder>[1] = {}) {
  const shopper = await signIn();
  const { order, token } = await createCodOrder(database.db, {
    userId: shopper.id,
    itemsJson: [{ productId: tee.id, name: 'Confirm Tee', size: 'M', quantity: 2, pricePaise: 99_900 }],
    codFeePaise: 4_900,
    ...overrides,
  });
  return { shopper, order, token, link: codConfirmPath(order.id, token) };
}

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const auditOf = (id: string) => database.db.select().from(auditLog).where(eq(auditLog.entityId, id));

describe('/orders/:id/confirm', () => {
  it('shows the order, the cash to pay on delivery and a button, and a GET confirms nothing', async () => {
    const { shopper, order, link } = await shopperWithCodOrder();
    const res = await get(link, shopper.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      'Confirm your order',
      `Order #${orderNumber(order.id)}`,
      'Confirm Tee',
      'Size: <!-- -->M<!-- --> | Qty: <!-- -->2',
      'Cash on delivery fee',
      'Cash on delivery: ₹2,047.00 to pay when it arrives',
      '>Confirm order</button>',
    ]) {
      expect(html).toContain(text);
    }
    // Twice, as a mail scanner and then the shopper would: nothing changed.
    await get(link, shopper.cookie);
    expect(await orderRow(order.id)).toMatchObject({ status: 'awaiting_confirmation', codConfirmedAt: null });
    expect(await auditOf(order.id)).toEqual([]);
  });

  it('asks a signed-out visitor to log in first, showing nothing of the order', async () => {
    const { order, link } = await shopperWithCodOrder();
    const res = await get(link);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Please log in to confirm your order.');
    expect(html).toContain('href="/login"');
    expect(html).not.toContain('Confirm Tee');
    // A form posted after the session ended goes back to the page, which asks the same.
    const posted = await postForm(link, { token: 'anything' });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe(link);
    expect((await orderRow(order.id)).status).toBe('awaiting_confirmation');
  });

  it('confirms the order with its button, records who, and refuses the link a second time', async () => {
    const { shopper, order, token, link } = await shopperWithCodOrder();
    const res = await postForm(link, { token }, shopper.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Thank you: your order is confirmed. We will let you know when it ships.');
    const row = await expectConfirmedBy(
      database.db,
      order.id,
      shopper.id,
      `Order #${order.id.slice(0, 8)} confirmed by the customer: awaiting_confirmation → pending`,
    );

    const again = await postForm(link, { token }, shopper.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This order is already confirmed.');
    const page = await get(link, shopper.cookie);
    expect(await page.text()).toContain('This order is already confirmed.');
    expect(await orderRow(order.id)).toEqual(row);
    expect(await auditOf(order.id)).toHaveLength(1);
  });

  it('confirms with the token the form carries, whatever the address it is posted to', async () => {
    const { shopper, order, token } = await shopperWithCodOrder();
    const res = await postForm(`/orders/${order.id}/confirm`, { token }, shopper.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Thank you: your order is confirmed.');
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('refuses an expired link, writing nothing', async () => {
    const { shopper, order, token, link } = await shopperWithCodOrder({
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    const page = await get(link, shopper.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('This confirmation link has expired.');
    const res = await postForm(link, { token }, shopper.cookie);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('This confirmation link has expired.');
    expect(await orderRow(order.id)).toMatchObject({ status: 'awaiting_confirmation', codConfirmedAt: null });
    expect(await auditOf(order.id)).toEqual([]);
  });

  it("refuses another shopper's link and a wrong token alike, showing nothing of the order", async () => {
    const { order, token, link } = await shopperWithCodOrder();
    const stranger = await signIn();
    const mailsBefore = (await jobRows(database, 'send-mail')).length;
    const page = await get(link, stranger.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('This confirmation link is not valid.');
    expect(html).not.toContain('Confirm Tee');
    for (const [fields, cookie] of [
      [{ token }, stranger.cookie],
      [{ token: 'not-the-token' }, (await signIn()).cookie],
    ] as const) {
      const res = await postForm(link, fields, cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This confirmation link is not valid.');
    }
    const { shopper: owner } = await shopperWithCodOrder();
    const wrong = await postForm(link, { token: 'not-the-token' }, owner.cookie);
    expect(wrong.status).toBe(404);
    // A form posted without the link's query (a forged one) confirms with the token it carries.
    const posted = await postForm(`/orders/${order.id}/confirm`, { token }, (await signIn()).cookie);
    expect(posted.status).toBe(404);
    expect((await orderRow(order.id)).status).toBe('awaiting_confirmation');
    expect(await jobRows(database, 'send-mail')).toHaveLength(mailsBefore);
  });
});

describe('a cash on delivery order on /orders', () => {
  it('shows it awaiting confirmation with the cash to pay, and confirms it with its button', async () => {
    const { shopper, order } = await shopperWithCodOrder();
    const html = await (await get('/orders', shopper.cookie)).text();
    for (const text of [
      'Awaiting confirmation',
      'Payment: Cash on delivery',
      'Cash on delivery: ₹2,047.00 to pay when it arrives',
      `aria-label="Confirm order #${orderNumber(order.id)}"`,
      `Yes, cancel order #${orderNumber(order.id)}`,
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Payment ID');

    const stranger = await signIn();
    const refused = await postForm('/orders', { intent: 'confirm', orderId: order.id }, stranger.cookie);
    expect(refused.status).toBe(404);
    expect((await orderRow(order.id)).status).toBe('awaiting_confirmation');

    const res = await postForm('/orders', { intent: 'confirm', orderId: order.id }, shopper.cookie);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Thank you: your order is confirmed. We will let you know when it ships.');
    expect(page).not.toContain(`aria-label="Confirm order #${orderNumber(order.id)}"`);
    expect((await orderRow(order.id)).status).toBe('pending');
    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({ actorId: shopper.id, action: 'order.confirm' });
  });

  it('cancels it with no refund, giving the units back', async () => {
    const { shopper, order } = await shopperWithCodOrder({ status: 'pending', codConfirmedAt: new Date() });
    const units = await unitsLeft(database.db, tee.id, 'M');
    const res = await postForm('/orders', { intent: 'cancel', orderId: order.id, confirm: 'yes' }, shopper.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Your order was cancelled.');
    expect(html).not.toContain('is being refunded');
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    const [entry] = await auditOf(order.id);
    expect(entry!.summary).toBe(`Order #${order.id.slice(0, 8)} pending → cancelled by the customer`);
  });

  it('stops saying what to pay once it is delivered', async () => {
    const { shopper } = await shopperWithCodOrder({ status: 'delivered', codConfirmedAt: new Date() });
    const html = await (await get('/orders', shopper.cookie)).text();
    expect(html).toContain('Payment: Cash on delivery');
    expect(html).not.toContain('to pay when it arrives');
  });
});
