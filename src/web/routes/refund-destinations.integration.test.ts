// Where a refund goes, through the pages (ADR 0051): Your Orders offers a paid order's cancellation
// as a refund to the payment or as store credit (with the bonus stated) and the credit reaches the
// profile; the return form offers what the order's payment allows, a cash on delivery return's
// payout is refunded by staff as due, shown as being paid, then recorded paid; the admin's order
// and return pages read right for each destination; every refusal is in words and writes nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { sessionCookieFor } from '../../../tests/support/accounts.ts';
import { ORIGIN } from '../../../tests/support/app.ts';
import { BANK_PAYOUT, damagedReturnForm, recordDeliveredParcel } from '../../../tests/support/delivered-orders.ts';
import { createCodOrder, createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { uploadForm } from '../../../tests/support/images.ts';
import { createPaidOrder } from '../../../tests/support/payments.ts';
import { useSandboxApp } from '../../../tests/support/sandbox-app.ts';
import { authenticatorCode, enrolThroughPages } from '../../../tests/support/two-factor.ts';
import { orderNumber } from '../../common/orders.ts';
import { PAYOUT_MESSAGES, REFUND_MESSAGES } from '../../common/refunds.ts';
import {
  auditLog,
  orders,
  refunds,
  returnRequests,
  storeCreditEntries,
  type Order,
  type Product,
} from '../../server/db/schema.ts';
import { indiaDate } from '../../server/orders/shipping.ts';

const { sandbox, database, app, auth, get, postForm, signIn } = useSandboxApp({
  STORE_CREDIT_REFUND_BONUS_PERCENT: '10',
});
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Refund Route Tee', sizes: ['M', 'L'] }, { M: 4, L: 4 });
});

/** A page as a shopper reads it: apostrophes and ampersands as typed, no React text markers. */
const textOf = async (res: Response) =>
  (await res.text()).replaceAll('&#x27;', "'").replaceAll('&amp;', '&').replaceAll('<!-- -->', '');

const statusOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const ledgerOf = (userId: string) =>
  database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId));
const requestsOf = (orderId: string) =>
  database.db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId));

/** A signed-in shopper's order of two M tees, delivered today: paid online, or cash on delivery. */
async function deliveredOrder(payment: 'online' | 'cod') {
  const shopper = await signIn();
  const itemsJson = [{ productId: tee.id, name: 'Refund Route Tee', size: 'M', quantity: 2, pricePaise: 99_900 }];
  const order: Order =
    payment === 'online'
      ? await createOrder(database.db, { userId: shopper.id, itemsJson, status: 'delivered' })
      : (
          await createCodOrder(database.db, {
            userId: shopper.id,
            itemsJson,
            status: 'delivered',
            codConfirmedAt: new Date(),
          })
        ).order;
  await recordDeliveredParcel(database.db, order.id);
  return { shopper, order };
}

/** The return form as a browser sends it (multipart, no photos). */
const sendRequest = (orderId: string, fields: Record<string, string>, cookie: string) =>
  app.request(`${ORIGIN}/orders/${orderId}/return`, {
    method: 'POST',
    body: uploadForm(fields, [], 'photos'),
    headers: { Origin: ORIGIN, cookie },
  });
const aReturn = (fields: Record<string, string>) => damagedReturnForm(tee.id, fields);

/** An admin with two-factor sign-in, whose refund asks for a fresh code. */
async function enrolledAdmin() {
  const admin = await createUser(database.db, { role: 'admin', twoFactorEnabled: false });
  return enrolThroughPages({ get, postForm }, database.db, await sessionCookieFor(auth, admin.id));
}

/** Staff approve the request, mark it picked up and refund it, with a fresh code; the refund's page. */
async function refundThroughPages(requestId: string) {
  const admin = await enrolledAdmin();
  const page = `/admin/returns/${requestId}`;
  expect((await postForm(page, { to: 'approved' }, admin.cookie)).status).toBe(200);
  expect((await postForm(page, { to: 'picked_up' }, admin.cookie)).status).toBe(200);
  const code = await authenticatorCode(admin.secret);
  const refunded = await postForm(page, { to: 'refunded', confirmRefund: 'yes', code }, admin.cookie);
  expect(refunded.status).toBe(200);
  return { admin, page, message: await textOf(refunded) };
}

