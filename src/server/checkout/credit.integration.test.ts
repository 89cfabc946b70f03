// Store credit at checkout (ADR 0050): it pays part of an order (Razorpay or the courier is asked
// for the rest) or all of it (placed at once, paid and invoiced); it is held with the stock and
// given back with it; a late payment takes it again or is refunded; and a refusal writes nothing.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { deliverQueuedOrderEmails, issueQueuedInvoices } from '../../../tests/support/jobs.ts';
import { orderMoveDeps } from '../../../tests/support/order-moves.ts';
import { checkoutOf, refundOf, started } from '../../../tests/support/payments.ts';
import { useQueuedCheckout } from '../../../tests/support/queued-checkout.ts';
import { shopperWithCredit as shopperWithCreditOf } from '../../../tests/support/store-credit.ts';
import {
  cartItems,
  checkouts,
  coupons,
  orders,
  storeCreditEntries,
  taxDocuments,
  users,
  type Product,
} from '../db/schema.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { orderNumber } from '../../common/orders.ts';
import { cancelOrder, changeOrderStatus } from '../orders/status.ts';
import { addCredit, creditBalance, expireDueCredit, takeCredit } from '../store-credit/ledger.ts';
import { placeCodOrder } from './cash-on-delivery.ts';
import { purgeReleasedCheckouts, releaseCheckoutsOfDeletedAccount, releaseExpiredHolds } from './upkeep.ts';
import { cancelPayment, CHECKOUT_HOLD_MS, startPayment, verifyPayment } from './workflow.ts';

const database = useTestDatabase();
const { sandbox, jobs, deps, placedCount, withMethods } = useQueuedCheckout(database);
let tee: Product;

const NOT_ENOUGH = 'You do not have enough store credit.';

beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Astro Tee', pricePaise: 79_900, sizes: ['M', 'L'] }, 200);
  await database.db.insert(coupons).values({ code: 'CREDITTEN', kind: 'percent', value: 10 });
});

/** A shopper with one tee (size M) in their cart, a saved address and `paise` of store credit granted by staff. */
const shopperWithCredit = (paise: number) =>
  shopperWithCreditOf(database.db, [{ productId: tee.id, size: 'M', quantity: 1 }], paise);

/** The shopper's ledger apart from the grant, as kind, amount and what each entry names. */
async function movesOf(userId: string) {
  const entries = await database.db
    .select()
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(storeCreditEntries.createdAt);
  return entries
    .filter((entry) => entry.kind !== 'staff_grant')
    .map(({ kind, amountPaise, checkoutId, orderId, reason }) => ({ kind, amountPaise, checkoutId, orderId, reason }));
}

const checkoutsOf = (userId: string) => database.db.select().from(checkouts).where(eq(checkouts.userId, userId));
const ordersOf = (userId: string) => database.db.select().from(orders).where(eq(orders.userId, userId));

/**
 * The confirmation email sent to the shopper, after the queue's emails are delivered; its text and
 * its HTML each say every one of `lines`.
 */
async function confirmationSaying(userId: string, lines: string[]) {
  const mailer = recordingMailer();
  await deliverQueuedOrderEmails(database, mailer);
  const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const mails = mailer.sent.filter((mail) => mail.to === user!.email);
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  for (const part of [mail.text, mail.html]) {
    for (const line of lines) expect(part).toContain(line);
  }
  return mail;
}

/** The confirmation of an order of `total` that store credit paid `credit` of, saying each of `more` too. */
const confirmationOfCredit = (userId: string, total: string, credit: string, ...more: string[]) =>
  confirmationSaying(userId, [`Total Amount: ${total}`, `Paid with store credit: ${credit}`, ...more]);

/** A shopper with `creditPaise` of store credit who places a cash on delivery order (a ₹49 fee) using it. */
async function codOrderWithCredit(creditPaise: number) {
  const { userId, addressId } = await shopperWithCredit(creditPaise);
  const placed = await placeCodOrder(withMethods({ cod: { feePaise: 4_900 } }), userId, { addressId, useCredit: true });
  if (!placed.ok) throw new Error(placed.message);
  return { userId, placed };
}

