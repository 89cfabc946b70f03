// The dashboard's figures over a real database: a week of orders paid every way, with a refunded
// return, an exchange, a parcel returned to origin, a cancellation refunded, unconfirmed cash on
// delivery orders, new and returning shoppers and orders on the very edges of India's days, each
// figure against its hand-computed value; then revenue reconciled with the admin's orders list
// over generated months.
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { addIndiaDays, indiaDay, indiaDayStart } from '../../common/india-time.ts';
import { NO_ORDER_FILTERS } from '../../common/order-filters.ts';
import { orderQueryOf } from '../admin/order-filters.ts';
import { listAdminOrders } from '../admin/orders.ts';
import { orders, productStock, refunds, returnRequests, type Order, type OrderItem } from '../db/schema.ts';
import { readDashboard } from './dashboard.ts';

const database = useTestDatabase();
const at = (iso: string) => new Date(iso);
const line = (productId: number, name: string, size: string, quantity: number, pricePaise: number): OrderItem => ({
  productId,
  name,
  size,
  quantity,
  pricePaise,
});

/** The week under test and the one before it, India's days. */
const WEEK = { firstDay: '2026-03-04', days: 7 };
const NOW = at('2026-03-11T06:00:00Z');

let astro: number;
let bomber: number;
let polo: number;

beforeAll(async () => {
  const db = database.db;
  astro = (
    await createProduct(
      db,
      { name: 'Astro Kid Tee', category: 'oversized', sizes: ['S', 'M', 'L'] },
      { S: 0, M: 3, L: 20 },
    )
  ).id;
  bomber = (
    await createProduct(db, { name: 'Midnight Bomber Jacket', category: 'jackets', sizes: ['M', 'L'] }, { M: 5, L: 50 })
  ).id;
  polo = (await createProduct(db, { name: 'Court Polo', category: 'polos', sizes: ['S'] }, { S: 10 })).id;
  // A row for a size the polo no longer offers: neither stock nor low stock counts it.
  await db.insert(productStock).values({ productId: polo, size: 'M', quantity: 2 });

  const shopper = async (name: string) => (await createUser(db, { name })).id;
  const [alice, bob, carol, dave] = [
    await shopper('Alice'),
    await shopper('Bob'),
    await shopper('Carol'),
    await shopper('Dave'),
  ];
  const [erin, frank, gina, harry] = [
    await shopper('Erin'),
    await shopper('Frank'),
    await shopper('Gina'),
    await shopper('Harry'),
  ];
  const astroM = (quantity: number) => line(astro, 'Astro Kid Tee', 'M', quantity, 99_900);

  // Before the previous week: Gina's earlier order makes her a returning shopper then; Harry's was
  // a cash on delivery order he never confirmed, so it does not count and he is new this week.
  await createOrder(db, {
    userId: gina,
    itemsJson: [astroM(1)],
    status: 'delivered',
    createdAt: at('2026-01-10T06:30:00Z'),
  });
  await cod(harry, [astroM(1)], { status: 'cancelled', createdAt: at('2026-01-05T06:30:00Z'), codConfirmedAt: null });

  // The previous week (25 Feb to 3 Mar).
  const bobBefore = await createOrder(db, {
    userId: bob,
    itemsJson: [line(astro, 'Astro Kid Tee', 'S', 1, 99_900)],
    status: 'delivered',
    createdAt: at('2026-02-26T06:30:00Z'),
  });
  // A return asked for and rejected is no return.
  await returnRequest(bobBefore, { kind: 'return', status: 'rejected', productId: astro, size: 'S' });
  await createOrder(db, {
    userId: gina,
    itemsJson: [astroM(1)],
    status: 'delivered',
    createdAt: at('2026-02-27T06:30:00Z'),
  });
  // 23:59:59.999 on 3 March in India: the previous week's last moment.
  await createOrder(db, {
    userId: frank,
    itemsJson: [line(polo, 'Court Polo', 'S', 2, 149_900)],
    status: 'shipped',
    createdAt: at('2026-03-03T18:29:59.999Z'),
  });

  // This week (4 to 10 March).
  // Midnight in India on 4 March, the week's first moment: two tees, one returned and refunded.
  const a = await createOrder(db, {
    userId: alice,
    itemsJson: [astroM(2)],
    status: 'delivered',
    createdAt: at('2026-03-03T18:30:00Z'),
  });
  const returned = await returnRequest(a, {
    kind: 'return',
    status: 'refunded',
    productId: astro,
    size: 'M',
    refundDestination: 'original',
    refundPaise: 99_900,
  });
  await db.insert(refunds).values({
    orderId: a.id,
    returnRequestId: returned.id,
    paymentId: a.paymentId,
    destination: 'original',
    amountPaise: 99_900,
    reason: 'Return',
  });
  // Cash on delivery with a ₹50 fee, delivered, one jacket exchanged for another size.
  const b = await cod(bob, [line(bomber, 'Midnight Bomber Jacket', 'L', 1, 249_900)], {
    status: 'delivered',
    codFeePaise: 5_000,
    createdAt: at('2026-03-05T06:30:00Z'),
  });
  await returnRequest(b, { kind: 'exchange', status: 'exchanged', productId: bomber, size: 'L', exchangeSize: 'M' });
  // Cash on delivery, shipped and returned to origin undelivered.
  await cod(carol, [line(polo, 'Court Polo', 'S', 1, 149_900)], {
    status: 'returned_to_origin',
    createdAt: at('2026-03-06T06:30:00Z'),
  });
  // Paid ₹200 with store credit and the rest online, then cancelled: the online part refunded whole.
  const d = await createOrder(db, {
    userId: alice,
    itemsJson: [line(astro, 'Astro Kid Tee', 'L', 1, 99_900)],
    creditPaise: 20_000,
    status: 'cancelled',
    createdAt: at('2026-03-07T06:30:00Z'),
  });
  await db.insert(refunds).values({
    orderId: d.id,
    paymentId: d.paymentId,
    destination: 'original',
    amountPaise: 79_900,
    reason: 'Order cancelled by the customer',
  });
  // Cash on delivery orders never confirmed: one still waiting, one cancelled for it.
  await cod(erin, [astroM(1)], { status: 'awaiting_confirmation', createdAt: at('2026-03-08T06:30:00Z') });
  await cod(erin, [astroM(1)], { status: 'cancelled', createdAt: at('2026-03-08T07:30:00Z') });
  await createOrder(db, {
    userId: harry,
    itemsJson: [line(polo, 'Court Polo', 'S', 1, 149_900)],
    createdAt: at('2026-03-09T06:30:00Z'),
  });
  // Paid wholly with store credit at 23:59:59.999 on 10 March in India: the week's last moment.
  await createOrder(db, {
    userId: dave,
    itemsJson: [line(bomber, 'Midnight Bomber Jacket', 'M', 1, 249_900)],
    paymentMethod: 'store_credit',
    paymentId: null,
    creditPaise: 249_900,
    createdAt: at('2026-03-10T18:29:59.999Z'),
  });
  // Midnight on 11 March: after the week.
  await createOrder(db, { userId: dave, itemsJson: [astroM(5)], createdAt: at('2026-03-10T18:30:00Z') });
});