describe('cancelling on Your Orders', () => {
  it('offers a paid order’s refund to the payment or as store credit, with the bonus, and none for cash on delivery', async () => {
    const shopper = await signIn();
    const paid = await createPaidOrder(database.db, sandbox, { userId: shopper.id });
    const { order: cod } = await createCodOrder(database.db, {
      userId: shopper.id,
      status: 'pending',
      codConfirmedAt: new Date(),
    });
    const html = await textOf(await get('/orders', shopper.cookie));
    expect(html).toContain(`Where the refund of order #${orderNumber(paid.id)} goes`);
    expect(html).toContain('Refund to the original payment');
    expect(html).toContain('Refund as store credit');
    // 10% of ₹1,998.00 is ₹199.80 extra.
    expect(html).toContain('Get ₹2,197.80 as store credit (₹199.80 extra)');
    expect(html).toContain(`Yes, cancel order #${orderNumber(cod.id)}`);
    expect(html).not.toContain(`Where the refund of order #${orderNumber(cod.id)} goes`);
  });

  it('cancels to store credit at once, and the profile shows the credit', async () => {
    const shopper = await signIn();
    const order = await createPaidOrder(database.db, sandbox, { userId: shopper.id });
    const res = await postForm(
      '/orders',
      { intent: 'cancel', orderId: order.id, confirm: 'yes', refundTo: 'store_credit' },
      shopper.cookie,
    );
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain(
      'Your order was cancelled. ₹2,197.80 was added to your store credit. That includes ₹199.80 extra for choosing store credit.',
    );
    expect(await statusOf(order.id)).toBe('cancelled');
    expect((await ledgerOf(shopper.id)).map((entry) => [entry.kind, entry.amountPaise]).sort()).toEqual([
      ['refund', 199_800],
      ['refund_bonus', 19_980],
    ]);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entry!.summary).toContain(
      'pending → cancelled by the customer, ₹1,998.00 refunded as store credit with ₹199.80 extra',
    );
    expect(await textOf(await get('/profile', shopper.cookie))).toContain('Your balance: <strong>₹2,197.80</strong>');

    // The admin's order page says where the refund went.
    const admin = await signIn({ role: 'admin' });
    expect(await textOf(await get(`/admin/orders/${order.id}`, admin.cookie))).toMatch(
      /₹1,998\.00 given as store credit on \w+ \d+, \d{4} at [\d:]+ [AP]M: Order cancelled by the customer\./,
    );
  });

  it('refuses a payout and no choice in words, changing nothing', async () => {
    const shopper = await signIn();
    const order = await createPaidOrder(database.db, sandbox, { userId: shopper.id });
    for (const [refundTo, message] of [
      ['payout', REFUND_MESSAGES.onlineOnly],
      ['', REFUND_MESSAGES.choose],
    ] as const) {
      const res = await postForm(
        '/orders',
        { intent: 'cancel', orderId: order.id, confirm: 'yes', refundTo },
        shopper.cookie,
      );
      expect(res.status).toBe(400);
      expect(await textOf(res)).toContain(message);
    }
    expect(await statusOf(order.id)).toBe('pending');
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await ledgerOf(shopper.id)).toEqual([]);
  });
});

