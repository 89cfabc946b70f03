// 'Ready to ship' through the real app, with an in-memory courier provider: an admin ticks the
// orders that may ship on /admin/orders and presses the button (a plain form post), gets the one
// PDF of their labels and manifest, and reads each parcel on the order's page; a parcel the
// provider could not book shows why, and that it will be retried. Nobody else gets anything.
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';

import { customerAndAdminCookies } from '../../../../tests/support/accounts.ts';
import { useTestApp } from '../../../../tests/support/app.ts';
import { createReturnRequest, recordDeliveredParcel } from '../../../../tests/support/delivered-orders.ts';
import { FakeCourier } from '../../../../tests/support/fake-courier.ts';
import { createCodOrder, createOrder, createUser } from '../../../../tests/support/factories.ts';
import { jobRows } from '../../../../tests/support/jobs.ts';
import { orderNumber } from '../../../common/orders.ts';
import { courierShipments, orders } from '../../../server/db/schema.ts';

const fake = new FakeCourier();
const { database, auth, get, postForm } = useTestApp({}, fake);
let cookies: Record<'customer' | 'admin', string>;

beforeAll(async () => {
  cookies = await customerAndAdminCookies(auth, database.db);
});

/** The href of the page's 'Download labels and manifest' link. */
function pdfLinkOf(html: string): string | undefined {
  return /href="(\/admin\/shipping-batches\/[0-9a-f-]{36}\/labels\.pdf)"[^>]*>Download labels and manifest/.exec(
    html,
  )?.[1];
}

describe('/admin/orders with a courier', () => {
  it('offers the orders that may ship, books the ticked ones and gives their labels and manifest as one PDF', async () => {
    const customer = await createUser(database.db, { name: 'Kabir Sethi' });
    const first = await createOrder(database.db, { userId: customer.id });
    const second = await createOrder(database.db, { userId: customer.id, status: 'processing' });
    const shipped = await createOrder(database.db, { userId: customer.id, status: 'shipped' });
    const { order: unconfirmed } = await createCodOrder(database.db, { userId: customer.id });

    const list = await (await get('/admin/orders', cookies.admin)).text();
    expect(list).toContain('Ready to ship');
    for (const order of [first, second]) {
      expect(list).toContain(`aria-label="Ship order #${order.id.slice(0, 8)}"`);
    }
    for (const order of [shipped, unconfirmed]) {
      expect(list).not.toContain(`aria-label="Ship order #${order.id.slice(0, 8)}"`);
    }

    const res = await postForm(
      '/admin/orders',
      [
        ['orderId', first.id],
        ['orderId', second.id],
      ],
      cookies.admin,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('2 orders are ready to ship. The courier collects on 30 November 2026.');
    const pdfPath = pdfLinkOf(html);
    expect(pdfPath).toBeDefined();
    // Booked: no longer offered, and the list says where the parcel is.
    expect(html).not.toContain(`aria-label="Ship order #${first.id.slice(0, 8)}"`);
    expect(html).toContain('Courier: Label printed');

    const pdf = await get(pdfPath!, cookies.admin);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())));
    expect(text).toHaveLength(3);
    expect(text.slice(0, 2).join('\n')).toContain(`Order ${orderNumber(first.id)}`);
    expect(text.slice(0, 2).join('\n')).toContain(`Order ${orderNumber(second.id)}`);
    expect(text[2]).toContain('Pickup manifest');

    // The order's page shows its parcel, and its print run.
    const page = await (await get(`/admin/orders/${first.id}`, cookies.admin)).text();
    const [parcel] = await database.db.select().from(courierShipments).where(eq(courierShipments.orderId, first.id));
    for (const shown of [
      `Courier parcel ${orderNumber(first.id)}`,
      'Label printed',
      'Delhivery Surface',
      parcel!.awb!,
      '30 November 2026',
      'Download labels and manifest',
    ]) {
      expect(page).toContain(shown);
    }
    expect(pdfLinkOf(page)).toBe(pdfPath);
    // Processing (packed), not shipped: the courier's tracking ships it.
    const [packed] = await database.db.select().from(orders).where(eq(orders.id, first.id));
    expect(packed!.status).toBe('processing');
    expect(page).not.toContain('name="intent" value="ready-to-ship"');
  });

  it('refuses an order that may not ship, by number, and books nothing', async () => {
    const { order } = await createCodOrder(database.db);
    const res = await postForm('/admin/orders', { orderId: order.id }, cookies.admin);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(
      `Order #${orderNumber(order.id)} is cash on delivery and not confirmed yet: confirm it with the customer before shipping.`,
    );
    expect(await database.db.select().from(courierShipments).where(eq(courierShipments.orderId, order.id))).toEqual([]);

    const none = await postForm('/admin/orders', {}, cookies.admin);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose the orders to ship.');
  });

  it('gives the PDF to admins only, and nothing for an unknown run', async () => {
    const order = await createOrder(database.db);
    const html = await (await postForm('/admin/orders', { orderId: order.id }, cookies.admin)).text();
    const pdfPath = pdfLinkOf(html)!;
    expect((await get(pdfPath, cookies.customer)).status).toBe(404);
    expect((await get(pdfPath)).status).toBe(404);
    expect((await get(`/admin/shipping-batches/${crypto.randomUUID()}/labels.pdf`, cookies.admin)).status).toBe(404);
    expect((await get('/admin/shipping-batches/not-a-run/labels.pdf', cookies.admin)).status).toBe(404);
    expect((await postForm('/admin/orders', { orderId: order.id }, cookies.customer)).status).toBe(404);
  });
});

