// Where a refund goes (ADR 0051), over a real database: a cancellation or a return of an order paid
// online taken as store credit (the credit and its bonus as two ledger entries, the credit note
// equal to the refund, no Razorpay), a return of a cash on delivery order as credit or paid out by
// staff (recorded as due, then completed once its payout is recorded), every refused choice
// changing nothing, the database's own checks, and the retry job leaving non-original refunds alone.
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import {
  createAdminActor,
  createCodOrder,
  createOrder,
  createProduct,
  createUser,
} from '../../../tests/support/factories.ts';
import { deliverQueuedOrderEmails, jobRows, useJobQueue } from '../../../tests/support/jobs.ts';
import { returnDeps } from '../../../tests/support/order-moves.ts';
import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { TEST_INVOICE_SETTINGS } from '../../../tests/support/seller.ts';
import { BANK_PAYOUT, damagedReturnForm } from '../../../tests/support/delivered-orders.ts';
import { orderNumber } from '../../common/orders.ts';
import { PAYOUT_MESSAGES, REFUND_MESSAGES } from '../../common/refunds.ts';
import type { Actor } from '../shared/audit.ts';
import {
  auditLog,
  checkouts,
  coupons,
  orders,
  refunds,
  returnRequests,
  storeCreditEntries,
  taxDocuments,
  type Order,
  type Product,
} from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { issueInvoice } from '../invoices/issue.ts';
import { createLogger } from '../logger.ts';
import { requestRefund, retryUnconfirmedRefunds } from '../payments/refunds.ts';
import { creditBalance } from '../store-credit/ledger.ts';
import { REFUND_CREDIT_REASONS } from './refund-credit.ts';
import { moveReturnRequest, recordReturnPayout, REFUND_REASON_RETURN, requestReturn } from './returns.ts';
import { indiaDate } from './shipping.ts';
import { cancelOrder, changeOrderStatus, CUSTOMER_CANCEL_REFUND_REASON, type OrderMove } from './status.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);
const DAY = 24 * 60 * 60_000;
let tee: Product;
let admin: Actor;

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Credit Tee', sizes: ['M', 'L'], pricePaise: 99_900 }, { M: 10 });
  admin = await createAdminActor(database.db, `credit-refunds-admin-${Date.now()}@example.test`);
  await database.db.insert(coupons).values({ code: 'CREDIT100', kind: 'flat', value: 10_000 });
});

/** Razorpay, counting every refund the store asks of it: none should reach it but a refund to the payment. */
const asked: string[] = [];
const razorpay = {
  refundPayment: async (paymentId: string) => {
    asked.push(paymentId);
    throw new Error('connect ECONNREFUSED');
  },
};

/** The store's settings: 10% extra for store credit, which lasts 30 days. */
const deps = (bonusPercent = 10) =>
  returnDeps(database.db, jobs, { razorpay, storeCredit: { refundBonusPercent: bonusPercent, expiryDays: 30 } });
const moves: OrderMove[] = [];
const record = async (_tx: unknown, move: OrderMove) => {
  moves.push(move);
};
const noRecord = async () => undefined;

const THREE_TEES = (product: Product) => [
  { productId: product.id, name: product.name, size: 'M', quantity: 3, pricePaise: 99_900 },
];

/**
 * A shopper's order of three M tees, paid online and invoiced, in `status`: ₹100 off with CREDIT100
 * (₹2,897.00) unless `terms` say how else it was paid for.
 */
async function paidOrder(
  status: 'processing' | 'delivered',
  terms: Partial<typeof orders.$inferInsert> = { discountPaise: 10_000, couponCode: 'CREDIT100' },
) {
  const customer = await createUser(database.db);
  const order = await createOrder(database.db, {
    userId: customer.id,
    itemsJson: THREE_TEES(tee),
    ...terms,
    status: 'processing',
  });
  await database.db.transaction((tx) => issueInvoice(tx, TEST_INVOICE_SETTINGS, order.id));
  if (status === 'delivered') await deliver(order);
  return { customer: { id: customer.id, email: customer.email }, order };
}

