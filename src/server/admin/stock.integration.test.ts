// A size's history and staff's adjustments, on a real database: every change of units (a hold, its
// release, the sale it became, a cancellation, a product save, an adjustment) writes its movement
// with the count it left, and an adjustment refused writes nothing.
import { and, asc, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import {
  createAdminActor,
  createCodOrder,
  createOrder,
  createProduct,
  createUser,
} from '../../../tests/support/factories.ts';
import { useJobQueue } from '../../../tests/support/jobs.ts';
import { movementsBySize } from '../../../tests/support/stock.ts';
import { paymentDeps, shopperWithCart, started, useSandbox } from '../../../tests/support/payments.ts';
import { TEST_INVOICE_SETTINGS, TEST_REFUND_CREDIT } from '../../../tests/support/seller.ts';
import { releaseExpiredHolds } from '../checkout/upkeep.ts';
import { CHECKOUT_HOLD_MS, startPayment, verifyPayment } from '../checkout/workflow.ts';
import { RETURN_REASON_VALUES } from '../../common/returns.ts';
import { auditLog, checkouts, orders, returnRequests, stockMovements, type Product } from '../db/schema.ts';
import { applyStockEdit, takeUnits, unitsLeft } from '../inventory/stock.ts';
import { createLogger } from '../logger.ts';
import { queuedOrderEmails } from '../orders/emails.ts';
import { cancelOrder } from '../orders/status.ts';
import type { RazorpayClient } from '../payments/razorpay.ts';
import type { Actor } from '../shared/audit.ts';
import { adjustStock, getProductStock, STOCK_HISTORY_PAGE_SIZE } from './stock.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
const jobs = useJobQueue(database);
let actor: Actor;

beforeAll(async () => {
  actor = await createAdminActor(database.db, 'stock@example.test');
});

/** A size's movements, oldest first, as the table holds them. */
function movementsOf(productId: number, size: string) {
  return database.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), eq(stockMovements.size, size)))
    .orderBy(asc(stockMovements.createdAt));
}

const brief = (rows: Awaited<ReturnType<typeof movementsOf>>) =>
  rows.map(({ kind, change, quantityAfter }) => ({ kind, change, quantityAfter }));

async function history(product: Product, size: string, page = 1) {
  return (await getProductStock(database.db, product.id, { [size]: page }))!.sizes.find((s) => s.size === size)!;
}

