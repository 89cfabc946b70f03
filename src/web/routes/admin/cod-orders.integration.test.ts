// Cash on delivery in the admin's orders screens, through the real app (ADR 0047, ADR 0049): the
// list marks COD orders and finds the delivered ones whose cash is overdue; an order's page shows
// the cash to collect, lets staff confirm it after a call (audited with who), fail it without a
// refund, return it to origin with or without its units back on sale, and record its cash once.
import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../../../../tests/support/app.ts';
import { expectConfirmedBy } from '../../../../tests/support/cod-confirmation.ts';
import { recordDeliveredParcel } from '../../../../tests/support/delivered-orders.ts';
import { createCodOrder, createOrder, createProduct, createUser } from '../../../../tests/support/factories.ts';
import { bodyOf, expectShows } from '../../../../tests/support/html.ts';
import { auditLog, orders, refunds, taxDocuments, type Product } from '../../../server/db/schema.ts';
import { unitsLeft } from '../../../server/inventory/stock.ts';
import { indiaDate } from '../../../server/orders/shipping.ts';

const DAY_MS = 24 * 3_600_000;
const { database, get, postForm, signIn } = useTestApp({ COD_CASH_OVERDUE_DAYS: '7' });
let admin: { id: string; cookie: string };
let tee: Product;

beforeAll(async () => {
  admin = await signIn({ role: 'admin', email: `cod-admin-${randomUUID()}@example.test` });
  tee = await createProduct(database.db, { name: 'Admin COD Tee', sizes: ['M'], pricePaise: 99_900 }, { M: 10 });
});

/** A cash on delivery order of two tees with a ₹49 fee, for a new customer. */
async function codOrder(overrides: Parameters<typeof createCodOrder>[1] = {}) {
  const customer = await createUser(database.db, { name: 'Kabir Sethi' });
  const { order } = await createCodOrder(database.db, {
    userId: customer.id,
    itemsJson: [{ productId: tee.id, name: 'Admin COD Tee', size: 'M', quantity: 2, pricePaise: 99_900 }],
    codFeePaise: 4_900,
    ...overrides,
  });
  return order;
}

/** A COD order delivered `daysAgo` days ago, its cash not recorded unless `cash` says. */
async function deliveredCodOrder(daysAgo: number, cash: Parameters<typeof createCodOrder>[1] = {}) {
  const order = await codOrder({ status: 'delivered', codConfirmedAt: new Date(), ...cash });
  await recordDeliveredParcel(database.db, order.id, new Date(Date.now() - daysAgo * DAY_MS));
  return order;
}

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const auditOf = (id: string) => database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
const page = async (id: string) => (await get(`/admin/orders/${id}`, admin.cookie)).text();
const move = (id: string, fields: Record<string, string>) => postForm(`/admin/orders/${id}`, fields, admin.cookie);

describe('/admin/orders with cash on delivery', () => {
  it('marks COD orders, and lists those whose cash is overdue after COD_CASH_OVERDUE_DAYS', async () => {
    const overdue = await deliveredCodOrder(8);
    const recent = await deliveredCodOrder(3);
    const paid = await deliveredCodOrder(9, {
      cashReceivedAt: new Date(),
      cashReference: 'UTR1',
      cashRemittedOn: indiaDate(new Date()),
    });
    const completed = await deliveredCodOrder(10);
    await database.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, completed.id));
    const online = await createOrder(database.db, { status: 'delivered' });

    const all = await (await get('/admin/orders', admin.cookie)).text();
    const rowOf = (html: string, id: string) =>
      html.slice(html.indexOf(`href="/admin/orders/${id}"`)).split('</tr>')[0]!;
    expect(rowOf(all, overdue.id)).toContain('COD');
    expect(rowOf(all, online.id)).not.toContain('COD');
    expect(rowOf(all, online.id)).toContain(online.paymentId!);
    expect(all).toContain('Cash not received');

    const html = await bodyOf(await get('/admin/orders?cash=overdue', admin.cookie));
    expect(html).toContain(
      'Cash on delivery orders delivered more than 7 days ago whose cash has not been recorded as received.',
    );
    expect(html.replaceAll('<!-- -->', '')).toContain('2 orders');
    for (const shown of [overdue, completed]) expect(html).toContain(`href="/admin/orders/${shown.id}"`);
    for (const hidden of [recent, paid, online]) expect(html).not.toContain(`href="/admin/orders/${hidden.id}"`);
  });
});

