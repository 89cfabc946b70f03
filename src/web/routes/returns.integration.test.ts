// Returns and exchanges through the app (ADR 0025): the shopper's request page and its photos
// (a multipart form), what Your Orders shows, the photos seen only by their shopper and staff,
// and the admin's queue and request page up to a refund with a fresh authenticator code.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { sessionCookieFor } from '../../../tests/support/accounts.ts';
import { ORIGIN } from '../../../tests/support/app.ts';
import { recordDeliveredParcel } from '../../../tests/support/delivered-orders.ts';
import { createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { imageBytes, uploadForm } from '../../../tests/support/images.ts';
import { SANDBOX_KEYS } from '../../../tests/support/payments.ts';
import { useSandboxApp } from '../../../tests/support/sandbox-app.ts';
import { authenticatorCode, enrolThroughPages } from '../../../tests/support/two-factor.ts';
import { orderNumber } from '../../common/orders.ts';
import { auditLog, orders, refunds, returnRequests, type Product } from '../../server/db/schema.ts';
import { unitsLeft } from '../../server/inventory/stock.ts';
import { createRazorpayClient } from '../../server/payments/razorpay.ts';
import { indiaDate } from '../../server/orders/shipping.ts';

const { sandbox, database, app, auth, get, postForm, signIn } = useSandboxApp({
  RATE_LIMIT_RETURN_REQUESTS_PER_SHOPPER_PER_HOUR: '3',
});
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Route Return Tee', sizes: ['M', 'L'] }, { M: 4, L: 4 });
});

/** A signed-in shopper's order of two M tees, paid in the sandbox and delivered today. */
async function deliveredOrder() {
  const shopper = await signIn();
  const razorpay = createRazorpayClient({ apiUrl: `${sandbox.url}/v1`, ...SANDBOX_KEYS });
  const paid = await sandbox.pay((await razorpay.createOrder({ amount: 199_800, currency: 'INR', receipt: 'r' })).id);
  const order = await createOrder(database.db, {
    userId: shopper.id,
    paymentId: paid.razorpay_payment_id,
    itemsJson: [{ productId: tee.id, name: 'Route Return Tee', size: 'M', quantity: 2, pricePaise: 99_900 }],
    status: 'delivered',
  });
  await recordDeliveredParcel(database.db, order.id);
  return { shopper, order };
}

/** The request form as a browser sends it: multipart, with the photos under `photos`. */
const sendRequest = (
  orderId: string,
  fields: Record<string, string>,
  photos: Parameters<typeof uploadForm>[1],
  cookie: string,
) =>
  app.request(`${ORIGIN}/orders/${orderId}/return`, {
    method: 'POST',
    body: uploadForm(fields, photos, 'photos'),
    headers: { Origin: ORIGIN, cookie },
  });

const requestsOf = (orderId: string) =>
  database.db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId));

/** A delivered order whose shopper has sent the request of `fields`, without photos, and that request. */
async function requestedOrder(fields: Record<string, string>) {
  const { shopper, order } = await deliveredOrder();
  await sendRequest(order.id, fields, [], shopper.cookie);
  const [request] = await requestsOf(order.id);
  return { shopper, order, request: request! };
}