describe('the movements of a size', () => {
  it('a hold, its replacement, the sale it became and the expiry of others each write their movement and count', async () => {
    const tee = await createProduct(database.db, { sizes: ['M'], pricePaise: 50_000 }, { M: 10 });
    const deps = paymentDeps(database.db, sandbox);
    const buyer = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 2 }]);
    const first = started(await startPayment(deps, buyer.userId, { addressId: buyer.addressId }));
    // Continue to Payment again: the first hold comes back and the new one takes the units.
    const second = started(await startPayment(deps, buyer.userId, { addressId: buyer.addressId }));
    expect((await verifyPayment(deps, buyer.userId, await sandbox.pay(second.razorpayOrderId))).ok).toBe(true);
    const t0 = new Date();
    const other = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 3 }]);
    const lapsed = started(await startPayment(deps, other.userId, { addressId: other.addressId }, t0));
    expect(await releaseExpiredHolds(database.db, new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000))).toBe(1);

    const rows = await movementsOf(tee.id, 'M');
    const checkoutOf = async (razorpayOrderId: string) =>
      (await database.db.select().from(checkouts).where(eq(checkouts.razorpayOrderId, razorpayOrderId)))[0]!.id;
    const [firstId, secondId, lapsedId] = await Promise.all(
      [first, second, lapsed].map((start) => checkoutOf(start.razorpayOrderId)),
    );
    expect(
      rows.map(({ kind, change, quantityAfter, checkoutId }) => ({ kind, change, quantityAfter, checkoutId })),
    ).toEqual([
      { kind: 'held', change: -2, quantityAfter: 8, checkoutId: firstId },
      { kind: 'released', change: 2, quantityAfter: 10, checkoutId: firstId },
      { kind: 'held', change: -2, quantityAfter: 8, checkoutId: secondId },
      { kind: 'held', change: -3, quantityAfter: 5, checkoutId: lapsedId },
      { kind: 'released', change: 3, quantityAfter: 8, checkoutId: lapsedId },
    ]);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(8);

    // The page: newest first; the paid hold reads as the sale, with its order; the others as holds.
    const [order] = await database.db.select().from(orders).where(eq(orders.checkoutId, secondId!));
    const seen = await history(tee, 'M');
    expect(seen.units).toBe(8);
    expect(seen.history.total).toBe(5);
    expect(
      seen.history.entries.map(({ kind, sold, orderId, quantityAfter }) => ({ kind, sold, orderId, quantityAfter })),
    ).toEqual([
      { kind: 'released', sold: false, orderId: null, quantityAfter: 8 },
      { kind: 'held', sold: false, orderId: null, quantityAfter: 5 },
      { kind: 'held', sold: true, orderId: order!.id, quantityAfter: 8 },
      { kind: 'released', sold: false, orderId: null, quantityAfter: 10 },
      { kind: 'held', sold: false, orderId: null, quantityAfter: 8 },
    ]);
  });

  it('a cancelled order gives its units back as a movement naming the order', async () => {
    const tee = await createProduct(database.db, { sizes: ['L'], pricePaise: 99_900 }, { L: 4 });
    const shopper = await createUser(database.db);
    const { order } = await createCodOrder(database.db, {
      userId: shopper.id,
      itemsJson: [{ productId: tee.id, name: 'Tee', size: 'L', quantity: 2, pricePaise: 99_900 }],
    });
    const moveDeps = {
      db: database.db,
      razorpay: {} as Pick<RazorpayClient, 'refundPayment'>,
      logger: createLogger('silent'),
      orderEmails: queuedOrderEmails(jobs),
      invoices: TEST_INVOICE_SETTINGS,
      storeCredit: TEST_REFUND_CREDIT,
    };
    expect((await cancelOrder(moveDeps, shopper.id, order.id, async () => {})).ok).toBe(true);
    const rows = await movementsOf(tee.id, 'L');
    expect(rows.map(({ kind, change, quantityAfter, orderId }) => ({ kind, change, quantityAfter, orderId }))).toEqual([
      { kind: 'restocked', change: 2, quantityAfter: 6, orderId: order.id },
    ]);
    const [entry] = (await history(tee, 'L')).history.entries;
    expect(entry).toMatchObject({ kind: 'restocked', orderId: order.id, sold: false });
  });

  it("a product save's stock change is written with who saved it; a size dropped leaves at 0", async () => {
    const tee = await createProduct(database.db, { sizes: ['S', 'M'] }, { S: 5, M: 7 });
    await database.db.transaction((tx) =>
      applyStockEdit(
        tx,
        tee.id,
        { sizes: ['M', 'L'], stock: { M: 9, L: 4 }, stockWas: { M: 7, L: 0 } },
        { S: 5, M: 7 },
        actor,
      ),
    );
    expect(await movementsBySize(database.db, tee.id)).toEqual([
      { size: 'L', kind: 'product_edit', change: 4, quantityAfter: 4, actorEmail: 'stock@example.test' },
      { size: 'M', kind: 'product_edit', change: 2, quantityAfter: 9, actorEmail: 'stock@example.test' },
      { size: 'S', kind: 'product_edit', change: -5, quantityAfter: 0, actorEmail: 'stock@example.test' },
    ]);
  });
});