describe('/admin/orders/:id with a courier', () => {
  it("books one order with its own 'Ready to ship', and while the provider is down shows why and that it will be retried", async () => {
    const order = await createOrder(database.db);
    const before = await (await get(`/admin/orders/${order.id}`, cookies.admin)).text();
    expect(before).toContain('No parcel is booked with the courier.');
    expect(before).toContain('name="intent" value="ready-to-ship"');

    fake.down = true;
    try {
      const res = await postForm(`/admin/orders/${order.id}`, { intent: 'ready-to-ship' }, cookies.admin);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`Order #${orderNumber(order.id)} is ready to ship.`);
      const why = 'Shiprocket did not answer: connect ECONNREFUSED 127.0.0.1:443. It will be retried automatically.';
      expect(html).toContain(`Order #${orderNumber(order.id)}: ${why}`);
      const page = await (await get(`/admin/orders/${order.id}`, cookies.admin)).text();
      expect(page).toContain(why);
      expect(page).toContain('Ready to ship');
      expect(page).toContain('Not assigned yet');
      expect(page).not.toContain('Download labels and manifest');
      // Shipping by hand stays open.
      expect(page).toContain('Mark as shipped');
    } finally {
      fake.down = false;
    }
    expect(await jobRows(database, 'courier-booking')).toContainEqual(expect.objectContaining({ state: 'created' }));
  });
});

describe('/admin/orders/:id, its courier booking', () => {
  it('is cancelled by staff before the courier has the parcel, and the order may ship again', async () => {
    const order = await createOrder(database.db);
    await postForm(`/admin/orders/${order.id}`, { intent: 'ready-to-ship' }, cookies.admin);
    const booked = await (await get(`/admin/orders/${order.id}`, cookies.admin)).text();
    expect(booked).toContain('Cancel courier booking');

    const res = await postForm(`/admin/orders/${order.id}`, { intent: 'cancel-booking' }, cookies.admin);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`The courier booking ${orderNumber(order.id)} was cancelled.`);
    const [parcel] = await database.db.select().from(courierShipments).where(eq(courierShipments.orderId, order.id));
    expect(parcel!.state).toBe('cancelled');
    const after = await (await get(`/admin/orders/${order.id}`, cookies.admin)).text();
    expect(after).not.toContain('Cancel courier booking');
    expect(after).toContain('name="intent" value="ready-to-ship"');

    const again = await postForm(`/admin/orders/${order.id}`, { intent: 'cancel-booking' }, cookies.admin);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('This order has no courier booking to cancel.');
  });
});

describe('/admin/returns/:id with a courier', () => {
  it('sends the reverse pickup with the approval', async () => {
    const order = await createOrder(database.db, {
      status: 'delivered',
      itemsJson: [{ productId: 1, name: 'Pickup Tee', size: 'M', quantity: 1, pricePaise: 99_900 }],
    });
    await recordDeliveredParcel(database.db, order.id);
    const request = await createReturnRequest(database.db, { orderId: order.id, productId: 1 });
    const res = await postForm(`/admin/returns/${request.id}`, { to: 'approved' }, cookies.admin);
    expect(res.status).toBe(200);
    expect((await jobRows(database, 'courier-return-pickup')).map((job) => job.data)).toEqual([
      { returnRequestId: request.id },
    ]);
  });
});
