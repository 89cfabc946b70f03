// Returns and size exchanges (ADR 0025) over a real database and the local Razorpay sandbox:
// every move of a request, every refused request (nothing written), an exchange's new size held
// from the request and given back when it is rejected or lapses, and a return's refund of part of
// the payment with its credit note.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createAdminActor, createProduct, createUser } from '../../../tests/support/factories.ts';
import { damagedReturnForm } from '../../../tests/support/delivered-orders.ts';
import { recordingMailer } from '../../../tests/support/accounts.ts';
import { deliverQueuedOrderEmails, jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { returnDeps } from '../../../tests/support/order-moves.ts';
import { createPaidOrder, SANDBOX_KEYS, useSandbox } from '../../../tests/support/payments.ts';
import { imageBytes, receive, uploadForm } from '../../../tests/support/images.ts';
import { TEST_INVOICE_SETTINGS } from '../../../tests/support/seller.ts';
import { DAY_MS } from '../../../tests/support/time.ts';
import type { Actor } from '../shared/audit.ts';
import {
  auditLog,
  coupons,
  orders,
  refunds,
  returnRequests,
  shipments,
  taxDocuments,
  type Order,
  type Product,
} from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { issueInvoice } from '../invoices/issue.ts';
import { createRazorpayClient, type RazorpayClient } from '../payments/razorpay.ts';
import { shopperPhotosDir } from '../storage/folder.ts';
import {
  expireReturnRequests,
  moveReturnRequest,
  REFUND_REASON_RETURN,
  requestReturn,
  RETURN_MESSAGES,
  type ReturnDeps,
} from './returns.ts';
import { indiaDate } from './shipping.ts';
import { changeOrderStatus } from './status.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const sandbox = useSandbox();
let razorpay: RazorpayClient;
let tee: Product;
let admin: Actor;
let dataDir: string;

beforeAll(async () => {
  razorpay = createRazorpayClient({ apiUrl: `${sandbox.url}/v1`, ...SANDBOX_KEYS });
  tee = await createProduct(
    database.db,
    { name: 'Return Tee', sizes: ['S', 'M', 'L', 'XL'], pricePaise: 99_900 },
    { S: 5, M: 5, L: 20, XL: 0 },
  );
  admin = await createAdminActor(database.db, `returns-admin-${Date.now()}@example.test`);
  await database.db.insert(coupons).values({ code: 'RETURN100', kind: 'flat', value: 10_000 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'returns-'));
});

const deps = (client: ReturnDeps['razorpay'] = razorpay) =>
  returnDeps(database.db, jobs, { razorpay: client, images: { config: { dataDir, storage: { kind: 'local' } } } });

/** A photo as the request form's upload leaves it, ready to be decoded. */
async function photoFile() {
  const upload = await receive(
    uploadForm({}, [{ name: 'front.jpg', bytes: await imageBytes('jpeg') }], 'photos'),
    path.join(dataDir, 'tmp'),
  );
  return upload.files;
}
const storedPhotos = async () => readdir(shopperPhotosDir({ dataDir })).catch(() => [] as string[]);

const noRecord = async () => undefined;

/**
 * A shopper's order of three M tees (₹100 off with a coupon), paid in the sandbox, invoiced,
 * shipped and delivered today, unless the test stops it earlier.
 */
async function deliveredOrder({
  upTo = 'delivered',
  product = tee,
}: { upTo?: 'processing' | 'delivered'; product?: Product } = {}) {
  const customer = await createUser(database.db);
  const order = await createPaidOrder(database.db, sandbox, {
    userId: customer.id,
    itemsJson: [{ productId: product.id, name: product.name, size: 'M', quantity: 3, pricePaise: 99_900 }],
    discountPaise: 10_000,
    couponCode: 'RETURN100',
    status: 'processing',
  });
  await database.db.transaction((tx) => issueInvoice(tx, TEST_INVOICE_SETTINGS, order.id));
  if (upTo === 'delivered') {
    const moves = deps();
    expect(
      await changeOrderStatus(moves, order.id, 'shipped', noRecord, { courier: 'Delhivery', awb: 'DL10000001' }),
    ).toMatchObject({ ok: true });
    const today = indiaDate(new Date());
    expect(await changeOrderStatus(moves, order.id, 'delivered', noRecord, { deliveredOn: today })).toMatchObject({
      ok: true,
    });
  }
  return { customer: { id: customer.id, email: customer.email }, order };
}

const exchange = (overrides: Record<string, unknown> = {}) => ({
  item: `${tee.id}:M`,
  kind: 'exchange',
  exchangeSize: 'L',
  quantity: '1',
  reason: 'wrong_size',
  note: 'Too tight across the chest.',
  ...overrides,
});
const giveBack = (overrides: Record<string, unknown> = {}) =>
  damagedReturnForm(tee.id, { refundTo: 'original', ...overrides });

const requestsOf = (orderId: string) =>
  database.db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId));
