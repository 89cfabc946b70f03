// The admin orders list's search and filters, and its CSV export, over a real database with orders
// made for each case: every kind of search (order number, email, phone, AWB of a parcel shipped by
// hand or booked with a courier), every filter (status, payment method, days placed in India time,
// needs action, cash overdue), their combinations, paging, and the export's rows, figures and
// neutralised formulas.
import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { createCourierParcel } from '../../../tests/support/courier.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createReturnRequest } from '../../../tests/support/delivered-orders.ts';
import { createOrder, createUser } from '../../../tests/support/factories.ts';
import { parseOrderFilters } from '../../common/order-filters.ts';
import {
  deliveryFailures,
  refunds,
  type returnRequests,
  shipments,
  taxDocuments,
  type Order,
  type TaxDocumentBody,
} from '../db/schema.ts';
import { orderQueryOf } from './order-filters.ts';
import { ADMIN_ORDERS_PAGE_SIZE, listAdminOrders } from './orders.ts';
import { exportOrdersCsv, ORDERS_EXPORT_MAX } from './orders-export.ts';

const database = useTestDatabase();
const CASH_OVERDUE_DAYS = 7;
const DAY_MS = 86_400_000;

/** Orders by what each is about. */
const made: Record<string, Order> = {};

/** An order whose id starts with `prefix` (its number, upper-case, is what shoppers quote). */
function withPrefix(prefix: string): string {
  return `${prefix}-${randomUUID().slice(9)}`;
}