/** An order a shopper paid ₹500 of with store credit and the rest online. */
async function paidPartlyOnline() {
  const { userId, addressId } = await shopperWithCredit(50_000);
  const start = started(await startPayment(deps, userId, { addressId, useCredit: true }));
  const paid = await sandbox.pay(start.razorpayOrderId);
  const verified = await verifyPayment(deps, userId, paid);
  if (!verified.ok || !('orderId' in verified)) throw new Error('not placed');
  return { userId, orderId: verified.orderId, paymentId: paid.razorpay_payment_id };
}

/** The order's invoice, once the invoice jobs waiting have run, as they do right after a payment. */
async function invoiceOf(orderId: string) {
  await issueQueuedInvoices(database);
  return database.db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
}

const SPENT = 'Used at checkout';
const RETURNED = 'Returned from a checkout that was not paid';

describe('store credit paying part of an online order', () => {
  it('asks Razorpay for the rest; the order records the credit, the invoice the full total', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const start = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    expect(start.amount).toBe(29_900);
    expect((await deps.razorpay.fetchOrder(start.razorpayOrderId)).amount).toBe(29_900);
    const checkout = (await checkoutOf(database.db, start.razorpayOrderId))!;
    expect(checkout).toMatchObject({
      status: 'open',
      paymentMethod: 'online',
      subtotalPaise: 79_900,
      discountPaise: 0,
      totalPaise: 79_900,
      creditPaise: 50_000,
    });
    expect(await creditBalance(database.db, userId)).toBe(0);
    expect(await movesOf(userId)).toEqual([
      { kind: 'spent', amountPaise: -50_000, checkoutId: checkout.id, orderId: null, reason: SPENT },
    ]);

    const paid = await sandbox.pay(start.razorpayOrderId);
    const verified = await verifyPayment(deps, userId, paid);
    if (!verified.ok || !('orderId' in verified)) throw new Error('not placed');
    expect((await deps.razorpay.fetchPayment(paid.razorpay_payment_id)).amount).toBe(29_900);
    const [order] = await ordersOf(userId);
    expect(order).toMatchObject({
      id: verified.orderId,
      status: 'pending',
      paymentMethod: 'online',
      paymentId: paid.razorpay_payment_id,
      subtotalPaise: 79_900,
      discountPaise: 0,
      totalPaise: 79_900,
      creditPaise: 50_000,
      checkoutId: checkout.id,
    });
    // Credit is a means of payment: the invoice is for the full taxable value.
    expect(await invoiceOf(verified.orderId)).toMatchObject([
      { totalPaise: 79_900, body: { paymentMethod: 'online', creditPaise: 50_000, totals: { totalPaise: 79_900 } } },
    ]);
    // Taken once, with the hold: completing the payment took nothing more.
    expect(await creditBalance(database.db, userId)).toBe(0);
    expect(await movesOf(userId)).toHaveLength(1);

    await confirmationOfCredit(userId, '₹799.00', '₹500.00', 'Paid online: ₹299.00');
  });

  it('leaves Razorpay ₹1.00, its minimum, when the credit would leave less', async () => {
    const { userId, addressId } = await shopperWithCredit(79_850);
    const start = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    expect(start.amount).toBe(100);
    expect((await checkoutOf(database.db, start.razorpayOrderId))!.creditPaise).toBe(79_800);
    expect(await creditBalance(database.db, userId)).toBe(50);
  });

  it('is not used when the shopper does not ask for it', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    for (const useCredit of [false, undefined, null]) {
      const start = started(await startPayment(deps, userId, { addressId, useCredit }));
      expect(start.amount).toBe(79_900);
    }
    expect(await creditBalance(database.db, userId)).toBe(50_000);
    expect(await movesOf(userId)).toEqual([]);
  });
});