const statusOf = async (orderId: string) =>
  (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

/** What a refused request must leave as it was: the requests, the stock of every size, the emails. */
async function snapshot(order: Order) {
  return {
    requests: await requestsOf(order.id),
    stock: Object.fromEntries(
      await Promise.all(['S', 'M', 'L', 'XL'].map(async (size) => [size, await unitsLeft(database.db, tee.id, size)])),
    ),
    emails: (await jobRows(database, 'send-mail')).length,
  };
}

describe('asking for an exchange', () => {
  it('holds the new size at once, records the request and who asked, and emails the shopper', async () => {
    const { customer, order } = await deliveredOrder();
    const before = await unitsLeft(database.db, tee.id, 'L');

    const asked = await requestReturn(deps(), customer, order.id, exchange());
    expect(asked).toMatchObject({ ok: true, request: { status: 'requested', kind: 'exchange', exchangeSize: 'L' } });
    expect(await unitsLeft(database.db, tee.id, 'L')).toBe(before - 1);
    const [request] = await requestsOf(order.id);
    expect(request).toMatchObject({
      size: 'M',
      quantity: 1,
      reason: 'wrong_size',
      note: 'Too tight across the chest.',
    });
    expect(request!.expiresAt.getTime() - request!.createdAt.getTime()).toBe(7 * DAY_MS);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, request!.id));
    expect(entry).toMatchObject({ actorId: customer.id, action: 'return.request' });
    expect((await jobRows(database, 'send-mail')).at(-1)!.data).toEqual({
      kind: 'return-update',
      orderId: order.id,
      returnRequestId: request!.id,
      status: 'requested',
    });
  });

  it('stores the photos with the request', async () => {
    const { customer, order } = await deliveredOrder();
    expect(await requestReturn(deps(), customer, order.id, giveBack(), await photoFile())).toMatchObject({ ok: true });
    const [stored] = (await requestsOf(order.id))[0]!.photos;
    expect(stored).toMatch(/^return-[0-9a-f-]{36}\.webp$/);
    expect(await storedPhotos()).toContain(stored);
  });
});