describe('/admin/orders/:id of a cash on delivery order', () => {
  it('shows the cash to collect, and staff confirm it after a call, recorded with who', async () => {
    const order = await codOrder();
    const html = await page(order.id);
    expectShows(html, [
      'Awaiting confirmation',
      'Cash on delivery: ₹2,047.00 to collect',
      'Cash on delivery fee',
      'Confirm order (after a call)',
      '0 of this customer&#x27;s orders',
    ]);
    expect(html).not.toContain('Payment id');

    const res = await move(order.id, { to: 'pending' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(
      'Order confirmed after a call: it moved to Pending. The customer will be emailed.',
    );
    await expectConfirmedBy(
      database.db,
      order.id,
      admin.id,
      `Order #${order.id.slice(0, 8)} confirmed by staff after a call: awaiting_confirmation → pending`,
    );
    expect(await page(order.id)).not.toContain('Confirm order (after a call)');
  });

  it('fails it without a refund, its confirmation or a code, since nothing was paid', async () => {
    const order = await codOrder({ status: 'processing', codConfirmedAt: new Date() });
    const html = await page(order.id);
    expect(html).toContain('Mark as failed');
    expect(html).not.toContain('will be refunded to the customer');
    const answer = await bodyOf(await move(order.id, { to: 'failed' }));
    expect(answer).toContain('Order moved to Failed. The customer will be emailed.');
    expect(answer).not.toContain('was refunded');
    expect((await orderRow(order.id)).status).toBe('failed');
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('ships it with its invoice, then returns it to origin with its units back on sale and a credit note', async () => {
    const order = await codOrder({ status: 'processing', codConfirmedAt: new Date() });
    const shippedPage = await bodyOf(await move(order.id, { to: 'shipped', courier: 'Delhivery', awb: 'DL55501234' }));
    expect(shippedPage).toContain('Order moved to Shipped.');
    expect(shippedPage).toContain('Mark as returned to origin');
    expect(shippedPage).toContain('Put the units back on sale');
    const [invoice] = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(shippedPage).toContain(invoice!.number);
    const [shipEntry] = await auditOf(order.id);
    expect(shipEntry!.summary).toBe(
      `Order #${order.id.slice(0, 8)} processing → shipped, Delhivery AWB DL55501234, invoice ${invoice!.number}`,
    );

    const units = await unitsLeft(database.db, tee.id, 'M');
    const html = await bodyOf(await move(order.id, { to: 'returned_to_origin', restock: 'yes' }));
    expect(html).toContain('Order moved to Returned to origin. The customer will be emailed.');
    expect(html.replaceAll('<!-- -->', '')).toContain('This order is returned to origin: its status is final.');
    expect(html).toContain('1 of this customer&#x27;s orders');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 2);
    const documents = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    const creditNote = documents.find((document) => document.kind === 'credit_note');
    expect(creditNote).toMatchObject({ refundId: null, totalPaise: 204_700 });
    expect(html).toContain(creditNote!.number);
    const entries = await auditOf(order.id);
    expect(entries.map((entry) => entry.summary)).toContain(
      `Order #${order.id.slice(0, 8)} shipped → returned_to_origin, credit note ${creditNote!.number}, units back on sale`,
    );
  });

  it('returns it to origin without its units when the box is left unticked', async () => {
    const order = await codOrder({ status: 'processing', codConfirmedAt: new Date() });
    await move(order.id, { to: 'shipped', courier: 'Delhivery', awb: 'DL55509999' });
    const units = await unitsLeft(database.db, tee.id, 'M');
    expect((await move(order.id, { to: 'returned_to_origin' })).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('returned_to_origin');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
  });

  it('never offers an online order the return to origin, and refuses it', async () => {
    const online = await createOrder(database.db, { status: 'shipped' });
    expect(await page(online.id)).not.toContain('Mark as returned to origin');
    // Only to finish the refund of a parcel the courier brought back, which asks for its confirmation first.
    const res = await move(online.id, { to: 'returned_to_origin', restock: 'yes' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Tick the box to confirm the refund before returning the order to origin.');
    expect((await orderRow(online.id)).status).toBe('shipped');
  });

  it('records the cash received once, validated and audited, then shows it', async () => {
    const order = await deliveredCodOrder(2);
    const form = await page(order.id);
    expect(form).toContain('Remittance reference');
    expect(form).toContain('Record cash received');

    const today = indiaDate(new Date());
    const refused = await move(order.id, { intent: 'cash', reference: '', remittedOn: today });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Enter the remittance reference.');
    const future = await move(order.id, {
      intent: 'cash',
      reference: 'UTR-4455',
      remittedOn: indiaDate(new Date(Date.now() + DAY_MS)),
    });
    expect(future.status).toBe(400);
    expect(await future.text()).toContain('The remittance date cannot be in the future.');
    const early = await move(order.id, {
      intent: 'cash',
      reference: 'UTR-4455',
      remittedOn: indiaDate(new Date(Date.now() - 5 * DAY_MS)),
    });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain('The remittance date cannot be before the order was delivered.');
    expect((await orderRow(order.id)).cashReceivedAt).toBeNull();

    const html = await bodyOf(await move(order.id, { intent: 'cash', reference: 'UTR-4455', remittedOn: today }));
    expect(html).toContain('Cash of ₹2,047.00 recorded as received.');
    expect(html).toContain(`Reference UTR-4455, remitted on ${today}`);
    expect(html).not.toContain('Record cash received');
    expect(await orderRow(order.id)).toMatchObject({ cashReference: 'UTR-4455', cashRemittedOn: today });
    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'order.cash' });

    const again = await move(order.id, { intent: 'cash', reference: 'UTR-0000', remittedOn: today });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('The cash of this order has already been recorded as received.');
    expect((await orderRow(order.id)).cashReference).toBe('UTR-4455');
    expect(await auditOf(order.id)).toHaveLength(1);
  });

  it('is the ordinary 404 to a shopper, whose posts change nothing', async () => {
    const order = await deliveredCodOrder(2);
    const shopper = await signIn();
    expect((await get(`/admin/orders/${order.id}`, shopper.cookie)).status).toBe(404);
    const today = indiaDate(new Date());
    const res = await postForm(
      `/admin/orders/${order.id}`,
      { intent: 'cash', reference: 'X1', remittedOn: today },
      shopper.cookie,
    );
    expect(res.status).toBe(404);
    expect((await orderRow(order.id)).cashReceivedAt).toBeNull();
  });
});