describe('the units reserved of each size', () => {
  it('counts open checkouts, orders not yet shipped and exchanges waiting for their new size', async () => {
    const tee = await createProduct(database.db, { sizes: ['M', 'L'], pricePaise: 50_000 }, { M: 20, L: 20 });
    const other = await createProduct(database.db, { sizes: ['M'] }, { M: 20 });
    const deps = paymentDeps(database.db, sandbox);
    const shopper = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 2 }]);
    started(await startPayment(deps, shopper.userId, { addressId: shopper.addressId }));
    const line = (productId: number, size: string, quantity: number) => ({
      productId,
      name: 'Tee',
      size,
      quantity,
      pricePaise: 50_000,
    });
    await createCodOrder(database.db, { itemsJson: [line(tee.id, 'M', 1), line(tee.id, 'L', 1)] });
    await createOrder(database.db, { status: 'processing', itemsJson: [line(tee.id, 'M', 3), line(other.id, 'M', 4)] });
    const shipped = await createOrder(database.db, { status: 'shipped', itemsJson: [line(tee.id, 'M', 5)] });
    await createOrder(database.db, { status: 'cancelled', itemsJson: [line(tee.id, 'L', 6)] });
    const exchange = (status: 'requested' | 'replacement_shipped', quantity: number) => ({
      orderId: shipped.id,
      kind: 'exchange' as const,
      status,
      productId: tee.id,
      size: 'M',
      quantity,
      exchangeSize: 'L',
      reason: RETURN_REASON_VALUES[0]!,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await database.db.insert(returnRequests).values([exchange('requested', 1), exchange('replacement_shipped', 2)]);

    const { sizes } = (await getProductStock(database.db, tee.id, {}))!;
    expect(sizes.map(({ size, units, reserved }) => ({ size, units, reserved }))).toEqual([
      { size: 'M', units: 18, reserved: { checkouts: 2, orders: 4, exchanges: 0 } },
      { size: 'L', units: 20, reserved: { checkouts: 0, orders: 1, exchanges: 1 } },
    ]);
  });
});