describe('a request that cannot be taken', () => {
  it('is refused with a clear message and changes nothing', async () => {
    const { customer, order } = await deliveredOrder();
    const stranger = { id: (await createUser(database.db)).id, email: 'stranger@example.test' };
    const undelivered = await deliveredOrder({ upTo: 'processing' });
    const later = new Date(Date.now() + 16 * DAY_MS);
    const photo = await photoFile();

    const cases: Array<[string, () => ReturnType<typeof requestReturn>, { kind: string; message: string }]> = [
      [
        "another shopper's order",
        () => requestReturn(deps(), stranger, order.id, exchange(), photo),
        { kind: 'not_found', message: RETURN_MESSAGES.notFound },
      ],
      [
        'an unknown order',
        () => requestReturn(deps(), customer, crypto.randomUUID(), exchange()),
        { kind: 'not_found', message: RETURN_MESSAGES.notFound },
      ],
      [
        'an order not delivered',
        () => requestReturn(deps(), undelivered.customer, undelivered.order.id, exchange()),
        { kind: 'conflict', message: RETURN_MESSAGES.notDelivered },
      ],
      [
        'after the window',
        () => requestReturn(deps(), customer, order.id, exchange(), photo, later),
        {
          kind: 'conflict',
          message: expect.stringMatching(/^Returns and exchanges for this order closed on \d+ \w+ \d{4}\.$/),
        },
      ],
      [
        'an exchange to a sold-out size',
        () => requestReturn(deps(), customer, order.id, exchange({ exchangeSize: 'XL' })),
        { kind: 'conflict', message: 'Size XL is sold out.' },
      ],
    ];
    const before = await snapshot(order);
    const photosBefore = await storedPhotos();
    for (const [what, ask, refusal] of cases) {
      expect(await ask(), what).toMatchObject({ ok: false, ...refusal });
    }
    const invalidForms: Array<[string, Parameters<typeof requestReturn>[3], string]> = [
      ['an item not in the order', exchange({ item: `${tee.id}:S` }), RETURN_MESSAGES.noSuchItem],
      ['more units than were bought', giveBack({ quantity: '4' }), RETURN_MESSAGES.tooMany(3)],
      ['an exchange to the same size', exchange({ exchangeSize: 'M' }), RETURN_MESSAGES.sameSize],
      [
        'an exchange to a size the product is not made in',
        exchange({ exchangeSize: 'XXL' }),
        RETURN_MESSAGES.sizeNotOffered,
      ],
      ['an exchange without the size wanted', exchange({ exchangeSize: '' }), RETURN_MESSAGES.exchangeSize],
      ['no reason', giveBack({ reason: 'changed my mind' }), RETURN_MESSAGES.reason],
      ['a note too long', giveBack({ note: 'x'.repeat(1001) }), RETURN_MESSAGES.note],
      ['a note with a control character', giveBack({ note: 'A\u0000B' }), RETURN_MESSAGES.controlCharacters],
      ['zero units', giveBack({ quantity: '0' }), RETURN_MESSAGES.quantity],
    ];
    for (const [what, form, message] of invalidForms) {
      expect(await requestReturn(deps(), customer, order.id, form), what).toMatchObject({
        ok: false,
        kind: 'invalid',
        message,
      });
    }
    expect(await snapshot(order)).toEqual(before);
    expect(await requestsOf(undelivered.order.id)).toEqual([]);
    // The photo of a refused request is not kept.
    expect(await storedPhotos()).toEqual(photosBefore);
  });

  it('is refused for units already asked back, and taken again once a request is rejected', async () => {
    const { customer, order } = await deliveredOrder();
    const first = await requestReturn(deps(), customer, order.id, giveBack({ quantity: '2' }));
    expect(first.ok).toBe(true);
    expect(await requestReturn(deps(), customer, order.id, giveBack({ quantity: '2' }))).toMatchObject({
      ok: false,
      message: RETURN_MESSAGES.tooMany(1),
    });
    expect(await requestReturn(deps(), customer, order.id, giveBack({ quantity: '1' }))).toMatchObject({ ok: true });
    const before = await snapshot(order);
    expect(await requestReturn(deps(), customer, order.id, exchange())).toMatchObject({
      ok: false,
      kind: 'conflict',
      message: RETURN_MESSAGES.allAsked,
    });
    expect(await snapshot(order)).toEqual(before);

    const rejected = await moveReturnRequest(deps(), admin, first.ok ? first.request.id : '', 'rejected', {
      message: 'The tag was removed.',
    });
    expect(rejected).toMatchObject({ ok: true, request: { status: 'rejected', staffMessage: 'The tag was removed.' } });
    expect(await requestReturn(deps(), customer, order.id, giveBack({ quantity: '2' }))).toMatchObject({ ok: true });
  });
});