describe('store credit paying a whole order', () => {
  it('places it at once: pending, paid, invoiced and emailed, with no payment window', async () => {
    const saving = withMethods({ prepaidDiscount: { kind: 'percent', value: 5 } });
    const { userId, addressId } = await shopperWithCredit(100_000);
    const units = await unitsLeft(database.db, tee.id, 'M');
    const [couponBefore] = await database.db.select().from(coupons).where(eq(coupons.code, 'CREDITTEN'));
    const counted = placedCount();

    const placed = await startPayment(saving, userId, { addressId, couponCode: 'creditten', useCredit: true });
    if (!placed.ok || !('orderId' in placed)) throw new Error('not placed at once');
    expect(Object.keys(placed).sort()).toEqual(['ok', 'orderId']);
    // 79,900 less 10% is 71,910; the online saving, 5% of that, is 3,595: credit pays 68,315.
    const [order] = await ordersOf(userId);
    expect(order).toMatchObject({
      id: placed.orderId,
      status: 'pending',
      paymentMethod: 'store_credit',
      paymentId: null,
      codConfirmTokenHash: null,
      subtotalPaise: 79_900,
      discountPaise: 7_990 + 3_595,
      prepaidDiscountPaise: 3_595,
      codFeePaise: 0,
      totalPaise: 68_315,
      creditPaise: 68_315,
      couponCode: 'CREDITTEN',
    });
    const [checkout] = await checkoutsOf(userId);
    expect(checkout).toMatchObject({
      status: 'paid',
      paymentMethod: 'store_credit',
      razorpayOrderId: null,
      paymentId: null,
      creditPaise: 68_315,
    });
    expect(await invoiceOf(placed.orderId)).toMatchObject([
      { totalPaise: 68_315, body: { paymentMethod: 'store_credit', creditPaise: 68_315 } },
    ]);
    expect(await database.db.select().from(cartItems).where(eq(cartItems.userId, userId))).toEqual([]);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units - 1);
    const [couponAfter] = await database.db.select().from(coupons).where(eq(coupons.code, 'CREDITTEN'));
    expect(couponAfter!.timesUsed).toBe(couponBefore!.timesUsed + 1);
    expect(placedCount()).toBe(counted + 1);
    expect(await creditBalance(database.db, userId)).toBe(100_000 - 68_315);
    expect(await movesOf(userId)).toEqual([
      { kind: 'spent', amountPaise: -68_315, checkoutId: checkout!.id, orderId: null, reason: SPENT },
    ]);

    const mail = await confirmationOfCredit(
      userId,
      '₹683.15',
      '₹683.15',
      'Your store credit paid for your order, and your order has been placed.',
    );
    expect(mail.subject).toBe('Trap the Trend: your order is confirmed');
    for (const part of [mail.text, mail.html]) expect(part).not.toContain('Payment id');
    // The invoice goes with it, as with any paid order.
    const [invoice] = await invoiceOf(placed.orderId);
    expect(mail.attachments?.map((attachment) => attachment.filename)).toEqual([
      `${invoice!.number.replaceAll('/', '-')}.pdf`,
    ]);
  });

  it('is the server’s call: credit covering it asked with cash on delivery places it the same way, with no fee', async () => {
    const { userId } = await codOrderWithCredit(80_000);
    expect(await ordersOf(userId)).toMatchObject([
      { paymentMethod: 'store_credit', status: 'pending', codFeePaise: 0, totalPaise: 79_900, creditPaise: 79_900 },
    ]);
    expect(await creditBalance(database.db, userId)).toBe(100);
  });
});