/** A moment in India's time: `2026-03-10 12:00`. */
const india = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`);

beforeAll(async () => {
  const asha = await createUser(database.db, { name: 'Asha Rao', email: 'asha@example.test' });
  const vikram = await createUser(database.db, { name: 'Vikram Shah', email: 'vikram@example.test' });
  const address = (phone: string, overrides: Partial<typeof TEST_ADDRESS> = {}) => ({
    ...TEST_ADDRESS,
    phone,
    ...overrides,
  });

  // Paid online, not yet shipped: to ship.
  made.toShip = await createOrder(database.db, {
    id: withPrefix('a1b2c3d4'),
    userId: asha.id,
    addressJson: address('9876500001'),
    status: 'pending',
    createdAt: india('2026-03-10 12:00'),
  });
  // Cash on delivery, shipped by hand; placed with the email the account had then.
  made.shippedCod = await createOrder(database.db, {
    id: withPrefix('b2c3d4e5'),
    userId: asha.id,
    email: 'asha.old@example.test',
    paymentMethod: 'cod',
    paymentId: null,
    codFeePaise: 4_900,
    addressJson: address('9876500002', { state: 'Maharashtra' }),
    status: 'shipped',
    createdAt: india('2026-03-20 09:30'),
  });
  await database.db.insert(shipments).values({
    orderId: made.shippedCod.id,
    courier: 'Delhivery',
    awb: 'DL11112222',
    trackingUrl: 'https://www.delhivery.com/track-v2/package/DL11112222',
    shippedAt: india('2026-03-21 10:00'),
  });
  // Paid with store credit, booked with the courier: not to ship any more. Placed ten minutes into
  // 1 April in India, which is still 31 March in UTC.
  made.booked = await createOrder(database.db, {
    id: withPrefix('c3d4e5f6'),
    userId: vikram.id,
    paymentMethod: 'store_credit',
    paymentId: null,
    creditPaise: 199_800,
    addressJson: address('9876500003'),
    status: 'processing',
    createdAt: india('2026-04-01 00:10'),
  });
  await createCourierParcel(database.db, made.booked.id, { awb: '190411112222' });
  // Its delivery failed, and the failure waits in the staff's queue.
  made.failed = await createOrder(database.db, {
    id: withPrefix('d4e5f6a7'),
    userId: vikram.id,
    addressJson: address('9876500004'),
    status: 'shipped',
    createdAt: india('2026-02-15 18:00'),
  });
  const failedParcel = await createCourierParcel(database.db, made.failed.id, {
    awb: '190433334444',
    state: 'delivery_failed',
  });
  await database.db.insert(deliveryFailures).values({
    courierShipmentId: failedParcel.id,
    reason: 'Customer not available',
    reportedAt: india('2026-02-18 14:00'),
  });
  // A failure already sent on to the courier: nothing for staff.
  made.failureSent = await createOrder(database.db, {
    userId: vikram.id,
    status: 'shipped',
    createdAt: india('2026-02-16 10:00'),
  });
  const sentParcel = await createCourierParcel(database.db, made.failureSent.id, { state: 'delivery_failed' });
  await database.db.insert(deliveryFailures).values({
    courierShipmentId: sentParcel.id,
    reason: 'Address incomplete',
    reportedAt: india('2026-02-18 15:00'),
    sentAt: india('2026-02-18 16:00'),
  });
  // Returns: one new (waiting), one picked up (waiting), one rejected (not waiting).
  made.returnNew = await createOrder(database.db, { status: 'delivered', createdAt: india('2026-01-05 11:00') });
  await returnOf(made.returnNew.id, { status: 'requested' });
  made.returnPicked = await createOrder(database.db, { status: 'delivered', createdAt: india('2026-01-06 11:00') });
  await returnOf(made.returnPicked.id, { status: 'picked_up' });
  made.returnRejected = await createOrder(database.db, { status: 'delivered', createdAt: india('2026-01-07 11:00') });
  await returnOf(made.returnRejected.id, { status: 'rejected' });
  // Pending, but its whole refund has started: not to ship.
  made.refunding = await createOrder(database.db, { status: 'pending', createdAt: india('2026-01-08 11:00') });
  await database.db.insert(refunds).values({
    orderId: made.refunding.id,
    paymentId: made.refunding.paymentId,
    amountPaise: made.refunding.totalPaise,
    reason: 'Order failed',
  });
  // Cash on delivery delivered a month ago, its cash never recorded.
  made.cashDue = await createOrder(database.db, {
    paymentMethod: 'cod',
    paymentId: null,
    status: 'delivered',
    createdAt: new Date(Date.now() - 40 * DAY_MS),
  });
  await database.db.insert(shipments).values({
    orderId: made.cashDue.id,
    courier: 'DTDC',
    awb: 'DT55556666',
    trackingUrl: 'https://www.dtdc.in/trace.asp?strCnno=DT55556666',
    shippedAt: new Date(Date.now() - 35 * DAY_MS),
    deliveredAt: new Date(Date.now() - 30 * DAY_MS),
  });
});

/** A return of one unit of an order's line (the wrong size), refunded to the payment unless the test says. */
const returnOf = (orderId: string, overrides: Partial<typeof returnRequests.$inferInsert>) =>
  createReturnRequest(database.db, { orderId, productId: 1, reason: 'wrong_size', ...overrides });

/** The ids the list finds for an address's query string, all of them (newest first). */
async function found(query: string): Promise<string[]> {
  const { filters, problems } = parseOrderFilters(new URLSearchParams(query));
  expect(problems).toEqual([]);
  const { orders, total } = await listAdminOrders(database.db, {
    ...orderQueryOf(filters, CASH_OVERDUE_DAYS),
    page: 1,
  });
  expect(orders.length).toBe(total);
  return orders.map((order) => order.id);
}

describe('the orders search', () => {
  it('finds an order by its number, in any case, with or without # and "Order"', async () => {
    for (const typed of ['a1b2c3d4', 'A1B2C3D4', '#A1B2C3D4', 'Order #a1b2c3d4', '  a1b2c3d4 ']) {
      expect(await found(`search=${encodeURIComponent(typed)}`)).toEqual([made.toShip!.id]);
    }
    // The whole id, as the admin's addresses show it.
    expect(await found(`search=${made.booked!.id}`)).toEqual([made.booked!.id]);
    expect(await found('search=a1b2c3d5')).toEqual([]);
  });

  it('finds orders by the email they were placed with, in any case', async () => {
    expect(await found('search=Asha.Old%40Example.test')).toEqual([made.shippedCod!.id]);
    expect(await found('search=asha%40example.test')).toEqual([made.toShip!.id]);
  });

  it('finds orders by the delivery phone, however it is written', async () => {
    for (const typed of ['9876500002', '+91 98765 00002', '+919876500002', '098765-00002', '(98765) 00002']) {
      expect(await found(`search=${encodeURIComponent(typed)}`)).toEqual([made.shippedCod!.id]);
    }
    expect(await found('search=9876500009')).toEqual([]);
  });

  it('finds orders by the AWB of a parcel shipped by hand or booked with a courier, in any case', async () => {
    expect(await found('search=DL11112222')).toEqual([made.shippedCod!.id]);
    expect(await found('search=dl11112222')).toEqual([made.shippedCod!.id]);
    expect(await found('search=190411112222')).toEqual([made.booked!.id]);
    expect(await found('search=190433334444')).toEqual([made.failed!.id]);
  });
});

describe('the orders filters', () => {
  it('filters by status and by payment method', async () => {
    expect(await found('status=shipped')).toEqual([made.shippedCod!.id, made.failureSent!.id, made.failed!.id]);
    expect(await found('payment=cod')).toEqual([made.cashDue!.id, made.shippedCod!.id]);
    expect(await found('payment=store_credit')).toEqual([made.booked!.id]);
    expect((await found('payment=online')).sort()).toEqual(
      Object.values(made)
        .filter((order) => order.paymentMethod === 'online')
        .map((order) => order.id)
        .sort(),
    );
  });

  it("filters by the days placed, counted in India's time, both days included", async () => {
    // 00:10 on 1 April in India is 31 March in UTC: it is April's.
    expect(await found('from=2026-04-01&to=2026-04-01')).toEqual([made.booked!.id]);
    expect(await found('from=2026-03-01&to=2026-03-31')).toEqual([made.shippedCod!.id, made.toShip!.id]);
    expect(await found('from=2026-03-20&to=2026-04-30')).toEqual([made.booked!.id, made.shippedCod!.id]);
    expect(await found('to=2026-01-06')).toEqual([made.returnPicked!.id, made.returnNew!.id]);
  });

  it('filters what needs action: to ship, delivery failed, return waiting', async () => {
    expect(await found('action=to_ship')).toEqual([made.toShip!.id]);
    expect(await found('action=delivery_failed')).toEqual([made.failed!.id]);
    expect(await found('action=return_waiting')).toEqual([made.returnPicked!.id, made.returnNew!.id]);
  });

  it('keeps the cash overdue filter', async () => {
    expect(await found('cash=overdue')).toEqual([made.cashDue!.id]);
  });

  it('combines the search and the filters: every one must hold', async () => {
    expect(await found('status=shipped&payment=cod')).toEqual([made.shippedCod!.id]);
    expect(await found('status=shipped&payment=online&action=delivery_failed')).toEqual([made.failed!.id]);
    expect(await found('search=9876500002&status=pending')).toEqual([]);
    expect(await found('search=9876500002&from=2026-03-20&to=2026-03-20')).toEqual([made.shippedCod!.id]);
    expect(await found('search=9876500002&from=2026-03-21')).toEqual([]);
    expect(await found('search=DL11112222&payment=cod&status=shipped')).toEqual([made.shippedCod!.id]);
    expect(await found('search=asha%40example.test&action=to_ship&payment=online')).toEqual([made.toShip!.id]);
    expect(await found('search=asha%40example.test&action=return_waiting')).toEqual([]);
    expect(await found('action=return_waiting&from=2026-01-06&to=2026-01-06')).toEqual([made.returnPicked!.id]);
  });
});

describe('paging a filtered list', () => {
  it('pages the orders a search finds, counting them all', async () => {
    const shopper = await createUser(database.db, { name: 'Many Orders' });
    const count = ADMIN_ORDERS_PAGE_SIZE + 3;
    for (let index = 0; index < count; index += 1) {
      await createOrder(database.db, {
        userId: shopper.id,
        addressJson: { ...TEST_ADDRESS, phone: '9123400000' },
        createdAt: new Date(Date.UTC(2025, 5, 1, 0, index)),
      });
    }
    const query = { ...orderQueryOf(parseOrderFilters(new URLSearchParams('search=9123400000')).filters, 7) };
    const first = await listAdminOrders(database.db, { ...query, page: 1 });
    const second = await listAdminOrders(database.db, { ...query, page: 2 });
    expect(first.total).toBe(count);
    expect(second.total).toBe(count);
    expect(first.orders).toHaveLength(ADMIN_ORDERS_PAGE_SIZE);
    expect(second.orders).toHaveLength(3);
    const ids = [...first.orders, ...second.orders].map((order) => order.id);
    expect(new Set(ids).size).toBe(count);
    // Newest first across the pages.
    const times = [...first.orders, ...second.orders].map((order) => order.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('the CSV export', () => {
  /** The export's rows as cells (none of these fixtures holds a comma or a quote). */
  async function exported(query: string) {
    const { filters } = parseOrderFilters(new URLSearchParams(query));
    const result = await exportOrdersCsv(database.db, orderQueryOf(filters, CASH_OVERDUE_DAYS));
    if (!result.ok) throw new Error(result.message);
    expect(result.csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = result.csv
      .slice(1)
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','));
    return { header: header!, rows, count: result.count };
  }

  it('writes one row per order line with the order, the customer, the line and the figures', async () => {
    const customer = await createUser(database.db, { name: 'Neha Verma', email: 'neha@example.test' });
    const order = await createOrder(database.db, {
      id: withPrefix('e5f6a7b8'),
      userId: customer.id,
      paymentMethod: 'cod',
      paymentId: null,
      status: 'delivered',
      addressJson: { ...TEST_ADDRESS, name: 'Neha Verma', phone: '9811100000', state: 'Delhi' },
      itemsJson: [
        { productId: 1, name: 'Astro Tee', size: 'M', quantity: 2, pricePaise: 79_900 },
        { productId: 2, name: 'Court Polo', size: 'L', quantity: 1, pricePaise: 119_900 },
      ],
      discountPaise: 10_000,
      codFeePaise: 4_900,
      creditPaise: 50_000,
      createdAt: india('2026-05-02 18:05'),
    });
    // Its invoice, with the place of supply it was issued for.
    await database.db.insert(taxDocuments).values({
      kind: 'invoice',
      number: 'TTT/2026-27/000042',
      orderId: order.id,
      totalPaise: order.totalPaise,
      body: { placeOfSupply: 'Delhi' } as TaxDocumentBody,
    });
    // A return paid out and recorded, one as store credit, and a payout not yet made: only the first two count.
    const payout = { refundDestination: 'payout', payoutUpiId: 'neha@okaxis' } as const;
    const paidOut = await returnOf(order.id, { status: 'refunded', ...payout });
    const credited = await returnOf(order.id, {
      status: 'refunded',
      refundDestination: 'store_credit',
      creditBonusPercent: 0,
    });
    const due = await returnOf(order.id, { status: 'picked_up', ...payout });
    await database.db.insert(refunds).values([
      {
        orderId: order.id,
        returnRequestId: paidOut.id,
        destination: 'payout',
        amountPaise: 70_000,
        reason: 'Items returned by the customer',
        payoutReference: 'UTR123',
        paidOutOn: '2026-05-20',
      },
      {
        orderId: order.id,
        returnRequestId: credited.id,
        destination: 'store_credit',
        amountPaise: 30_000,
        reason: 'Items returned by the customer',
      },
      {
        orderId: order.id,
        returnRequestId: due.id,
        destination: 'payout',
        amountPaise: 1_000,
        reason: 'Items returned by the customer',
      },
    ]);

    const { header, rows, count } = await exported('search=9811100000');
    expect(count).toBe(1);
    expect(header.join(',')).toBe(
      'Order number,Date (India time),Status,Payment method,Customer name,Customer email,Customer phone,' +
        'Place of supply,Line,Product,Size,Quantity,Unit price (INR),Line amount (INR),Order subtotal (INR),' +
        'Discount (INR),COD fee (INR),Store credit used (INR),Order total (INR),Refunded so far (INR),Invoice number',
    );
    const orderCells = [
      'E5F6A7B8',
      '2026-05-02 18:05',
      'Delivered',
      'Cash on delivery',
      'Neha Verma',
      'neha@example.test',
      '9811100000',
      'Delhi',
    ];
    const figures = ['2797.00', '100.00', '49.00', '500.00', '2746.00', '1000.00', 'TTT/2026-27/000042'];
    expect(rows).toEqual([
      [...orderCells, '1', 'Astro Tee', 'M', '2', '799.00', '1598.00', ...figures],
      [...orderCells, '2', 'Court Polo', 'L', '1', '1199.00', '1199.00', ...figures],
    ]);
  });

  it('writes the delivery state when no invoice was issued, an empty invoice number, and nothing refunded', async () => {
    const { rows } = await exported('search=9876500002');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 9)).toEqual([
      made.shippedCod!.id.slice(0, 8).toUpperCase(),
      '2026-03-20 09:30',
      'Shipped',
      'Cash on delivery',
      'Riya Kapoor',
      'asha.old@example.test',
      '9876500002',
      'Maharashtra',
      '1',
    ]);
    expect(rows[0]!.slice(-2)).toEqual(['0.00', '']);
  });

  it('exports every order the filters find, not only a page, oldest first', async () => {
    const { rows, count } = await exported('search=9123400000');
    expect(count).toBe(ADMIN_ORDERS_PAGE_SIZE + 3);
    expect(rows).toHaveLength(ADMIN_ORDERS_PAGE_SIZE + 3);
    const dates = rows.map((row) => row[1]!);
    expect(dates).toEqual([...dates].sort());
  });

  it('neutralises names a spreadsheet would run as a formula', async () => {
    const names = ['=HYPERLINK("http://evil.example")', '+91 SUM(A1)', '-2+3', '@SUM(A1:A9)'];
    for (const name of names) {
      await createOrder(database.db, {
        email: 'formula@example.test',
        addressJson: { ...TEST_ADDRESS, name },
      });
    }
    const { filters } = parseOrderFilters(new URLSearchParams('search=formula%40example.test'));
    const result = await exportOrdersCsv(database.db, orderQueryOf(filters, CASH_OVERDUE_DAYS));
    if (!result.ok) throw new Error(result.message);
    const lines = result.csv.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(4);
    const written = lines.map((line) => line.split(',')[4]);
    expect(written.sort()).toEqual(
      ["'+91 SUM(A1)", "'-2+3", "'@SUM(A1:A9)", '"\'=HYPERLINK(""http://evil.example"")"'].sort(),
    );
    for (const line of lines) expect(line.split(',')[4]).toMatch(/^"?'/);
  });

  it(`refuses more than ${ORDERS_EXPORT_MAX} orders, saying so`, async () => {
    const shopper = await createUser(database.db);
    await database.db.execute(sql`
      insert into orders (user_id, email, address_json, items_json, subtotal_paise, total_paise, payment_id, created_at)
      select ${shopper.id}, ${shopper.email}, ${JSON.stringify({ ...TEST_ADDRESS, phone: '9000000001' })}::jsonb,
             ${JSON.stringify([{ productId: 1, name: 'Bulk Tee', size: 'M', quantity: 1, pricePaise: 10_000 }])}::jsonb,
             10000, 10000, 'pay_bulk' || n, now() - make_interval(mins => n)
      from generate_series(1, ${ORDERS_EXPORT_MAX + 1}) as n`);
    const { filters } = parseOrderFilters(new URLSearchParams('search=9000000001'));
    const query = orderQueryOf(filters, CASH_OVERDUE_DAYS);
    expect(await exportOrdersCsv(database.db, query)).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'More than 10,000 orders match: narrow the dates or filters to export them.',
    });
    // One fewer is exported whole.
    const [last] = await listAdminOrders(database.db, { ...query, page: 1 }).then(({ orders }) => orders);
    await database.db.execute(sql`delete from orders where id = ${last!.id}`);
    const whole = await exportOrdersCsv(database.db, query);
    expect(whole.ok && whole.count).toBe(ORDERS_EXPORT_MAX);
  }, 60_000);
});