/** The same three tees paid cash on delivery with a ₹49 fee (₹2,946.00), confirmed, shipped (invoiced) and delivered. */
async function codOrder() {
  const customer = await createUser(database.db);
  const { order } = await createCodOrder(database.db, {
    userId: customer.id,
    itemsJson: THREE_TEES(tee),
    discountPaise: 10_000,
    codFeePaise: 4_900,
    status: 'processing',
    codConfirmedAt: new Date(),
  });
  await deliver(order);
  return { customer: { id: customer.id, email: customer.email }, order };
}

async function deliver(order: Order) {
  const shipped = await changeOrderStatus(deps(), order.id, 'shipped', noRecord, {
    courier: 'Delhivery',
    awb: 'DL55500011',
  });
  expect(shipped).toMatchObject({ ok: true });
  const today = indiaDate(new Date());
  expect(await changeOrderStatus(deps(), order.id, 'delivered', noRecord, { deliveredOn: today })).toMatchObject({
    ok: true,
  });
}

const giveBack = (fields: Record<string, unknown>) => damagedReturnForm(tee.id, fields);

/** A return asked with `fields`, approved and picked up. */
async function pickedUp(customer: Actor, order: Order, fields: Record<string, unknown>, bonusPercent = 10) {
  const asked = await requestReturn(deps(bonusPercent), customer, order.id, giveBack(fields));
  if (!asked.ok) throw new Error(asked.message);
  await moveReturnRequest(deps(), admin, asked.request.id, 'approved');
  await moveReturnRequest(deps(), admin, asked.request.id, 'picked_up', { restock: 'no' });
  return asked.request.id;
}

const ledgerOf = (userId: string) =>
  database.db
    .select()
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    // A refund and its bonus share their transaction's moment: the refund first.
    .orderBy(asc(storeCreditEntries.createdAt), asc(storeCreditEntries.kind));
const creditNotesOf = (orderId: string) =>
  database.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
const refundsOf = (orderId: string) => database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

/** The order's refund, checked to be to store credit and never to the payment. */
async function storeCreditRefundOf(
  orderId: string,
  expected: { returnRequestId: string | null; amountPaise: number; reason: string },
) {
  const [refund] = await refundsOf(orderId);
  expect(refund).toMatchObject({ destination: 'store_credit', paymentId: null, razorpayRefundId: null, ...expected });
  return refund!;
}
const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const requestRow = async (id: string) =>
  (await database.db.select().from(returnRequests).where(eq(returnRequests.id, id)))[0]!;
const lastMail = async () => (await jobRows(database, 'send-mail')).at(-1)!.data;
/** The update mail of a return request refunded, as it is queued. */
const refundedUpdate = (
  orderId: string,
  returnRequestId: string,
  refund: { refundedPaise: number; refundTo: string; creditBonusPaise?: number },
) => ({ kind: 'return-update', orderId, returnRequestId, status: 'refunded', ...refund });
/** The emails to `to` waiting in the queue, sent as the worker sends them. */
async function mailsTo(to: string) {
  const mailer = recordingMailer();
  await deliverQueuedOrderEmails(database, mailer);
  return mailer.sent.filter((mail) => mail.to === to);
}

/** What a refused request leaves as it was. */
async function stateOf(order: Order, userId: string) {
  return {
    order: await orderRow(order.id),
    requests: await database.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id)),
    refunds: await refundsOf(order.id),
    ledger: await ledgerOf(userId),
    documents: await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id)),
    units: await unitsLeft(database.db, tee.id, 'M'),
    emails: (await jobRows(database, 'send-mail')).length,
  };
}