describe('store credit with cash on delivery', () => {
  it('pays part: the courier collects the rest, and the rules judge the whole total', async () => {
    const { userId, placed } = await codOrderWithCredit(30_000);
    const [order] = await ordersOf(userId);
    expect(order).toMatchObject({
      status: 'awaiting_confirmation',
      paymentMethod: 'cod',
      paymentId: null,
      codFeePaise: 4_900,
      totalPaise: 84_800,
      creditPaise: 30_000,
    });
    expect(await creditBalance(database.db, userId)).toBe(0);
    expect(await invoiceOf(placed.orderId)).toEqual([]);
    await confirmationOfCredit(userId, '₹848.00', '₹300.00', 'Cash on delivery: ₹548.00 to pay when it arrives');
  });

  it('is refused by the rules on the total, whatever the credit pays, with nothing written', async () => {
    const { userId, addressId } = await shopperWithCredit(30_000);
    const units = await unitsLeft(database.db, tee.id, 'M');
    const answer = await placeCodOrder(withMethods({ cod: { feePaise: 4_900, maxOrderPaise: 80_000 } }), userId, {
      addressId,
      useCredit: true,
    });
    expect(answer).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Cash on delivery is not available for orders above ₹800.',
    });
    expect(await checkoutsOf(userId)).toEqual([]);
    expect(await creditBalance(database.db, userId)).toBe(30_000);
    expect(await movesOf(userId)).toEqual([]);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
  });
});

describe('credit held by a checkout that is not paid comes back', () => {
  it('when the payment window is closed', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const units = await unitsLeft(database.db, tee.id, 'M');
    const start = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    const checkout = (await checkoutOf(database.db, start.razorpayOrderId))!;
    expect(await cancelPayment(database.db, userId, start.razorpayOrderId)).toBe(true);
    expect(await creditBalance(database.db, userId)).toBe(50_000);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
    expect(await movesOf(userId)).toEqual([
      { kind: 'spent', amountPaise: -50_000, checkoutId: checkout.id, orderId: null, reason: SPENT },
      { kind: 'spend_returned', amountPaise: 50_000, checkoutId: checkout.id, orderId: null, reason: RETURNED },
    ]);
    // Closed twice, given back once.
    expect(await cancelPayment(database.db, userId, start.razorpayOrderId)).toBe(false);
    expect(await creditBalance(database.db, userId)).toBe(50_000);
  });

  it('when the hold expires, for every shopper the job releases', async () => {
    const t0 = new Date();
    const first = await shopperWithCredit(50_000);
    const second = await shopperWithCredit(20_000);
    started(await startPayment(deps, first.userId, { addressId: first.addressId, useCredit: true }, t0));
    started(await startPayment(deps, second.userId, { addressId: second.addressId, useCredit: true }, t0));
    expect(await creditBalance(database.db, first.userId)).toBe(0);
    expect(await creditBalance(database.db, second.userId)).toBe(0);
    expect(await releaseExpiredHolds(database.db, new Date(t0.getTime() + CHECKOUT_HOLD_MS + 1000))).toBeGreaterThan(1);
    expect(await creditBalance(database.db, first.userId)).toBe(50_000);
    expect(await creditBalance(database.db, second.userId)).toBe(20_000);
    const [checkout] = await checkoutsOf(second.userId);
    expect(checkout!.status).toBe('released');
    expect(
      (await movesOf(second.userId)).map(({ kind, amountPaise, checkoutId }) => [kind, amountPaise, checkoutId]),
    ).toEqual([
      ['spent', -20_000, checkout!.id],
      ['spend_returned', 20_000, checkout!.id],
    ]);
  });

  it('when a newer checkout replaces it: the newer one may spend the same credit again', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const first = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    // The credit is all held by the first checkout, yet the second may use it: the first is released first.
    const second = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    expect(second.amount).toBe(29_900);
    const firstCheckout = (await checkoutOf(database.db, first.razorpayOrderId))!;
    const secondCheckout = (await checkoutOf(database.db, second.razorpayOrderId))!;
    expect(firstCheckout.status).toBe('released');
    expect(await creditBalance(database.db, userId)).toBe(0);
    const moves = await movesOf(userId);
    expect(moves.map(({ kind, amountPaise, checkoutId }) => [kind, amountPaise, checkoutId]).sort()).toEqual(
      [
        ['spend_returned', 50_000, firstCheckout.id],
        ['spent', -50_000, firstCheckout.id],
        ['spent', -50_000, secondCheckout.id],
      ].sort(),
    );
    // A third without credit gives it all back.
    const third = started(await startPayment(deps, userId, { addressId }));
    expect(third.amount).toBe(79_900);
    expect(await creditBalance(database.db, userId)).toBe(50_000);
  });

  it('keeping the expiry of the credit it was spent from', async () => {
    const { userId, addressId } = await shopperWithCredit(0);
    const t0 = new Date();
    await database.db.transaction(async (tx) => {
      const granted = await addCredit(
        tx,
        { userId, amountPaise: 50_000, kind: 'staff_grant', reason: 'Festive gift' },
        { expiryDays: 30, now: t0 },
      );
      if (!granted.ok) throw new Error(granted.message);
    });
    const start = started(await startPayment(deps, userId, { addressId, useCredit: true }, t0));
    await cancelPayment(database.db, userId, start.razorpayOrderId);
    expect(await creditBalance(database.db, userId)).toBe(50_000);
    // Thirty-one days on, the credit has lapsed as if it had never been spent.
    const later = new Date(t0.getTime() + 31 * 24 * 60 * 60_000);
    expect(await database.db.transaction((tx) => expireDueCredit(tx, userId, later))).toBe(50_000);
    expect(await creditBalance(database.db, userId)).toBe(0);
  });

  it('and the released checkout is kept, as its ledger entries name it', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const spent = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    await cancelPayment(database.db, userId, spent.razorpayOrderId);
    const plain = await shopperWithCredit(0);
    const unpaid = started(await startPayment(deps, plain.userId, { addressId: plain.addressId }));
    await cancelPayment(database.db, plain.userId, unpaid.razorpayOrderId);
    const monthsLater = new Date(Date.now() + 60 * 24 * 60 * 60_000);
    expect(await purgeReleasedCheckouts(database.db, monthsLater)).toBeGreaterThan(0);
    expect(await checkoutOf(database.db, spent.razorpayOrderId)).toMatchObject({ status: 'released' });
    expect(await checkoutOf(database.db, unpaid.razorpayOrderId)).toBeUndefined();
    expect(await movesOf(userId)).toHaveLength(2);
  });

  it('when the account is deleted', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    started(await startPayment(deps, userId, { addressId, useCredit: true }));
    await database.db.transaction((tx) => releaseCheckoutsOfDeletedAccount(tx, userId, new Date()));
    expect(await creditBalance(database.db, userId)).toBe(50_000);
    expect((await movesOf(userId)).map((move) => move.kind)).toEqual(['spent', 'spend_returned']);
  });
});