describe('staff moving a request', () => {
  it('takes an exchange from approval to the new size delivered, each step audited and emailed', async () => {
    const { customer, order } = await deliveredOrder();
    const asked = await requestReturn(deps(), customer, order.id, exchange());
    if (!asked.ok) throw new Error(asked.message);
    const id = asked.request.id;
    const heldL = await unitsLeft(database.db, tee.id, 'L');
    const backM = await unitsLeft(database.db, tee.id, 'M');

    // Out of order: nothing moves.
    expect(
      await moveReturnRequest(deps(), admin, id, 'replacement_shipped', { courier: 'Delhivery', awb: 'DL20000002' }),
    ).toMatchObject({
      ok: false,
      kind: 'conflict',
      message: 'This request is requested; it cannot move to replacement shipped.',
    });
    expect(await moveReturnRequest(deps(), admin, id, 'rejected')).toMatchObject({
      ok: false,
      message: RETURN_MESSAGES.rejectionReason,
    });
    expect(await moveReturnRequest(deps(), admin, id, 'expired')).toMatchObject({ ok: false, kind: 'invalid' });
    expect(await moveReturnRequest(deps(), admin, id, 'approved', { message: 'A\u0000B' })).toEqual({
      ok: false,
      kind: 'invalid',
      message: RETURN_MESSAGES.controlCharacters,
    });

    expect(await moveReturnRequest(deps(), admin, id, 'approved', { message: 'Pickup tomorrow.' })).toMatchObject({
      ok: true,
      from: 'requested',
      request: { status: 'approved', staffMessage: 'Pickup tomorrow.' },
    });
    // An exchange is never refunded.
    expect(await moveReturnRequest(deps(), admin, id, 'refunded')).toMatchObject({ ok: false, kind: 'conflict' });
    expect(await moveReturnRequest(deps(), admin, id, 'picked_up', { restock: 'yes' })).toMatchObject({
      ok: true,
      request: { status: 'picked_up', restocked: true },
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(backM + 1);
    expect(await moveReturnRequest(deps(), admin, id, 'replacement_shipped', { courier: 'Delhivery' })).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    expect(
      await moveReturnRequest(deps(), admin, id, 'replacement_shipped', { courier: 'Blue Dart', awb: 'bd-30000003' }),
    ).toMatchObject({ ok: true, request: { status: 'replacement_shipped' } });
    const [parcel] = await database.db.select().from(shipments).where(eq(shipments.returnRequestId, id));
    expect(parcel).toMatchObject({ orderId: order.id, courier: 'Blue Dart', awb: 'BD-30000003', deliveredAt: null });
    expect(parcel!.trackingUrl).toContain('BD-30000003');
    expect(
      await moveReturnRequest(deps(), admin, id, 'exchanged', { deliveredOn: indiaDate(new Date()) }),
    ).toMatchObject({ ok: true, request: { status: 'exchanged' } });
    // The held unit was the one shipped: the L stock did not move again.
    expect(await unitsLeft(database.db, tee.id, 'L')).toBe(heldL);
    expect(await statusOf(order.id)).toBe('delivered');

    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('requested → approved'),
        expect.stringContaining('approved → picked_up'),
        expect.stringContaining('picked_up → replacement_shipped, Blue Dart AWB BD-30000003'),
        expect.stringContaining('replacement_shipped → exchanged'),
      ]),
    );
    const emails = (await jobRows(database, 'send-mail'))
      .map((job) => job.data as { returnRequestId?: string; status: string })
      .filter((data) => data.returnRequestId === id)
      .map((data) => data.status);
    expect(emails).toEqual(['requested', 'approved', 'picked_up', 'replacement_shipped', 'exchanged']);
  });

  it('gives an exchange’s held size back when the request is rejected', async () => {
    const { customer, order } = await deliveredOrder();
    const before = await unitsLeft(database.db, tee.id, 'L');
    const asked = await requestReturn(deps(), customer, order.id, exchange());
    if (!asked.ok) throw new Error(asked.message);
    expect(await unitsLeft(database.db, tee.id, 'L')).toBe(before - 1);
    await moveReturnRequest(deps(), admin, asked.request.id, 'rejected', { message: 'Worn.' });
    expect(await unitsLeft(database.db, tee.id, 'L')).toBe(before);
  });

  it('lets requests that waited too long lapse, giving the held size back, once', async () => {
    // A tee of its own: the lapse run lets every overdue request of the database lapse.
    const lapseTee = await createProduct(
      database.db,
      { name: 'Lapse Tee', sizes: ['M', 'L'], pricePaise: 99_900 },
      { M: 5, L: 5 },
    );
    const { customer, order } = await deliveredOrder({ product: lapseTee });
    const toL = exchange({ item: `${lapseTee.id}:M` });
    const waiting = await requestReturn(deps(), customer, order.id, toL);
    const approved = await requestReturn(deps(), customer, order.id, toL);
    if (!waiting.ok || !approved.ok) throw new Error('not asked');
    await moveReturnRequest(deps(), admin, approved.request.id, 'approved');
    expect(await unitsLeft(database.db, lapseTee.id, 'L')).toBe(3);

    // Not due yet: nothing lapses.
    await expireReturnRequests(deps(), new Date(Date.now() + 6 * DAY_MS));
    expect((await requestsOf(order.id)).map((request) => request.status).sort()).toEqual(['approved', 'requested']);

    const later = new Date(Date.now() + 8 * DAY_MS);
    expect(await expireReturnRequests(deps(), later)).toBeGreaterThanOrEqual(2);
    expect((await requestsOf(order.id)).map((request) => request.status)).toEqual(['expired', 'expired']);
    expect(await unitsLeft(database.db, lapseTee.id, 'L')).toBe(5);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, waiting.request.id), eq(auditLog.action, 'return.status')));
    expect(entry).toMatchObject({ actorId: null, actorEmail: 'the store (automatic)' });
    // A second run finds nothing more to give back.
    expect(await expireReturnRequests(deps(), later)).toBe(0);
    expect(await unitsLeft(database.db, lapseTee.id, 'L')).toBe(5);
  });
});