describe('cancelling an order paid online, to store credit', () => {
  it('cancels, credits the refund and its bonus as two entries, and issues a credit note equal to the refund', async () => {
    const { customer, order } = await paidOrder('processing');
    const units = await unitsLeft(database.db, tee.id, 'M');
    const now = new Date();

    const cancelled = await cancelOrder(deps(5), customer.id, order.id, record, 'store_credit', now);
    // 5% of ₹2,897.00 is ₹144.85 extra.
    expect(cancelled).toMatchObject({
      ok: true,
      to: 'cancelled',
      refund: { amountPaise: 289_700, destination: 'store_credit', bonusPaise: 14_485 },
    });
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 3);

    const refund = await storeCreditRefundOf(order.id, {
      returnRequestId: null,
      amountPaise: 289_700,
      reason: CUSTOMER_CANCEL_REFUND_REASON,
    });
    const ledger = await ledgerOf(customer.id);
    expect(ledger).toMatchObject([
      {
        kind: 'refund',
        amountPaise: 289_700,
        orderId: order.id,
        returnRequestId: null,
        reason: REFUND_CREDIT_REASONS.cancelled(order.id),
      },
      {
        kind: 'refund_bonus',
        amountPaise: 14_485,
        orderId: order.id,
        returnRequestId: null,
        reason: REFUND_CREDIT_REASONS.bonus(order.id),
      },
    ]);
    // STORE_CREDIT_EXPIRY_DAYS: both last 30 days from now.
    for (const entry of ledger) expect(entry.expiresAt!.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(await creditBalance(database.db, customer.id)).toBe(304_185);
    // The credit note is the refund's, for exactly the refund: the bonus is not on it.
    const [note] = await creditNotesOf(order.id);
    expect(note).toMatchObject({ refundId: refund.id, totalPaise: 289_700 });
    expect(asked).not.toContain(order.paymentId);
    expect(moves.at(-1)).toMatchObject({
      to: 'cancelled',
      refund: { destination: 'store_credit', bonusPaise: 14_485 },
    });
    expect(await lastMail()).toEqual({
      kind: 'order-status',
      orderId: order.id,
      status: 'cancelled',
      refundedPaise: 289_700,
      refundTo: 'store_credit',
      creditBonusPaise: 14_485,
    });
    const [mail] = await mailsTo(customer.email);
    expect(mail!.text).toContain(
      '₹3,041.85 was added to your store credit. That includes ₹144.85 extra for choosing store credit.',
    );
    expect(mail!.text).not.toContain('refunded to the account you paid from');

    // Twice is once: the order is cancelled, nothing more is credited.
    expect(await cancelOrder(deps(5), customer.id, order.id, record, 'store_credit')).toMatchObject({
      ok: false,
      kind: 'conflict',
    });
    expect(await ledgerOf(customer.id)).toHaveLength(2);
  });

  it('gives no bonus entry when the store gives none', async () => {
    const { customer, order } = await paidOrder('processing');
    expect(await cancelOrder(deps(0), customer.id, order.id, record, 'store_credit')).toMatchObject({
      ok: true,
      refund: { destination: 'store_credit', bonusPaise: 0 },
    });
    expect((await ledgerOf(customer.id)).map((entry) => [entry.kind, entry.amountPaise])).toEqual([
      ['refund', 289_700],
    ]);
  });

  it('refuses a choice not offered, another shopper, and credit after a refund to the payment began, writing nothing', async () => {
    const { customer, order } = await paidOrder('processing');
    const stranger = await createUser(database.db);
    const cod = await createCodOrder(database.db, {
      userId: customer.id,
      status: 'pending',
      codConfirmedAt: new Date(),
    });
    const before = await stateOf(order, customer.id);
    const codBefore = await orderRow(cod.order.id);

    expect(await cancelOrder(deps(), customer.id, order.id, record)).toEqual({
      ok: false,
      kind: 'invalid',
      message: REFUND_MESSAGES.choose,
      fieldErrors: { refundTo: REFUND_MESSAGES.choose },
    });
    expect(await cancelOrder(deps(), customer.id, order.id, record, 'payout')).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: REFUND_MESSAGES.onlineOnly,
    });
    expect(await cancelOrder(deps(), customer.id, order.id, record, 'wallet')).toMatchObject({
      ok: false,
      message: REFUND_MESSAGES.onlineOnly,
    });
    expect(await cancelOrder(deps(), stranger.id, order.id, record, 'store_credit')).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    // A cash on delivery order was not paid: nothing to refund anywhere.
    expect(await cancelOrder(deps(), customer.id, cod.order.id, record, 'store_credit')).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: REFUND_MESSAGES.unpaid,
    });
    expect(await orderRow(cod.order.id)).toEqual(codBefore);
    expect(await stateOf(order, customer.id)).toEqual(before);

    // Razorpay did not answer a refund to the payment: it may still be made, so credit is refused.
    expect(await cancelOrder(deps(), customer.id, order.id, record, 'original')).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
    const started = await stateOf(order, customer.id);
    expect(started.refunds).toMatchObject([{ destination: 'original', paymentId: order.paymentId }]);
    expect(await cancelOrder(deps(), customer.id, order.id, record, 'store_credit')).toEqual({
      ok: false,
      kind: 'conflict',
      message: REFUND_MESSAGES.wholeStarted,
    });
    expect(await stateOf(order, customer.id)).toEqual(started);
  });
});