describe('a payment that arrives for a released checkout', () => {
  it('takes the credit again, naming the order, and makes the order', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const start = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    const checkout = (await checkoutOf(database.db, start.razorpayOrderId))!;
    await cancelPayment(database.db, userId, start.razorpayOrderId);
    const units = await unitsLeft(database.db, tee.id, 'M');

    const verified = await verifyPayment(deps, userId, await sandbox.pay(start.razorpayOrderId));
    if (!verified.ok || !('orderId' in verified)) throw new Error('not placed');
    expect(await ordersOf(userId)).toMatchObject([{ id: verified.orderId, totalPaise: 79_900, creditPaise: 50_000 }]);
    expect(await creditBalance(database.db, userId)).toBe(0);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units - 1);
    expect(await movesOf(userId)).toEqual([
      { kind: 'spent', amountPaise: -50_000, checkoutId: checkout.id, orderId: null, reason: SPENT },
      { kind: 'spend_returned', amountPaise: 50_000, checkoutId: checkout.id, orderId: null, reason: RETURNED },
      { kind: 'spent', amountPaise: -50_000, checkoutId: checkout.id, orderId: verified.orderId, reason: SPENT },
    ]);
  });

  it('is refunded what Razorpay took when the credit is gone, and takes nothing', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const start = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    await cancelPayment(database.db, userId, start.razorpayOrderId);
    // Meanwhile staff take part of it back: ₹500 is no longer there.
    await database.db.transaction(async (tx) => {
      const taken = await takeCredit(tx, {
        userId,
        amountPaise: 10_000,
        kind: 'staff_revoke',
        reason: 'Granted twice',
        createdBy: null,
      });
      if (!taken.ok) throw new Error(taken.message);
    });
    const units = await unitsLeft(database.db, tee.id, 'M');

    const paid = await sandbox.pay(start.razorpayOrderId);
    expect(await verifyPayment(deps, userId, paid)).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'Sorry, your store credit was used before your payment arrived. Your money is being refunded.',
    });
    expect(await ordersOf(userId)).toEqual([]);
    expect(await refundOf(database.db, paid.razorpay_payment_id)).toMatchObject({ amountPaise: 29_900 });
    expect((await checkoutOf(database.db, start.razorpayOrderId))!.status).toBe('refunded');
    expect((await deps.razorpay.fetchPayment(paid.razorpay_payment_id)).status).toBe('refunded');
    expect(await creditBalance(database.db, userId)).toBe(40_000);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
  });
});