describe('refunding a return', () => {
  /** A return of `quantity` M tees taken to picked up. */
  async function pickedUp(customer: Actor, order: Order, quantity: number) {
    const asked = await requestReturn(deps(), customer, order.id, giveBack({ quantity: String(quantity) }));
    if (!asked.ok) throw new Error(asked.message);
    await moveReturnRequest(deps(), admin, asked.request.id, 'approved');
    await moveReturnRequest(deps(), admin, asked.request.id, 'picked_up', { restock: 'no' });
    return asked.request.id;
  }

  it('refunds each return its units’ paid share, with a credit note, and the order is returned with its last unit', async () => {
    const { customer, order } = await deliveredOrder();
    const stockM = await unitsLeft(database.db, tee.id, 'M');
    const one = await pickedUp(customer, order, 1);
    const two = await pickedUp(customer, order, 2);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(stockM);

    const first = await moveReturnRequest(deps(), admin, one, 'refunded');
    // ₹2,997 of tees less ₹100 off is ₹2,897 paid: one of three units is ₹965.66.
    expect(first).toMatchObject({
      ok: true,
      refundedPaise: 96_566,
      request: { status: 'refunded', refundPaise: 96_566 },
    });
    expect(await statusOf(order.id)).toBe('delivered');
    const second = await moveReturnRequest(deps(), admin, two, 'refunded');
    expect(second).toMatchObject({ ok: true, refundedPaise: 193_134 });
    // Every paisa paid came back, no more.
    expect(96_566 + 193_134).toBe(order.totalPaise);
    expect(await statusOf(order.id)).toBe('returned');

    const given = await database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(given.map((refund) => [refund.amountPaise, refund.reason, refund.razorpayRefundId !== null]).sort()).toEqual(
      [
        [193_134, REFUND_REASON_RETURN, true],
        [96_566, REFUND_REASON_RETURN, true],
      ],
    );
    const notes = await database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'credit_note')));
    expect(notes.map((note) => note.totalPaise).sort()).toEqual([193_134, 96_566]);

    // The shopper's 'refunded' emails say the amount and carry that return's credit note.
    const mailer = recordingMailer();
    await deliverQueuedOrderEmails(database, mailer);
    const refundedMails = mailer.sent.filter((mail) => mail.subject.endsWith('is refunded'));
    expect(refundedMails.map((mail) => mail.text.match(/₹[\d,.]+ has been refunded/)?.[0]).sort()).toEqual([
      '₹1,931.34 has been refunded',
      '₹965.66 has been refunded',
    ]);
    expect(
      refundedMails
        .flatMap((mail) => mail.attachments ?? [])
        .map((file) => file.filename)
        .sort(),
    ).toEqual(notes.map((note) => `${note.number.replaceAll('/', '-')}.pdf`).sort());
    // Twice is once.
    expect(await moveReturnRequest(deps(), admin, one, 'refunded')).toMatchObject({ ok: false, kind: 'conflict' });
    expect((await database.db.select({ n: count() }).from(refunds).where(eq(refunds.orderId, order.id)))[0]!.n).toBe(2);
  });

  it('keeps the request picked up when Razorpay cannot be reached, and a retry makes the same refund', async () => {
    const { customer, order } = await deliveredOrder();
    const id = await pickedUp(customer, order, 1);
    const down = { refundPayment: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    expect(await moveReturnRequest(deps(down), admin, id, 'refunded')).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
    expect((await requestsOf(order.id))[0]!.status).toBe('picked_up');
    const [pending] = await database.db.select().from(refunds).where(eq(refunds.returnRequestId, id));
    expect(pending).toMatchObject({ razorpayRefundId: null, attempts: 1 });

    expect(await moveReturnRequest(deps(), admin, id, 'refunded')).toMatchObject({ ok: true, refundedPaise: 96_566 });
    const rows = await database.db.select().from(refunds).where(eq(refunds.returnRequestId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(pending!.id);
    // The sandbox refunded the payment once for this return, with the return's own key.
    const payment = await razorpay.fetchPayment(order.paymentId);
    expect(payment.status).toBe('captured');
  });

  it('does not refund a return not yet picked up', async () => {
    const { customer, order } = await deliveredOrder();
    const asked = await requestReturn(deps(), customer, order.id, giveBack());
    if (!asked.ok) throw new Error(asked.message);
    expect(await moveReturnRequest(deps(), admin, asked.request.id, 'refunded')).toMatchObject({
      ok: false,
      kind: 'conflict',
    });
    expect(await database.db.select().from(refunds).where(eq(refunds.returnRequestId, asked.request.id))).toEqual([]);
  });
});