describe('a return of an order paid online, to store credit', () => {
  it('credits the refund and the bonus offered when asked, with a credit note equal to the refund, at once', async () => {
    const { customer, order } = await paidOrder('delivered');
    // Asked while the store gave 10% extra; refunded after it stopped: the offer stands.
    const id = await pickedUp(customer, order, { refundTo: 'store_credit' }, 10);
    expect(await requestRow(id)).toMatchObject({
      refundDestination: 'store_credit',
      creditBonusPercent: 10,
      payoutUpiId: null,
      payoutAccountNumber: null,
    });

    const refunded = await moveReturnRequest(deps(0), admin, id, 'refunded');
    // One of three units of ₹2,897.00 paid is ₹965.66; 10% of it is ₹96.56.
    expect(refunded).toMatchObject({
      ok: true,
      refundedPaise: 96_566,
      refundedTo: { to: 'store_credit', bonusPaise: 9_656 },
      request: { status: 'refunded', refundPaise: 96_566 },
    });
    const refund = await storeCreditRefundOf(order.id, {
      returnRequestId: id,
      amountPaise: 96_566,
      reason: REFUND_REASON_RETURN,
    });
    expect(await ledgerOf(customer.id)).toMatchObject([
      { kind: 'refund', amountPaise: 96_566, orderId: order.id, returnRequestId: id },
      { kind: 'refund_bonus', amountPaise: 9_656, orderId: order.id, returnRequestId: id },
    ]);
    expect(await creditBalance(database.db, customer.id)).toBe(106_222);
    const [note] = await creditNotesOf(order.id);
    expect(note).toMatchObject({ refundId: refund.id, totalPaise: 96_566 });
    expect(asked).not.toContain(order.paymentId);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'return.status')))
      .orderBy(asc(auditLog.createdAt))
      .then((rows) => rows.slice(-1));
    expect(entry!.summary).toBe(
      `Return of 1 × Credit Tee (M) on order #${orderNumber(order.id)}: picked_up → refunded, ₹965.66 refunded as store credit with ₹96.56 extra`,
    );
    expect(await lastMail()).toEqual(
      refundedUpdate(order.id, id, { refundedPaise: 96_566, refundTo: 'store_credit', creditBonusPaise: 9_656 }),
    );
    const refundedMail = (await mailsTo(customer.email)).find((mail) => mail.subject.endsWith('is refunded'));
    expect(refundedMail!.text).toContain(
      '₹1,062.22 was added to your store credit. That includes ₹96.56 extra for choosing store credit. The credit note is attached',
    );
    // Twice is once.
    expect(await moveReturnRequest(deps(), admin, id, 'refunded')).toMatchObject({ ok: false, kind: 'conflict' });
    expect(await ledgerOf(customer.id)).toHaveLength(2);
  });

  it('refunds a return of an order paid partly with store credit only as credit, with no bonus', async () => {
    const { customer, order } = await paidOrder('delivered', { creditPaise: 50_000 });
    const before = await stateOf(order, customer.id);
    // Razorpay took less than the order's total: a refund to it could be more than came in.
    for (const fields of [
      { refundTo: 'original' },
      { refundTo: 'payout', payoutMethod: 'upi', upiId: 'ravi@okaxis' },
    ]) {
      expect(await requestReturn(deps(), customer, order.id, giveBack(fields))).toMatchObject({
        ok: false,
        message: REFUND_MESSAGES.creditOnly,
        fieldErrors: { refundTo: REFUND_MESSAGES.creditOnly },
      });
    }
    expect(await stateOf(order, customer.id)).toEqual(before);
    const id = await pickedUp(customer, order, { refundTo: 'store_credit' }, 10);
    expect(await moveReturnRequest(deps(), admin, id, 'refunded')).toMatchObject({ ok: true });
    // The credit's own worth comes back; a bonus for choosing credit is for money given up, not credit.
    expect((await ledgerOf(customer.id)).map((entry) => entry.kind)).toEqual(['refund']);
  });

  it('refuses a payout, no choice, and an exchange naming a refund, writing nothing', async () => {
    const { customer, order } = await paidOrder('delivered');
    const before = await stateOf(order, customer.id);
    const upi = { refundTo: 'payout', payoutMethod: 'upi', upiId: 'ravi@okaxis' };
    expect(await requestReturn(deps(), customer, order.id, giveBack(upi))).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: REFUND_MESSAGES.onlineOnly,
      fieldErrors: { refundTo: REFUND_MESSAGES.onlineOnly },
    });
    expect(await requestReturn(deps(), customer, order.id, giveBack({}))).toMatchObject({
      ok: false,
      message: REFUND_MESSAGES.choose,
    });
    const exchange = { kind: 'exchange', exchangeSize: 'L', refundTo: 'store_credit' };
    expect(await requestReturn(deps(), customer, order.id, giveBack(exchange))).toMatchObject({
      ok: false,
      message: REFUND_MESSAGES.exchange,
    });
    expect(await stateOf(order, customer.id)).toEqual(before);
  });
});