describe('refused, with nothing written', () => {
  it('credit asked for by a shopper who has none', async () => {
    const { userId, addressId } = await shopperWithCredit(0);
    const units = await unitsLeft(database.db, tee.id, 'M');
    for (const answer of [
      await startPayment(deps, userId, { addressId, useCredit: true }),
      await placeCodOrder(deps, userId, { addressId, useCredit: true }),
    ]) {
      expect(answer).toEqual({ ok: false, kind: 'conflict', message: NOT_ENOUGH });
    }
    expect(await checkoutsOf(userId)).toEqual([]);
    expect(await movesOf(userId)).toEqual([]);
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units);
  });

  it('a useCredit that is not true or false', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    for (const useCredit of ['true', 1, {}, []]) {
      expect(await startPayment(deps, userId, { addressId, useCredit })).toEqual({
        ok: false,
        kind: 'invalid',
        message: 'Please choose whether to use your store credit.',
      });
    }
    expect(await checkoutsOf(userId)).toEqual([]);
    expect(await creditBalance(database.db, userId)).toBe(50_000);
  });

  it('a refused checkout leaves the previous one’s credit held as it was', async () => {
    const { userId, addressId } = await shopperWithCredit(50_000);
    const start = started(await startPayment(deps, userId, { addressId, useCredit: true }));
    const answer = await startPayment(deps, userId, { addressId, useCredit: true, couponCode: 'NOSUCHCODE' });
    expect(answer).toMatchObject({ ok: false, message: 'Invalid coupon code.' });
    expect((await checkoutOf(database.db, start.razorpayOrderId))!.status).toBe('open');
    expect(await creditBalance(database.db, userId)).toBe(0);
    expect(await movesOf(userId)).toHaveLength(1);
  });
});