/** A cash on delivery order, confirmed by its shopper unless the test says. */
function cod(userId: string, itemsJson: OrderItem[], overrides: Partial<typeof orders.$inferInsert>) {
  return createOrder(database.db, {
    userId,
    itemsJson,
    paymentMethod: 'cod',
    paymentId: null,
    codConfirmedAt:
      overrides.status === 'awaiting_confirmation' || overrides.status === 'cancelled'
        ? null
        : at('2026-01-01T00:00:00Z'),
    ...overrides,
  });
}

async function returnRequest(
  order: Order,
  request: Partial<typeof returnRequests.$inferInsert> &
    Pick<typeof returnRequests.$inferInsert, 'kind' | 'status' | 'productId' | 'size'>,
) {
  const [row] = await database.db
    .insert(returnRequests)
    .values({
      orderId: order.id,
      quantity: 1,
      reason: 'wrong_size',
      expiresAt: at('2026-04-01T00:00:00Z'),
      // A return names where its refund goes; an exchange does not.
      refundDestination: request.kind === 'return' ? 'original' : null,
      ...request,
    })
    .returning();
  return row!;
}

describe("the dashboard's figures", () => {
  it('counts the week and the week before it, each figure as computed by hand', async () => {
    const { current, previous } = await readDashboard(database.db, WEEK, { lowStockUnits: 5, now: NOW });
    expect(current).toEqual({
      // Alice ×2, Bob, Carol, Harry, Dave; not Erin's two unconfirmed, not the order of 11 March.
      orders: 6,
      orderValuePaise: 199_800 + 254_900 + 149_900 + 99_900 + 149_900 + 249_900,
      // The refunded return, the parcel returned to origin, the cancelled order whole.
      givenBackPaise: 99_900 + 149_900 + 99_900,
      revenuePaise: 1_104_300 - 349_700,
      onlinePaise: 199_800 + 79_900 + 149_900,
      codPaise: 254_900 + 149_900,
      storeCreditPaise: 20_000 + 249_900,
      deliveredOrders: 2,
      returnOrders: 1,
      exchangeOrders: 1,
      shippedOrders: 3,
      returnedToOriginOrders: 1,
      codShippedOrders: 2,
      codReturnedToOriginOrders: 1,
      shoppers: 5,
      newShoppers: 4,
      returningShoppers: 1,
    });
    expect(current.revenuePaise).toBe(754_600);
    expect(previous).toEqual({
      orders: 3,
      orderValuePaise: 99_900 + 99_900 + 299_800,
      givenBackPaise: 0,
      revenuePaise: 499_600,
      onlinePaise: 499_600,
      codPaise: 0,
      storeCreditPaise: 0,
      deliveredOrders: 2,
      returnOrders: 0,
      exchangeOrders: 0,
      shippedOrders: 3,
      returnedToOriginOrders: 0,
      codShippedOrders: 0,
      codReturnedToOriginOrders: 0,
      shoppers: 3,
      newShoppers: 2,
      returningShoppers: 1,
    });
  });

  it('gives every day of the week, empty ones too, adding up to the week', async () => {
    const { days, current } = await readDashboard(database.db, WEEK, { lowStockUnits: 5, now: NOW });
    expect(days).toEqual([
      { day: '2026-03-04', orders: 1, revenuePaise: 99_900 },
      { day: '2026-03-05', orders: 1, revenuePaise: 254_900 },
      { day: '2026-03-06', orders: 1, revenuePaise: 0 },
      { day: '2026-03-07', orders: 1, revenuePaise: 0 },
      { day: '2026-03-08', orders: 0, revenuePaise: 0 },
      { day: '2026-03-09', orders: 1, revenuePaise: 149_900 },
      { day: '2026-03-10', orders: 1, revenuePaise: 249_900 },
    ]);
    expect(days.reduce((sum, day) => sum + day.revenuePaise, 0)).toBe(current.revenuePaise);
  });

  it('puts an order on its India day: the first and last moments of a day', async () => {
    const day = (firstDay: string) => readDashboard(database.db, { firstDay, days: 1 }, { lowStockUnits: 5, now: NOW });
    expect((await day('2026-03-03')).current.orders).toBe(1);
    expect((await day('2026-03-04')).current.orders).toBe(1);
    expect((await day('2026-03-10')).current.orders).toBe(1);
    expect((await day('2026-03-11')).current.orderValuePaise).toBe(5 * 99_900);
    // A day's previous period is the day before it.
    expect((await day('2026-03-04')).previous.orderValuePaise).toBe(299_800);
  });

  it('sums the units sold by category, product and size, less refunded returns, with the stock now', async () => {
    const { categories, topProducts, sizes } = await readDashboard(database.db, WEEK, { lowStockUnits: 5, now: NOW });
    expect(categories).toEqual([
      { category: 'jackets', units: 2, valuePaise: 499_800 },
      { category: 'polos', units: 1, valuePaise: 149_900 },
      { category: 'oversized', units: 1, valuePaise: 99_900 },
    ]);
    expect(topProducts).toEqual([
      { productId: bomber, name: 'Midnight Bomber Jacket', units: 2, valuePaise: 499_800 },
      { productId: polo, name: 'Court Polo', units: 1, valuePaise: 149_900 },
      { productId: astro, name: 'Astro Kid Tee', units: 1, valuePaise: 99_900 },
    ]);
    expect(sizes).toEqual([
      { size: 'XS', units: 0, valuePaise: 0, unitsLeft: 0, soldOut: 0 },
      { size: 'S', units: 1, valuePaise: 149_900, unitsLeft: 10, soldOut: 1 },
      { size: 'M', units: 2, valuePaise: 99_900 + 249_900, unitsLeft: 8, soldOut: 0 },
      { size: 'L', units: 1, valuePaise: 249_900, unitsLeft: 70, soldOut: 0 },
      { size: 'XL', units: 0, valuePaise: 0, unitsLeft: 0, soldOut: 0 },
      { size: 'XXL', units: 0, valuePaise: 0, unitsLeft: 0, soldOut: 0 },
    ]);
  });

  it('lists the sizes at or under the threshold, the soonest to run out first, with the last 14 days sold', async () => {
    const { lowStock } = await readDashboard(database.db, WEEK, { lowStockUnits: 5, now: NOW });
    // Since 25 Feb 11:30 in India: Bob's small tee; Gina's, Alice's and Dave's (five, on 11 March)
    // medium ones, Alice's refunded return still counting as sold then; Dave's jacket.
    expect(lowStock).toEqual([
      { productId: astro, name: 'Astro Kid Tee', size: 'S', unitsLeft: 0, soldLastDays: 1 },
      { productId: astro, name: 'Astro Kid Tee', size: 'M', unitsLeft: 3, soldLastDays: 8 },
      { productId: bomber, name: 'Midnight Bomber Jacket', size: 'M', unitsLeft: 5, soldLastDays: 1 },
    ]);
    const soldOutOnly = await readDashboard(database.db, WEEK, { lowStockUnits: 0, now: NOW });
    expect(soldOutOnly.lowStock.map((row) => `${row.name} ${row.size}`)).toEqual(['Astro Kid Tee S']);
  });

  it('shows nothing, not an error, for a period without orders', async () => {
    const empty = await readDashboard(
      database.db,
      { firstDay: '2025-06-01', days: 30 },
      { lowStockUnits: 5, now: NOW },
    );
    expect(empty.current.orders).toBe(0);
    expect(empty.current.revenuePaise).toBe(0);
    expect(empty.days).toHaveLength(30);
    expect(empty.categories).toEqual([]);
    expect(empty.topProducts).toEqual([]);
  });
});