describe('a return of a cash on delivery order', () => {
  it('refuses the original payment and a UPI ID or bank account that is not one, writing nothing', async () => {
    const { customer, order } = await codOrder();
    const stranger = { id: (await createUser(database.db)).id, email: 'stranger@example.test' };
    const before = await stateOf(order, customer.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ refundTo: 'original' }, 'refundTo', REFUND_MESSAGES.cashOnly],
      [{ refundTo: 'payout' }, 'payoutMethod', REFUND_MESSAGES.payoutMethod],
      [{ refundTo: 'payout', payoutMethod: 'upi', upiId: 'ravi.okaxis' }, 'upiId', REFUND_MESSAGES.upiId],
      [{ refundTo: 'payout', payoutMethod: 'upi', upiId: 'ravi@ok axis' }, 'upiId', REFUND_MESSAGES.upiId],
      [{ refundTo: 'payout', payoutMethod: 'upi' }, 'upiId', REFUND_MESSAGES.upiId],
      [{ ...BANK_PAYOUT, accountNumber: '12345678' }, 'accountNumber', REFUND_MESSAGES.accountNumber],
      [{ ...BANK_PAYOUT, accountNumber: '1234567890123456789' }, 'accountNumber', REFUND_MESSAGES.accountNumber],
      [{ ...BANK_PAYOUT, accountNumber: '12345678X' }, 'accountNumber', REFUND_MESSAGES.accountNumber],
      [{ ...BANK_PAYOUT, ifsc: 'HDFC1001234' }, 'ifsc', REFUND_MESSAGES.ifsc],
      [{ ...BANK_PAYOUT, ifsc: 'HDF0001234' }, 'ifsc', REFUND_MESSAGES.ifsc],
      [{ ...BANK_PAYOUT, accountHolder: 'R' }, 'accountHolder', REFUND_MESSAGES.accountHolder],
      [{ ...BANK_PAYOUT, accountHolder: 'Ravi\u0000Kumar' }, 'accountHolder', REFUND_MESSAGES.accountHolder],
    ];
    for (const [fields, field, message] of cases) {
      expect(await requestReturn(deps(), customer, order.id, giveBack(fields))).toEqual({
        ok: false,
        kind: 'invalid',
        message,
        fieldErrors: { [field]: message },
      });
    }
    expect(await requestReturn(deps(), stranger, order.id, giveBack(BANK_PAYOUT))).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    expect(await stateOf(order, customer.id)).toEqual(before);
  });

  it('is credited at once as store credit, its bonus too', async () => {
    const { customer, order } = await codOrder();
    const id = await pickedUp(customer, order, { refundTo: 'store_credit' }, 10);
    expect(await moveReturnRequest(deps(), admin, id, 'refunded')).toMatchObject({
      ok: true,
      refundedPaise: 96_566,
      refundedTo: { to: 'store_credit', bonusPaise: 9_656 },
    });
    expect((await ledgerOf(customer.id)).map((entry) => [entry.kind, entry.amountPaise])).toEqual([
      ['refund', 96_566],
      ['refund_bonus', 9_656],
    ]);
    expect(await creditNotesOf(order.id)).toMatchObject([{ totalPaise: 96_566 }]);
  });

  it('is paid out by staff: recorded as due, then refunded once the payout is recorded, once', async () => {
    const { customer, order } = await codOrder();
    const askedBefore = asked.length;
    // Typed as a passbook prints it; kept as the bank reads it.
    const id = await pickedUp(customer, order, {
      refundTo: 'payout',
      payoutMethod: 'bank',
      accountHolder: '  Ravi   Kumar ',
      accountNumber: '1234 5678 4321',
      ifsc: 'hdfc0001234',
      upiId: 'ignored@okaxis',
    });
    expect(await requestRow(id)).toMatchObject({
      refundDestination: 'payout',
      creditBonusPercent: null,
      payoutUpiId: null,
      payoutAccountHolder: 'Ravi Kumar',
      payoutAccountNumber: '123456784321',
      payoutIfsc: 'HDFC0001234',
    });
    // The request's audit entry names the account masked: the log keeps no account number.
    const [asking] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'return.request')));
    expect(asking!.summary).toContain('refund to account ending 4321');
    expect(JSON.stringify(asking!.after)).not.toContain('123456784321');

    const due = await moveReturnRequest(deps(), admin, id, 'refunded');
    expect(due).toMatchObject({
      ok: true,
      payoutDue: { amountPaise: 96_566, to: 'account ending 4321' },
      request: { status: 'picked_up' },
    });
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({
      destination: 'payout',
      paymentId: null,
      returnRequestId: id,
      amountPaise: 96_566,
      payoutReference: null,
      paidOutOn: null,
    });
    expect((await requestRow(id)).status).toBe('picked_up');
    expect(await creditNotesOf(order.id)).toEqual([]);
    expect(await ledgerOf(customer.id)).toEqual([]);
    // Refunding again is refused: it is finished by recording the payout.
    expect(await moveReturnRequest(deps(), admin, id, 'refunded')).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This refund is to be paid to account ending 4321; record the payout once it is made.',
    });

    const today = indiaDate(new Date());
    const before = await stateOf(order, customer.id);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ reference: '', paidOutOn: today }, PAYOUT_MESSAGES.reference],
      [{ reference: 'UTR\u0007123', paidOutOn: today }, PAYOUT_MESSAGES.reference],
      [{ reference: 'U'.repeat(101), paidOutOn: today }, PAYOUT_MESSAGES.referenceTooLong],
      [{ reference: 'UTR123', paidOutOn: '2026-02-30' }, PAYOUT_MESSAGES.date],
      [{ reference: 'UTR123', paidOutOn: 'yesterday' }, PAYOUT_MESSAGES.date],
      [{ reference: 'UTR123', paidOutOn: indiaDate(new Date(Date.now() + 2 * DAY)) }, PAYOUT_MESSAGES.dateInFuture],
      [{ reference: 'UTR123', paidOutOn: indiaDate(new Date(Date.now() - 2 * DAY)) }, PAYOUT_MESSAGES.dateBeforeRefund],
    ];
    for (const [input, message] of refusals) {
      expect(await recordReturnPayout(deps(), admin, id, input)).toMatchObject({ ok: false, kind: 'invalid', message });
    }
    expect(
      await recordReturnPayout(deps(), admin, crypto.randomUUID(), { reference: 'UTR1', paidOutOn: today }),
    ).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    expect(await stateOf(order, customer.id)).toEqual(before);

    const paid = await recordReturnPayout(deps(), admin, id, { reference: ' AXISN12345678 ', paidOutOn: today });
    expect(paid).toMatchObject({
      ok: true,
      refundedPaise: 96_566,
      refundedTo: { to: 'payout' },
      request: { status: 'refunded' },
    });
    expect((await refundsOf(order.id))[0]).toMatchObject({ payoutReference: 'AXISN12345678', paidOutOn: today });
    const [note] = await creditNotesOf(order.id);
    expect(note).toMatchObject({ refundId: refund!.id, totalPaise: 96_566 });
    expect(await lastMail()).toEqual(refundedUpdate(order.id, id, { refundedPaise: 96_566, refundTo: 'payout' }));
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'return.status'), eq(auditLog.actorId, admin.id)))
      .orderBy(asc(auditLog.createdAt))
      .then((rows) => rows.slice(-1));
    expect(entry!.summary).toMatch(
      /picked_up → refunded, ₹965\.66 paid to account ending 4321 \(reference AXISN12345678\)$/,
    );
    const refundedMail = (await mailsTo(customer.email)).find((mail) => mail.subject.endsWith('is refunded'));
    expect(refundedMail!.text).toMatch(
      /₹965\.66 was paid to account ending 4321 on \d{1,2} \w+ \d{4} \(reference AXISN12345678\)\. The credit note is attached/,
    );

    // A second record is refused and changes nothing.
    const done = await stateOf(order, customer.id);
    expect(await recordReturnPayout(deps(), admin, id, { reference: 'AGAIN', paidOutOn: today })).toEqual({
      ok: false,
      kind: 'conflict',
      message: PAYOUT_MESSAGES.already,
    });
    expect(await stateOf(order, customer.id)).toEqual(done);
    expect(asked).toHaveLength(askedBefore);
  });

  it('refuses to record a payout for a return refunded another way', async () => {
    const { customer, order } = await codOrder();
    const id = await pickedUp(customer, order, { refundTo: 'store_credit' });
    const today = indiaDate(new Date());
    expect(await recordReturnPayout(deps(), admin, id, { reference: 'UTR1', paidOutOn: today })).toEqual({
      ok: false,
      kind: 'conflict',
      message: PAYOUT_MESSAGES.notDue,
    });
  });
});