describe('/orders/:id/return', () => {
  it('takes an exchange with photos, holds the new size, and Your Orders shows it', async () => {
    const { shopper, order } = await deliveredOrder();
    const orders = await (await get('/orders', shopper.cookie)).text();
    expect(orders).toContain(`Return or exchange items of order #${orderNumber(order.id)}`);

    const page = await get(`/orders/${order.id}/return`, shopper.cookie);
    expect(page.status).toBe(200);
    const form = await page.text();
    expect(form).toContain('Route Return Tee');
    expect(form).toContain('Size you want instead');

    const heldBefore = await unitsLeft(database.db, tee.id, 'L');
    const res = await sendRequest(
      order.id,
      { item: `${tee.id}:M`, kind: 'exchange', exchangeSize: 'L', quantity: '1', reason: 'wrong_size', note: 'Snug.' },
      [{ name: 'front.jpg', bytes: await imageBytes('jpeg') }],
      shopper.cookie,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Your request was sent. We will email you when it has been reviewed.');
    const [request] = await requestsOf(order.id);
    expect(request).toMatchObject({ kind: 'exchange', size: 'M', exchangeSize: 'L', quantity: 1, note: 'Snug.' });
    expect(request!.photos).toHaveLength(1);
    expect(await unitsLeft(database.db, tee.id, 'L')).toBe(heldBefore - 1);

    const after = await (await get('/orders', shopper.cookie)).text();
    expect(after).toContain('Exchange of 1 × Route Return Tee (M → L)');
    expect(after).toContain('Requested');

    // The photo: its shopper sees it, as WebP; another shopper and a visitor get a 404, and so does
    // the public image address.
    const photo = `/orders/return-photos/${request!.photos[0]}`;
    const mine = await get(photo, shopper.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    expect(mine.headers.get('cache-control')).toContain('private');
    expect((await get(photo, (await signIn()).cookie)).status).toBe(404);
    expect((await get(photo)).status).toBe(404);
    expect((await get(`/uploads/products/${request!.photos[0]}`)).status).toBe(404);
  });

  it('refuses a file that is not an image, and more than three photos, keeping nothing', async () => {
    const { shopper, order } = await deliveredOrder();
    const fields = { item: `${tee.id}:M`, kind: 'return', quantity: '1', reason: 'damaged', refundTo: 'original' };
    const notImage = await sendRequest(
      order.id,
      fields,
      [{ name: 'stain.pdf', bytes: '%PDF-1.7 not an image' }],
      shopper.cookie,
    );
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toContain('stain.pdf is not a JPEG, PNG or WebP image.');
    const png = await imageBytes('png');
    const four = await sendRequest(
      order.id,
      fields,
      [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, bytes: png })),
      shopper.cookie,
    );
    expect(four.status).toBe(400);
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it("is a 404 for another shopper's order, and signed out it asks to sign in", async () => {
    const { order } = await deliveredOrder();
    const other = await signIn();
    expect((await get(`/orders/${order.id}/return`, other.cookie)).status).toBe(404);
    const posted = await sendRequest(
      order.id,
      { item: `${tee.id}:M`, kind: 'return', quantity: '1', reason: 'damaged', refundTo: 'original' },
      [],
      other.cookie,
    );
    expect(posted.status).toBe(404);
    expect(await requestsOf(order.id)).toEqual([]);
    const visitor = await get(`/orders/${order.id}/return`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login');
  });

  it("decodes no photo for another shopper's order or an unknown one: the order is refused first", async () => {
    const { shopper, order } = await deliveredOrder();
    const fields = { item: `${tee.id}:M`, kind: 'return', quantity: '1', reason: 'damaged', refundTo: 'original' };
    // A JPEG's first bytes and then nothing a decoder can read: only decoding it finds that out.
    const damaged = [
      { name: 'stain.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]) },
    ];
    const other = await signIn();
    for (const [orderId, cookie] of [
      [order.id, other.cookie],
      [crypto.randomUUID(), shopper.cookie],
    ] as const) {
      const refused = await sendRequest(orderId, fields, damaged, cookie);
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain('could not be read as an image');
    }
    // On the shopper's own order, the same file is decoded, and refused for what it is.
    const own = await sendRequest(order.id, fields, damaged, shopper.cookie);
    expect(own.status).toBe(400);
    expect(await own.text()).toContain('stain.jpg could not be read as an image; it may be damaged.');
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it('refuses a shopper past RATE_LIMIT_RETURN_REQUESTS_PER_SHOPPER_PER_HOUR in words, storing nothing', async () => {
    const { shopper, order } = await deliveredOrder();
    const tooMany = { item: `${tee.id}:M`, kind: 'return', quantity: '5', reason: 'damaged', refundTo: 'original' };
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await sendRequest(order.id, tooMany, [], shopper.cookie)).status).toBe(400);
    }
    const limited = await sendRequest(
      order.id,
      { ...tooMany, quantity: '1' },
      [{ name: 'front.jpg', bytes: await imageBytes('jpeg') }],
      shopper.cookie,
    );
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Too many attempts. Please try again in 60 minutes.');
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it('says so when the order has not been delivered', async () => {
    const shopper = await signIn();
    const order = await createOrder(database.db, { userId: shopper.id, status: 'shipped' });
    const html = await (await get(`/orders/${order.id}/return`, shopper.cookie)).text();
    expect(html).toContain('This order has not been delivered yet, so its items cannot be returned or exchanged.');
  });
});

describe('/admin/returns', () => {
  it('lists new requests and takes a return to its refund with a fresh code', async () => {
    const { shopper, order } = await deliveredOrder();
    const res = await sendRequest(
      order.id,
      {
        item: `${tee.id}:M`,
        kind: 'return',
        quantity: '2',
        reason: 'damaged',
        note: 'Torn seam.',
        refundTo: 'original',
      },
      [],
      shopper.cookie,
    );
    expect(res.status).toBe(200);
    const [request] = await requestsOf(order.id);

    const admin = await createUser(database.db, { role: 'admin', twoFactorEnabled: false });
    const enrolled = await enrolThroughPages({ get, postForm }, database.db, await sessionCookieFor(auth, admin.id));
    const queue = await (await get('/admin/returns', enrolled.cookie)).text();
    expect(queue).toContain('Return of 2 × Route Return Tee (M)');

    const page = `/admin/returns/${request!.id}`;
    expect(await (await get(page, enrolled.cookie)).text()).toContain('Torn seam.');
    expect(
      await (await postForm(page, { to: 'approved', message: 'Pickup on Friday.' }, enrolled.cookie)).text(),
    ).toContain('The request is now approved, awaiting pickup. The customer will be emailed.');
    expect((await postForm(page, { to: 'picked_up', restock: 'yes' }, enrolled.cookie)).status).toBe(200);

    const unconfirmed = await postForm(page, { to: 'refunded' }, enrolled.cookie);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Tick the box to confirm the refund.');
    const noCode = await postForm(page, { to: 'refunded', confirmRefund: 'yes', code: '000000' }, enrolled.cookie);
    expect(noCode.status).not.toBe(200);
    expect(await database.db.select().from(refunds).where(eq(refunds.returnRequestId, request!.id))).toEqual([]);

    const code = await authenticatorCode(enrolled.secret);
    const refunded = await postForm(page, { to: 'refunded', confirmRefund: 'yes', code }, enrolled.cookie);
    expect(refunded.status).toBe(200);
    expect(await refunded.text()).toContain('The request is now refunded. ₹1,998.00 was refunded.');
    const [order_] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(order_!.status).toBe('returned');
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, request!.id));
    expect(entries.map((entry) => entry.actorId)).toEqual(expect.arrayContaining([shopper.id, admin.id]));
    expect(await (await get('/orders', shopper.cookie)).text()).toContain('Refunded, ₹1,998.00 refunded');
  });

  it('ships an exchange’s new size with its tracking link for the shopper', async () => {
    const { shopper, request } = await requestedOrder({
      item: `${tee.id}:M`,
      kind: 'exchange',
      exchangeSize: 'L',
      quantity: '1',
      reason: 'wrong_size',
    });
    const admin = await signIn({ role: 'admin' });
    const page = `/admin/returns/${request.id}`;
    await postForm(page, { to: 'approved' }, admin.cookie);
    await postForm(page, { to: 'picked_up' }, admin.cookie);
    const shipped = await postForm(page, { to: 'replacement_shipped', courier: 'DTDC', awb: 'D1234567' }, admin.cookie);
    expect(await shipped.text()).toContain('The request is now replacement shipped.');
    const orders_ = await (await get('/orders', shopper.cookie)).text();
    expect(orders_).toContain('New size: DTDC, AWB D1234567.');
    expect(orders_).toContain('href="https://www.dtdc.in/trace.asp?strCnno=D1234567"');
    const delivered = await postForm(page, { to: 'exchanged', deliveredOn: indiaDate(new Date()) }, admin.cookie);
    expect(await delivered.text()).toContain('The request is now exchanged.');
  });

  it('is the ordinary 404 to a visitor and a customer, whose posts change nothing', async () => {
    const { shopper, order, request } = await requestedOrder({
      item: `${tee.id}:M`,
      kind: 'return',
      quantity: '1',
      reason: 'other',
      refundTo: 'original',
    });
    for (const cookie of ['', shopper.cookie]) {
      expect((await get('/admin/returns', cookie)).status).toBe(404);
      expect((await get(`/admin/returns/${request.id}`, cookie)).status).toBe(404);
      expect((await postForm(`/admin/returns/${request.id}`, { to: 'approved' }, cookie)).status).toBe(404);
    }
    expect((await requestsOf(order.id))[0]!.status).toBe('requested');
  });
});