describe('the return form', () => {
  it('offers the payment or store credit for an order paid online, and credit or a payout for cash on delivery', async () => {
    const online = await deliveredOrder('online');
    const form = await textOf(await get(`/orders/${online.order.id}/return`, online.shopper.cookie));
    // The choice shows once "Return for a refund" is picked (refund-fields.test.tsx draws it); the
    // page's data holds the offer for each number of units: 10% extra on ₹999.00, then on ₹1,998.00.
    expect(form).toContain('Return for a refund');
    expect(form).toContain('Get ₹1,098.90 as store credit (₹99.90 extra)');
    expect(form).toContain('Get ₹2,197.80 as store credit (₹199.80 extra)');
    const cod = await deliveredOrder('cod');
    const codForm = await textOf(await get(`/orders/${cod.order.id}/return`, cod.shopper.cookie));
    expect(codForm).toContain('Return for a refund');
    expect(codForm).toContain('Get ₹1,098.90 as store credit (₹99.90 extra)');

    // The server refuses what the order does not offer, in words, and keeps nothing.
    const refusals: Array<[typeof online, Record<string, string>, string]> = [
      [online, { refundTo: 'payout', payoutMethod: 'upi', upiId: 'ravi@okaxis' }, REFUND_MESSAGES.onlineOnly],
      [cod, { refundTo: 'original' }, REFUND_MESSAGES.cashOnly],
      [cod, { refundTo: 'payout', payoutMethod: 'upi', upiId: 'ravi' }, REFUND_MESSAGES.upiId],
      [cod, { ...BANK_PAYOUT, ifsc: 'HDFC123' }, REFUND_MESSAGES.ifsc],
    ];
    for (const [{ order, shopper }, fields, message] of refusals) {
      const res = await sendRequest(order.id, aReturn(fields), shopper.cookie);
      expect(res.status, message).toBe(400);
      expect(await textOf(res)).toContain(message);
    }
    expect(await requestsOf(online.order.id)).toEqual([]);
    expect(await requestsOf(cod.order.id)).toEqual([]);
  });

  it('takes a return of an order paid online as store credit, credited when staff refund it', async () => {
    const { shopper, order } = await deliveredOrder('online');
    const asked = await sendRequest(order.id, aReturn({ refundTo: 'store_credit' }), shopper.cookie);
    expect(asked.status).toBe(200);
    const [request] = await requestsOf(order.id);
    expect(request).toMatchObject({ refundDestination: 'store_credit', creditBonusPercent: 10 });
    expect(await textOf(await get('/orders', shopper.cookie))).toContain('Refund to store credit');
    expect(await textOf(await get(`/orders/${order.id}/return`, shopper.cookie))).toContain('Refund to store credit');

    const admin = await enrolledAdmin();
    const page = `/admin/returns/${request!.id}`;
    await postForm(page, { to: 'approved' }, admin.cookie);
    await postForm(page, { to: 'picked_up' }, admin.cookie);
    const staffPage = await textOf(await get(page, admin.cookie));
    expect(staffPage).toContain('Store credit (10% extra offered)');
    expect(staffPage).toContain(
      "I understand ₹999.00 will be added to the customer's store credit, with ₹99.90 extra.",
    );
    const code = await authenticatorCode(admin.secret);
    const refunded = await postForm(page, { to: 'refunded', confirmRefund: 'yes', code }, admin.cookie);
    expect(await textOf(refunded)).toContain(
      "The request is now refunded. ₹999.00 was added to the customer's store credit. The customer will be emailed.",
    );
    expect(await textOf(await get(page, admin.cookie))).toContain(
      "₹999.00 added to the customer's store credit, with ₹99.90 extra.",
    );
    expect(await textOf(await get('/orders', shopper.cookie))).toContain(
      '₹1,098.90 was added to your store credit. That includes ₹99.90 extra for choosing store credit.',
    );
    expect(await textOf(await get(`/admin/orders/${order.id}`, admin.cookie))).toContain(
      "Return of 1 × Refund Route Tee (M)</a>: ₹999.00 added to the customer's store credit.",
    );
  });

  it('pays a cash on delivery return out to a UPI ID: due, being paid, then paid once recorded', async () => {
    const { shopper, order } = await deliveredOrder('cod');
    const asked = await sendRequest(
      order.id,
      aReturn({ refundTo: 'payout', payoutMethod: 'upi', upiId: 'Ravi@OkAxis' }),
      shopper.cookie,
    );
    expect(asked.status).toBe(200);
    const [request] = await requestsOf(order.id);
    expect(request).toMatchObject({ refundDestination: 'payout', payoutUpiId: 'ravi@okaxis' });
    expect(await textOf(await get('/orders', shopper.cookie))).toContain('Refund to UPI ravi@okaxis');

    const { admin, page, message } = await refundThroughPages(request!.id);
    expect(message).toContain(
      'The refund of ₹999.00 is to be paid to UPI ravi@okaxis. Record the payout here once it is made.',
    );
    const staffPage = await textOf(await get(page, admin.cookie));
    expect(staffPage).toContain('Pay ₹999.00 to UPI ravi@okaxis');
    expect(staffPage).toContain('Record the payout');
    expect(staffPage).toContain('₹999.00 to be paid to UPI ravi@okaxis; not recorded as paid yet.');
    expect(await textOf(await get('/orders', shopper.cookie))).toContain(
      'Refund of ₹999.00 to UPI ravi@okaxis is being paid',
    );

    const today = indiaDate(new Date());
    const empty = await postForm(page, { intent: 'payout', reference: ' ', paidOutOn: today }, admin.cookie);
    expect(empty.status).toBe(400);
    expect(await textOf(empty)).toContain(PAYOUT_MESSAGES.reference);
    const paid = await postForm(page, { intent: 'payout', reference: 'UPI4455667788', paidOutOn: today }, admin.cookie);
    expect(paid.status).toBe(200);
    expect(await textOf(paid)).toContain(
      'The payout of ₹999.00 is recorded and the request is refunded. The customer will be emailed.',
    );
    expect((await requestsOf(order.id))[0]!.status).toBe('refunded');
    expect(await textOf(await get('/orders', shopper.cookie))).toContain('Refund paid to UPI ravi@okaxis');
    expect(await textOf(await get(`/admin/orders/${order.id}`, admin.cookie))).toMatch(
      /₹999\.00 paid to UPI ravi@okaxis on \d{1,2} \w+ \d{4} \(reference UPI4455667788\)\./,
    );
    const again = await postForm(page, { intent: 'payout', reference: 'AGAIN', paidOutOn: today }, admin.cookie);
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain(PAYOUT_MESSAGES.already);
    expect((await database.db.select().from(refunds).where(eq(refunds.orderId, order.id)))[0]).toMatchObject({
      destination: 'payout',
      payoutReference: 'UPI4455667788',
      paidOutOn: today,
    });
  });

  it('masks a bank account for the shopper, and shows it whole to staff, who must pay it', async () => {
    const { shopper, order } = await deliveredOrder('cod');
    expect((await sendRequest(order.id, aReturn(BANK_PAYOUT), shopper.cookie)).status).toBe(200);
    const shopperView = await textOf(await get('/orders', shopper.cookie));
    expect(shopperView).toContain('Refund to account ending 4321');
    expect(shopperView).not.toContain('123456784321');
    const [request] = await requestsOf(order.id);
    const admin = await signIn({ role: 'admin' });
    expect(await textOf(await get(`/admin/returns/${request!.id}`, admin.cookie))).toContain(
      'Paid out by us: Ravi Kumar, account 123456784321, IFSC HDFC0001234',
    );
  });
});
