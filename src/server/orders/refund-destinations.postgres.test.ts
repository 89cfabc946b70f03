// Races of refunds that do not go to the payment (ADR 0051), on the PostgreSQL server only (CI sets
// TEST_DATABASE_URL): a shopper cancelling to store credit from several tabs at once, staff
// refunding a return to credit twice at once, and two staff recording one payout at once. Each is
// made once: one refund row, one credit (and one bonus), one credit note.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { damagedReturnForm, recordDeliveredParcel } from '../../../tests/support/delivered-orders.ts';
import {
  createAdminActor,
  createCodOrder,
  createOrder,
  createProduct,
  createUser,
} from '../../../tests/support/factories.ts';
import { useJobQueue } from '../../../tests/support/jobs.ts';
import { returnDeps } from '../../../tests/support/order-moves.ts';
import { TEST_INVOICE_SETTINGS } from '../../../tests/support/seller.ts';
import type { Actor } from '../shared/audit.ts';
import { refunds, returnRequests, storeCreditEntries, taxDocuments, type Order } from '../db/schema.ts';
import { issueInvoice } from '../invoices/issue.ts';
import { creditBalance } from '../store-credit/ledger.ts';
import { moveReturnRequest, recordReturnPayout, requestReturn, type ReturnDeps } from './returns.ts';
import { indiaDate } from './shipping.ts';
import { cancelOrder } from './status.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
let deps: ReturnDeps;
let admin: Actor;
let productId: number;

beforeAll(async () => {
  deps = returnDeps(database.db, jobs, { storeCredit: { refundBonusPercent: 10, expiryDays: undefined } });
  admin = await createAdminActor(database.db, `refund-race-${Date.now()}@example.test`);
  productId = (await createProduct(database.db, { sizes: ['M'], pricePaise: 99_900 }, { M: 50 })).id;
});

const noRecord = async () => undefined;
const items = () => [{ productId, name: 'Race Tee', size: 'M', quantity: 1, pricePaise: 99_900 }];

/** An order of one tee, invoiced, in `status`; delivered ones have their parcel. */
async function invoicedOrder(order: Order) {
  await database.db.transaction((tx) => issueInvoice(tx, TEST_INVOICE_SETTINGS, order.id));
  if (order.status === 'delivered') await recordDeliveredParcel(database.db, order.id);
  return order;
}

/** A delivered order's return, asked with `fields`, approved and picked up. */
async function pickedUpReturn(order: Order, fields: Record<string, unknown>) {
  const shopper = { id: order.userId, email: 'race@example.test' };
  const asked = await requestReturn(deps, shopper, order.id, damagedReturnForm(productId, fields));
  if (!asked.ok) throw new Error(asked.message);
  await moveReturnRequest(deps, admin, asked.request.id, 'approved');
  await moveReturnRequest(deps, admin, asked.request.id, 'picked_up');
  return asked.request.id;
}

const ledgerOf = (userId: string) =>
  database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId));
const creditNotesOf = async (orderId: string) =>
  (await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId))).filter(
    (document) => document.kind === 'credit_note',
  );

describe('at the same moment', () => {
  it('a cancellation to store credit sent from 5 tabs is made once', async () => {
    const shopper = await createUser(database.db);
    const order = await invoicedOrder(
      await createOrder(database.db, { userId: shopper.id, itemsJson: items(), status: 'processing' }),
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, () => cancelOrder(deps, shopper.id, order.id, noRecord, 'store_credit')),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ ok: false, kind: 'conflict' });
    }
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect((await ledgerOf(shopper.id)).map((entry) => [entry.kind, entry.amountPaise]).sort()).toEqual([
      ['refund', 99_900],
      ['refund_bonus', 9_990],
    ]);
    expect(await creditBalance(database.db, shopper.id)).toBe(109_890);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it('a return refunded to store credit by two staff at once is credited once', async () => {
    const shopper = await createUser(database.db);
    const order = await invoicedOrder(
      await createOrder(database.db, { userId: shopper.id, itemsJson: items(), status: 'delivered' }),
    );
    const id = await pickedUpReturn(order, { refundTo: 'store_credit' });
    const results = await Promise.all([1, 2].map(() => moveReturnRequest(deps, admin, id, 'refunded')));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await database.db.select().from(refunds).where(eq(refunds.returnRequestId, id))).toHaveLength(1);
    expect((await ledgerOf(shopper.id)).map((entry) => entry.kind).sort()).toEqual(['refund', 'refund_bonus']);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it('one payout recorded by two staff at once is recorded once', async () => {
    const shopper = await createUser(database.db);
    const { order } = await createCodOrder(database.db, {
      userId: shopper.id,
      itemsJson: items(),
      status: 'delivered',
      codConfirmedAt: new Date(),
    });
    await invoicedOrder(order);
    const id = await pickedUpReturn(order, { refundTo: 'payout', payoutMethod: 'upi', upiId: 'race@okaxis' });
    expect(await moveReturnRequest(deps, admin, id, 'refunded')).toMatchObject({ ok: true, payoutDue: {} });
    const today = indiaDate(new Date());
    const results = await Promise.all(
      ['UTR-A', 'UTR-B'].map((reference) => recordReturnPayout(deps, admin, id, { reference, paidOutOn: today })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toMatchObject([{ kind: 'conflict' }]);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.returnRequestId, id));
    expect(['UTR-A', 'UTR-B']).toContain(refund!.payoutReference);
    expect((await database.db.select().from(returnRequests).where(eq(returnRequests.id, id)))[0]!.status).toBe(
      'refunded',
    );
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });
});