describe('the database', () => {
  it('refuses a refund without its payment, a payout without its return, and a destination the request did not choose', async () => {
    const { customer, order } = await codOrder();
    const id = await pickedUp(customer, order, { refundTo: 'payout', payoutMethod: 'upi', upiId: 'Ravi@OKAXIS' });
    expect((await requestRow(id)).payoutUpiId).toBe('ravi@okaxis');
    const insert = (values: Partial<typeof refunds.$inferInsert>) =>
      database.db.insert(refunds).values({ orderId: order.id, amountPaise: 100, reason: 'test', ...values });
    await expect(insert({ destination: 'original' })).rejects.toThrow();
    await expect(insert({ destination: 'store_credit', paymentId: 'pay_x' })).rejects.toThrow();
    await expect(insert({ destination: 'payout' })).rejects.toThrow();
    await expect(insert({ destination: 'store_credit', returnRequestId: id })).rejects.toThrow();
    await expect(
      database.db.update(returnRequests).set({ payoutAccountNumber: '123456789' }).where(eq(returnRequests.id, id)),
    ).rejects.toThrow();
    await expect(
      database.db.update(returnRequests).set({ payoutUpiId: null }).where(eq(returnRequests.id, id)),
    ).rejects.toThrow();
    expect(await refundsOf(order.id)).toEqual([]);
  });
});