describe('revenue and the orders list', () => {
  it('adds up to the paisa with the orders the list shows for the same days, less their refunds', async () => {
    const db = database.db;
    // Two generated months far from the fixtures above (2025), orders of every kind at any moment,
    // the same every run (fast-check's seed).
    const first = indiaDayStart('2025-01-01')!.getTime();
    const span = 59 * 86_400_000;
    const COD_STATUSES = [
      'awaiting_confirmation',
      'pending',
      'shipped',
      'delivered',
      'cancelled',
      'failed',
      'returned_to_origin',
    ] as const;
    const PAID_STATUSES = [
      'pending',
      'processing',
      'shipped',
      'delivered',
      'completed',
      'cancelled',
      'failed',
      'returned_to_origin',
    ] as const;
    const [specs] = fc.sample(
      fc.array(
        fc.record({
          method: fc.constantFrom('online', 'cod', 'store_credit'),
          status: fc.nat(PAID_STATUSES.length - 1),
          quantity: fc.integer({ min: 1, max: 3 }),
          pricePaise: fc.integer({ min: 29_900, max: 229_999 }),
          partCredit: fc.boolean(),
          // A cash on delivery order cancelled before its shopper confirmed it, or after.
          confirmed: fc.boolean(),
          shopper: fc.nat(7),
          placedAfterMs: fc.integer({ min: 0, max: span - 1 }),
          // A delivered order's refunded return: none, or a half or a third of it.
          returnedShare: fc.constantFrom(0, 0, 1, 2, 3),
        }),
        { minLength: 120, maxLength: 120 },
      ),
      { seed: 33, numRuns: 1 },
    );
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createUser(db)));
    const made: Array<{ order: Order; returnedShare: number }> = [];
    for (const spec of specs!) {
      const statuses = spec.method === 'cod' ? COD_STATUSES : PAID_STATUSES;
      const status = statuses[spec.status % statuses.length]!;
      const total = spec.quantity * spec.pricePaise;
      const order = await createOrder(db, {
        userId: shoppers[spec.shopper]!.id,
        itemsJson: [line(astro, 'Astro Kid Tee', 'M', spec.quantity, spec.pricePaise)],
        paymentMethod: spec.method,
        ...(spec.method === 'online' ? {} : { paymentId: null }),
        creditPaise: spec.method === 'store_credit' ? total : spec.partCredit ? Math.floor(total / 3) : 0,
        status,
        codConfirmedAt:
          spec.method === 'cod' && status !== 'awaiting_confirmation' && (status !== 'cancelled' || spec.confirmed)
            ? at('2025-01-01T00:00:00Z')
            : null,
        createdAt: new Date(first + spec.placedAfterMs),
      });
      made.push({ order, returnedShare: spec.returnedShare });
    }
    // Returns refunded on delivered orders, to wherever each shopper chose.
    for (const { order, returnedShare } of made.filter((each) => each.order.status === 'delivered')) {
      if (returnedShare === 0) continue;
      const destination =
        order.paymentMethod === 'online' && order.creditPaise === 0
          ? 'original'
          : order.paymentMethod === 'cod'
            ? 'payout'
            : 'store_credit';
      const amount = Math.floor(order.totalPaise / returnedShare);
      const request = await returnRequest(order, {
        kind: 'return',
        status: 'refunded',
        productId: astro,
        size: 'M',
        refundDestination: destination,
        refundPaise: amount,
        ...(destination === 'store_credit' ? { creditBonusPercent: 0 } : {}),
        ...(destination === 'payout' ? { payoutUpiId: 'ravi@okaxis' } : {}),
      });
      await db.insert(refunds).values({
        orderId: order.id,
        returnRequestId: request.id,
        paymentId: destination === 'original' ? order.paymentId : null,
        destination,
        amountPaise: amount,
        reason: 'Return',
      });
    }

    const ids = made.map(({ order }) => order.id);
    const neverConfirmed = new Set(
      (
        await db
          .select({ id: orders.id, method: orders.paymentMethod, confirmed: orders.codConfirmedAt })
          .from(orders)
          .where(inArray(orders.id, ids))
      )
        .filter((row) => row.method === 'cod' && row.confirmed === null)
        .map((row) => row.id),
    );
    const refunded = new Map<string, number>();
    for (const refund of await db.select().from(refunds).where(inArray(refunds.orderId, ids))) {
      refunded.set(refund.orderId!, (refunded.get(refund.orderId!) ?? 0) + refund.amountPaise);
    }

    for (const { firstDay, days } of [
      { firstDay: '2025-01-01', days: 30 },
      { firstDay: '2025-01-31', days: 29 },
      { firstDay: '2025-02-14', days: 1 },
      { firstDay: '2025-01-10', days: 7 },
    ]) {
      // The orders list for the same days, every page of it, as staff see it with its From and To.
      const listed: Awaited<ReturnType<typeof listAdminOrders>>['orders'] = [];
      const dates = orderQueryOf({ ...NO_ORDER_FILTERS, from: firstDay, to: addIndiaDays(firstDay, days - 1) }, 10);
      for (let page = 1; ; page += 1) {
        const { orders: rows, total } = await listAdminOrders(db, { ...dates, page });
        listed.push(...rows);
        if (listed.length >= total) break;
      }
      const shown = listed.filter((order) => ids.includes(order.id) && !neverConfirmed.has(order.id));
      // Every order of those days the month made, and none of another day.
      expect(listed.every((order) => indiaDay(order.createdAt) >= firstDay)).toBe(true);
      expect(shown.length).toBe(
        made.filter(({ order }) => {
          const day = indiaDay(order.createdAt);
          return day >= firstDay && day < addIndiaDays(firstDay, days) && !neverConfirmed.has(order.id);
        }).length,
      );
      const kept = shown.filter((order) => !['cancelled', 'failed', 'returned_to_origin'].includes(order.status));
      const expected =
        kept.reduce((sum, order) => sum + order.totalPaise, 0) -
        kept.reduce((sum, order) => sum + (refunded.get(order.id) ?? 0), 0);
      const { current, days: byDay } = await readDashboard(db, { firstDay, days }, { lowStockUnits: 5, now: NOW });
      expect(current.orders).toBe(shown.length);
      expect(current.orderValuePaise).toBe(shown.reduce((sum, order) => sum + order.totalPaise, 0));
      expect(current.revenuePaise).toBe(expected);
      expect(byDay.reduce((sum, day) => sum + day.revenuePaise, 0)).toBe(expected);
    }
    // The months had what the reconciliation is about.
    expect(neverConfirmed.size).toBeGreaterThan(0);
    expect(refunded.size).toBeGreaterThan(0);
  });
});