describe('an adjustment by staff', () => {
  const adjust = (product: Product, input: Record<string, unknown>) =>
    adjustStock(database.db, actor, product.id, input);

  /** What the stock page shows of a size and its form sends back with a count: its units and mark. */
  async function shown(product: Product, size: string) {
    const { units, mark } = await history(product, size);
    return { was: String(units), mark };
  }

  /** A count as typed on the stock page as it is now. */
  const count = async (product: Product, size: string, units: string) =>
    adjust(product, { size, reason: 'counted', units, ...(await shown(product, size)) });

  it('receives, counts, writes off and corrects, each with its movement, note, author and audit entry', async () => {
    const tee = await createProduct(database.db, { name: 'Adjusted Tee', sizes: ['M', 'L'] }, { M: 3, L: 1 });
    expect(await adjust(tee, { size: 'M', reason: 'received', units: '12', note: ' Delivery from Tiruppur ' })).toEqual(
      {
        ok: true,
        adjusted: { size: 'M', reason: 'received', before: 3, after: 15 },
      },
    );
    expect(await adjust(tee, { size: 'M', reason: 'damaged', units: '2', note: 'Torn seams' })).toMatchObject({
      adjusted: { before: 15, after: 13 },
    });
    // A count that matches is kept as checked: a movement of 0.
    expect(await count(tee, 'M', '13')).toMatchObject({ adjusted: { after: 13 } });
    expect(await count(tee, 'M', '11')).toMatchObject({ adjusted: { after: 11 } });
    expect(await adjust(tee, { size: 'M', reason: 'other', units: '−4', note: 'Photo shoot' })).toMatchObject({
      adjusted: { after: 7 },
    });
    expect(await adjust(tee, { size: 'M', reason: 'other', units: '+1' })).toMatchObject({ adjusted: { after: 8 } });

    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(8);
    expect(await unitsLeft(database.db, tee.id, 'L')).toBe(1);
    const rows = await movementsOf(tee.id, 'M');
    expect(
      rows.map(({ kind, change, quantityAfter, note, actorEmail, actorId }) => ({
        kind,
        change,
        quantityAfter,
        note,
        actorEmail,
        actorId,
      })),
    ).toEqual([
      {
        kind: 'received',
        change: 12,
        quantityAfter: 15,
        note: 'Delivery from Tiruppur',
        actorEmail: 'stock@example.test',
        actorId: actor.id,
      },
      {
        kind: 'damaged',
        change: -2,
        quantityAfter: 13,
        note: 'Torn seams',
        actorEmail: 'stock@example.test',
        actorId: actor.id,
      },
      {
        kind: 'counted',
        change: 0,
        quantityAfter: 13,
        note: null,
        actorEmail: 'stock@example.test',
        actorId: actor.id,
      },
      {
        kind: 'counted',
        change: -2,
        quantityAfter: 11,
        note: null,
        actorEmail: 'stock@example.test',
        actorId: actor.id,
      },
      {
        kind: 'other',
        change: -4,
        quantityAfter: 7,
        note: 'Photo shoot',
        actorEmail: 'stock@example.test',
        actorId: actor.id,
      },
      { kind: 'other', change: 1, quantityAfter: 8, note: null, actorEmail: 'stock@example.test', actorId: actor.id },
    ]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock.adjust'), eq(auditLog.entityId, String(tee.id))))
      .orderBy(desc(auditLog.createdAt));
    expect(audits.map((entry) => entry.summary)).toContain(
      'Stock of "Adjusted Tee" size M: received +12 (3 → 15): Delivery from Tiruppur',
    );
    expect(audits).toHaveLength(6);
  });

  it('refuses what would take the count below 0, naming the units left, and writes nothing', async () => {
    const tee = await createProduct(database.db, { sizes: ['M'] }, { M: 3 });
    expect(await adjust(tee, { size: 'M', reason: 'damaged', units: '5' })).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'Size M has 3 units left: an adjustment cannot take away 5.',
    });
    expect(await adjust(tee, { size: 'M', reason: 'other', units: '-4' })).toMatchObject({
      message: 'Size M has 3 units left: an adjustment cannot take away 4.',
    });
    expect(await adjust(tee, { size: 'M', reason: 'received', units: '99999' })).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'Size M would have 1,00,002 units: a size holds at most 1,00,000.',
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(3);
    expect(await movementsOf(tee.id, 'M')).toEqual([]);
  });

  const RECEIVED = 'Enter how many units were received: a whole number from 1 to 1,00,000.';
  const COUNTED = 'Enter the units available to sell: a whole number from 0 to 1,00,000.';
  const OUT_OF_DATE = 'This page is out of date: reload it, then enter the count again.';
  const OTHER = 'Enter the change in units, such as 5 or −3: a whole number, not 0, at most 1,00,000 either way.';
  type Refused = [input: Record<string, string>, field: string, message: string];
  const units = (reason: string, typed: string, message: string): Refused => [
    { size: 'M', reason, units: typed },
    'units',
    message,
  ];

  it.each<Refused>([
    units('received', '0', RECEIVED),
    units('received', '-3', RECEIVED),
    units('damaged', '2.5', 'Enter how many units were damaged: a whole number from 1 to 1,00,000.'),
    [{ size: 'M', reason: 'counted', units: '-1', was: '3', mark: '0' }, 'units', COUNTED],
    [{ size: 'M', reason: 'counted', units: '100001', was: '3', mark: '0' }, 'units', COUNTED],
    // A count without what the page showed (a page from before, or a forged form).
    [{ size: 'M', reason: 'counted', units: '3' }, 'units', OUT_OF_DATE],
    [{ size: 'M', reason: 'counted', units: '3', was: '-5', mark: '0' }, 'units', OUT_OF_DATE],
    [{ size: 'M', reason: 'counted', units: '3', was: '3', mark: 'soon' }, 'units', OUT_OF_DATE],
    units('other', '0', OTHER),
    units('other', 'lots', OTHER),
    [{ size: 'M', reason: 'stolen', units: '1' }, 'reason', 'Choose a reason: received, damaged, counted or other.'],
    [{ size: 'XXXL', reason: 'received', units: '1' }, 'size', 'Choose a size this product is offered in.'],
    [{ size: 'L', reason: 'received', units: '1' }, 'size', 'Size L is not offered for this product.'],
    [
      { size: 'M', reason: 'received', units: '1', note: 'x'.repeat(201) },
      'note',
      'The note can be at most 200 characters.',
    ],
    [
      { size: 'M', reason: 'received', units: '1', note: 'a\u0000b' },
      'note',
      'The note must not contain control characters.',
    ],
  ])('refuses %o with a message by its field', async (input, field, message) => {
    const tee = await createProduct(database.db, { sizes: ['M'] }, { M: 3 });
    expect(await adjust(tee, input)).toEqual({
      ok: false,
      kind: 'invalid',
      message,
      fieldErrors: { [field]: message },
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(3);
    expect(await movementsOf(tee.id, 'M')).toEqual([]);
  });

  it('a count keeps the sales made while the page was open', async () => {
    const tee = await createProduct(database.db, { sizes: ['M'] }, { M: 10 });
    const page = await shown(tee, 'M');
    // 3 sell while staff count the shelf; the page said 10 available, staff find 8.
    await database.db.transaction((tx) =>
      takeUnits(tx, [{ productId: tee.id, size: 'M', quantity: 3 }], { kind: 'held' }),
    );
    expect(await adjust(tee, { size: 'M', reason: 'counted', units: '8', ...page })).toEqual({
      ok: true,
      adjusted: { size: 'M', reason: 'counted', before: 7, after: 5 },
    });
    expect(brief(await movementsOf(tee.id, 'M'))).toEqual([
      { kind: 'held', change: -3, quantityAfter: 7 },
      { kind: 'counted', change: -2, quantityAfter: 5 },
    ]);
  });

  it('refuses a count sent twice, or overtaken by another change by hand, writing nothing', async () => {
    const tee = await createProduct(database.db, { sizes: ['M', 'L'] }, { M: 10, L: 10 });
    const page = await shown(tee, 'M');
    const counted = { size: 'M', reason: 'counted', units: '4', ...page };
    expect(await adjust(tee, counted)).toMatchObject({ ok: true, adjusted: { before: 10, after: 4 } });
    const stale = {
      ok: false,
      kind: 'conflict',
      message: 'Size M was changed by hand since this page was shown: see its history, then enter the count again.',
    };
    expect(await adjust(tee, counted)).toEqual(stale);
    // Another member of staff receives L while this page is open: its count is refused too.
    const lPage = await shown(tee, 'L');
    expect((await adjust(tee, { size: 'L', reason: 'received', units: '5' })).ok).toBe(true);
    expect(await adjust(tee, { size: 'L', reason: 'counted', units: '12', ...lPage })).toMatchObject({
      message: 'Size L was changed by hand since this page was shown: see its history, then enter the count again.',
    });
    expect(brief(await movementsOf(tee.id, 'M'))).toEqual([{ kind: 'counted', change: -6, quantityAfter: 4 }]);
    expect(brief(await movementsOf(tee.id, 'L'))).toEqual([{ kind: 'received', change: 5, quantityAfter: 15 }]);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(4);
    expect(await unitsLeft(database.db, tee.id, 'L')).toBe(15);
  });

  it('refuses a product that does not exist', async () => {
    expect(await adjustStock(database.db, actor, 99_999_999, { size: 'M', reason: 'received', units: '1' })).toEqual({
      ok: false,
      kind: 'not_found',
      message: 'This product no longer exists.',
    });
  });

  it('pages a long history, newest first', async () => {
    const tee = await createProduct(database.db, { sizes: ['S'] }, { S: 0 });
    for (let i = 1; i <= STOCK_HISTORY_PAGE_SIZE + 2; i += 1) {
      expect((await adjust(tee, { size: 'S', reason: 'received', units: '1' })).ok).toBe(true);
    }
    const first = await history(tee, 'S');
    expect(first.history).toMatchObject({ total: 12, page: 1, pages: 2 });
    expect(first.history.entries.map((entry) => entry.quantityAfter)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const second = await history(tee, 'S', 2);
    expect(second.history.entries.map((entry) => entry.quantityAfter)).toEqual([2, 1]);
    expect(brief(await movementsOf(tee.id, 'S')).at(-1)).toEqual({ kind: 'received', change: 1, quantityAfter: 12 });
  });
});