describe('the retry job and Razorpay', () => {
  it('never send a refund that does not go to the payment', async () => {
    const { customer, order } = await paidOrder('processing');
    const [checkout] = await database.db
      .insert(checkouts)
      .values({
        userId: customer.id,
        status: 'released',
        fromCart: false,
        itemsJson: THREE_TEES(tee),
        addressJson: TEST_ADDRESS,
        subtotalPaise: 299_700,
        totalPaise: 299_700,
        razorpayOrderId: `order_credit${Date.now()}`,
        expiresAt: new Date(),
      })
      .returning({ id: checkouts.id });
    const overdue = new Date(Date.now() - 60 * 60_000);
    const [credit] = await database.db
      .insert(refunds)
      .values({
        checkoutId: checkout!.id,
        destination: 'store_credit',
        amountPaise: 100,
        reason: 'test',
        nextAttemptAt: overdue,
      })
      .returning();
    await database.db.insert(refunds).values({
      checkoutId: checkout!.id,
      paymentId: 'pay_retried',
      amountPaise: 100,
      reason: 'stock or coupon gone before payment',
      nextAttemptAt: overdue,
    });
    const sent: string[] = [];
    const confirmed = await retryUnconfirmedRefunds({
      db: database.db,
      logger: createLogger('silent'),
      razorpay: {
        refundPayment: async (paymentId, amount) => {
          sent.push(paymentId);
          return { id: `rfnd_${paymentId}`, amount, payment_id: paymentId, status: 'processed' } as never;
        },
      },
    });
    expect(sent).toEqual(['pay_retried']);
    expect(confirmed).toBe(1);
    const [untouched] = await database.db.select().from(refunds).where(eq(refunds.id, credit!.id));
    expect(untouched).toMatchObject({ razorpayRefundId: null, attempts: 0 });
    await expect(requestRefund(razorpay, credit!)).rejects.toThrow(/only a refund to the payment/);
    expect(asked).not.toContain(order.paymentId);
  });
});