describe('an order paid with store credit, closed before it is kept', () => {
  const orderDeps = () => orderMoveDeps(database.db, jobs, { razorpay: deps.razorpay });
  const noRecord = async () => undefined;
  const GIVEN_BACK = (orderId: string) => `Store credit paid with order #${orderNumber(orderId)}, given back`;

  async function creditNotesOf(orderId: string) {
    return database.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
  }

  it('paid wholly with credit and cancelled: the credit comes back and a credit note covers the invoice', async () => {
    const { userId, addressId } = await shopperWithCredit(100_000);
    const placed = await startPayment(deps, userId, { addressId, useCredit: true });
    if (!placed.ok || !('orderId' in placed)) throw new Error('not placed at once');
    const units = await unitsLeft(database.db, tee.id, 'M');

    const cancelled = await cancelOrder(orderDeps(), userId, placed.orderId, noRecord);
    expect(cancelled).toMatchObject({ ok: true, to: 'cancelled' });
    expect(await creditBalance(database.db, userId)).toBe(100_000);
    expect((await movesOf(userId)).at(-1)).toEqual({
      kind: 'spend_returned',
      amountPaise: 79_900,
      checkoutId: null,
      orderId: placed.orderId,
      reason: GIVEN_BACK(placed.orderId),
    });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(units + 1);
    expect(await creditNotesOf(placed.orderId)).toMatchObject([
      { totalPaise: 79_900, refundId: null, body: { reason: 'Order cancelled by the customer' } },
    ]);
    const mailer = recordingMailer();
    await deliverQueuedOrderEmails(database, mailer);
    const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const told = mailer.sent.filter((mail) => mail.to === user!.email && mail.text.includes('Cancelled'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('The ₹799.00 of store credit you paid with is back in your store credit.');
  });

  it('paid partly online and cancelled: Razorpay refunds its part, the credit part comes back', async () => {
    const { userId, orderId, paymentId } = await paidPartlyOnline();

    const cancelled = await cancelOrder(orderDeps(), userId, orderId, noRecord, 'original');
    expect(cancelled).toMatchObject({ ok: true, to: 'cancelled', refund: { amountPaise: 29_900 } });
    expect(await refundOf(database.db, paymentId)).toMatchObject({ amountPaise: 29_900 });
    expect(await creditBalance(database.db, userId)).toBe(50_000);
    expect((await movesOf(userId)).at(-1)).toMatchObject({ kind: 'spend_returned', amountPaise: 50_000 });
    // The note credits the whole invoice: what Razorpay gave back and the credit paid with.
    expect(await creditNotesOf(orderId)).toMatchObject([{ totalPaise: 79_900 }]);
  });

  it('paid partly online and cancelled to store credit: both parts land in the balance, no bonus on the credit paid with', async () => {
    const { userId, orderId } = await paidPartlyOnline();
    const bonus = { ...orderDeps(), storeCredit: { refundBonusPercent: 10, expiryDays: undefined } };

    const cancelled = await cancelOrder(bonus, userId, orderId, noRecord, 'store_credit');
    expect(cancelled).toMatchObject({ ok: true, refund: { amountPaise: 29_900, bonusPaise: 2_990 } });
    expect(await creditBalance(database.db, userId)).toBe(50_000 + 29_900 + 2_990);
    expect(await creditNotesOf(orderId)).toMatchObject([{ totalPaise: 79_900 }]);
  });

  it('cash on delivery with credit, not confirmed or returned to origin: the credit comes back', async () => {
    const { userId, addressId } = await shopperWithCredit(30_000);
    const placed = await placeCodOrder(deps, userId, { addressId, useCredit: true });
    if (!placed.ok) throw new Error(placed.message);
    const cancelled = await cancelOrder(orderDeps(), userId, placed.orderId, noRecord);
    expect(cancelled).toMatchObject({ ok: true, to: 'cancelled' });
    expect(await creditBalance(database.db, userId)).toBe(30_000);
    // Never invoiced (it had not shipped): nothing to credit.
    expect(await creditNotesOf(placed.orderId)).toEqual([]);

    const buyNow = { productId: tee.id, size: 'M', quantity: 1 };
    const again = await placeCodOrder(deps, userId, { addressId, buyNow, useCredit: true });
    if (!again.ok) throw new Error(again.message);
    for (const [to, details] of [
      ['pending', {}],
      ['processing', {}],
      ['shipped', { courier: 'Delhivery', awb: 'AWB123456789' }],
    ] as const) {
      expect(await changeOrderStatus(orderDeps(), again.orderId, to, noRecord, details)).toMatchObject({ ok: true });
    }
    expect(await creditBalance(database.db, userId)).toBe(0);
    const back = await changeOrderStatus(orderDeps(), again.orderId, 'returned_to_origin', noRecord, {
      restock: 'yes',
    });
    expect(back).toMatchObject({ ok: true, to: 'returned_to_origin' });
    expect(await creditBalance(database.db, userId)).toBe(30_000);
    expect(await creditNotesOf(again.orderId)).toMatchObject([{ totalPaise: 79_900, refundId: null }]);
  });
});
