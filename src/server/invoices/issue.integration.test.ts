// Tax invoices and credit notes on the real engine (ADR 0024): a paid checkout's order is placed
// with its invoice due, issued right after (ADR 0060) or first thing when a credit note needs it;
// credit notes credit what was paid, numbered in their own series; an order placed before invoices
// gets none and is still refunded.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createReturnRequest } from '../../../tests/support/delivered-orders.ts';
import { createOrder, createProduct } from '../../../tests/support/factories.ts';
import { logSink } from '../../../tests/support/log-sink.ts';
import { paymentDeps, shopperWithCart, started, useSandbox } from '../../../tests/support/payments.ts';
import { TEST_INVOICE_SETTINGS, TEST_REFUND_CREDIT } from '../../../tests/support/seller.ts';
import { startPayment, verifyPayment } from '../checkout/workflow.ts';
import { loadConfig } from '../config.ts';
import { coupons, orders, refunds, taxDocuments, type Product, type TaxDocument } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { cancelOrder, changeOrderStatus } from '../orders/status.ts';
import { issueCreditNote, issueDueInvoice, issueDueInvoices } from './issue.ts';
import { financialYear } from './numbering.ts';
import type { InvoiceSettings } from './settings.ts';
import { paidForUnits } from './tax.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;
let jacket: Product;
let tee: Product;
const year = financialYear(new Date());
const log = logSink();

beforeAll(async () => {
  deps = paymentDeps(database.db, sandbox);
  jacket = await createProduct(database.db, { name: 'Night Rider Jacket', category: 'jackets', pricePaise: 299_900 });
  tee = await createProduct(database.db, { name: 'Astro Tee', category: 'oversized', pricePaise: 79_900 });
  await database.db.insert(coupons).values({ code: 'FLAT200', kind: 'flat', value: 20_000 });
});

const moveDeps = () => ({
  db: database.db,
  razorpay: deps.razorpay,
  logger: createLogger('warn', log.stream),
  orderEmails: { enqueue: async () => undefined },
  invoices: TEST_INVOICE_SETTINGS,
  storeCredit: TEST_REFUND_CREDIT,
});
const noAudit = async () => undefined;

/**
 * A shopper buys a jacket and two tees with FLAT200 and pays in the sandbox; then the invoices due
 * are issued, as the job does right after, with `invoices` as the store is set up ('not yet': none).
 */
async function paidOrder(invoices: InvoiceSettings | 'not yet' = TEST_INVOICE_SETTINGS) {
  const shopper = await shopperWithCart(database.db, [
    { productId: jacket.id, size: 'M', quantity: 1 },
    { productId: tee.id, size: 'L', quantity: 2 },
  ]);
  const start = started(
    await startPayment(deps, shopper.userId, { addressId: shopper.addressId, couponCode: 'FLAT200' }),
  );
  const verified = await verifyPayment(deps, shopper.userId, await sandbox.pay(start.razorpayOrderId));
  if (!verified.ok || !('orderId' in verified)) throw new Error('the payment did not make an order');
  if (invoices !== 'not yet') await issueDueInvoices(database.db, invoices);
  return { ...shopper, orderId: verified.orderId };
}

const invoiceDueOf = async (orderId: string) =>
  (await database.db.select({ due: orders.invoiceDue }).from(orders).where(eq(orders.id, orderId)))[0]!.due;

async function documentsOf(orderId: string): Promise<TaxDocument[]> {
  return database.db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(taxDocuments.issuedAt, taxDocuments.number);
}

const sequenceOf = (number: string) => Number(number.split('/').at(-1));

describe('the invoice of a paid order', () => {
  it('is issued right after the payment: numbered in sequence, the seller, the buyer and each line', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const [invoice] = await documentsOf(first.orderId);
    const [next] = await documentsOf(second.orderId);
    expect(invoice!.number).toMatch(new RegExp(`^TTT/${year}/\\d{6}$`));
    expect(sequenceOf(next!.number)).toBe(sequenceOf(invoice!.number) + 1);
    expect(invoice).toMatchObject({ kind: 'invoice', invoiceId: null, refundId: null, totalPaise: 459_700 - 20_000 });
    const body = invoice!.body;
    expect(body.orderNumber).toBe(first.orderId.slice(0, 8).toUpperCase());
    expect(body.seller).toEqual(TEST_INVOICE_SETTINGS.seller);
    expect(body.buyer).toEqual({
      name: 'Riya Kapoor',
      address: 'Flat 4B, MG Road, Bengaluru, Karnataka - 560001, India',
      state: 'Karnataka',
    });
    // Delivered to Karnataka by a seller in Maharashtra: IGST. Paid online, and invoiced right after.
    expect(body).toMatchObject({ placeOfSupply: 'Karnataka', intraState: false, paymentMethod: 'online' });
    // The ₹200 spread in proportion: ₹2,999 of ₹4,597 takes ₹130.48, the tees ₹69.52.
    expect(body.lines).toEqual([
      {
        description: 'Night Rider Jacket',
        hsn: '6201',
        size: 'M',
        quantity: 1,
        amountPaise: 286_852,
        taxablePaise: 243_095,
        ratePercent: 18,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 43_757,
      },
      {
        description: 'Astro Tee',
        hsn: '6109',
        size: 'L',
        quantity: 2,
        amountPaise: 152_848,
        taxablePaise: 145_570,
        ratePercent: 5,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 7_278,
      },
    ]);
    expect(body.totals).toEqual({
      taxablePaise: 388_665,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 51_035,
      totalPaise: 439_700,
    });
  });

  it('is due when the payment commits, and issued once after it, whoever issues it', async () => {
    const { orderId } = await paidOrder('not yet');
    // The payment took no number: the order waits for its invoice, which nothing has issued yet.
    expect(await invoiceDueOf(orderId)).toBe(true);
    expect(await documentsOf(orderId)).toEqual([]);
    expect(await issueDueInvoices(database.db, TEST_INVOICE_SETTINGS)).toBe(1);
    await database.db.transaction((tx) => issueDueInvoice(tx, TEST_INVOICE_SETTINGS, orderId));
    expect(await issueDueInvoices(database.db, TEST_INVOICE_SETTINGS)).toBe(0);
    expect((await documentsOf(orderId)).map((document) => document.kind)).toEqual(['invoice']);
    expect(await invoiceDueOf(orderId)).toBe(false);
  });

  it('is left to its job while it is young: the sweep issues only those placed before its moment', async () => {
    const before = new Date(Date.now() - 60_000);
    const { orderId } = await paidOrder('not yet');
    expect(await issueDueInvoices(database.db, TEST_INVOICE_SETTINGS, before)).toBe(0);
    expect(await invoiceDueOf(orderId)).toBe(true);
    expect(await issueDueInvoices(database.db, TEST_INVOICE_SETTINGS)).toBe(1);
    expect(await invoiceDueOf(orderId)).toBe(false);
  });

  it('splits the tax into CGST and SGST when the seller is in the delivery state', async () => {
    const inKarnataka = loadConfig({}).invoices;
    const { orderId } = await paidOrder(inKarnataka);
    const [invoice] = await documentsOf(orderId);
    expect(invoice!.body.seller.state).toBe('Karnataka');
    expect(invoice!.body.intraState).toBe(true);
    expect(invoice!.body.lines.map(({ cgstPaise, sgstPaise, igstPaise }) => [cgstPaise, sgstPaise, igstPaise])).toEqual(
      [
        [21_879, 21_878, 0],
        [3_639, 3_639, 0],
      ],
    );
  });
});

describe('credit notes', () => {
  it('a cancellation credits the whole invoice, in the credit note series', async () => {
    const { userId, orderId } = await paidOrder();
    const cancelled = await cancelOrder(moveDeps(), userId, orderId, noAudit, 'original');
    expect(cancelled.ok).toBe(true);
    const [invoice, creditNote] = await documentsOf(orderId);
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      invoiceId: invoice!.id,
      refundId: refund!.id,
      totalPaise: invoice!.totalPaise,
    });
    expect(creditNote!.number).toMatch(new RegExp(`^TTT/CN/${year}/\\d{6}$`));
    expect(creditNote!.body).toEqual({ ...invoice!.body, reason: 'Order cancelled by the customer' });
  });

  it('a cancellation before the invoice was issued issues it first, then credits it', async () => {
    const { userId, orderId } = await paidOrder('not yet');
    expect((await cancelOrder(moveDeps(), userId, orderId, noAudit, 'original')).ok).toBe(true);
    const [invoice, creditNote] = await documentsOf(orderId);
    expect(invoice).toMatchObject({ kind: 'invoice', totalPaise: 439_700 });
    expect(creditNote).toMatchObject({ kind: 'credit_note', invoiceId: invoice!.id, totalPaise: 439_700 });
    expect(await invoiceDueOf(orderId)).toBe(false);
    // The job, running after, finds nothing left to do.
    expect(await issueDueInvoices(database.db, TEST_INVOICE_SETTINGS)).toBe(0);
    expect(await documentsOf(orderId)).toHaveLength(2);
  });

  it('an order the store marks failed gets one too, with its reason', async () => {
    const { orderId } = await paidOrder();
    expect((await changeOrderStatus(moveDeps(), orderId, 'failed', noAudit)).ok).toBe(true);
    const [, creditNote] = await documentsOf(orderId);
    expect(creditNote!.body.reason).toBe('Order marked failed by the store');
  });

  it('an order placed before invoices existed is refunded without one, and the log says so', async () => {
    const payment = await sandbox.pay(
      (await deps.razorpay.createOrder({ amount: 199_800, currency: 'INR', receipt: 'old' })).id,
    );
    const order = await createOrder(database.db, { paymentId: payment.razorpay_payment_id });
    expect((await cancelOrder(moveDeps(), order.userId, order.id, noAudit, 'original')).ok).toBe(true);
    expect(await documentsOf(order.id)).toEqual([]);
    expect(log.lines.some((line) => line.includes('no tax invoice to issue a credit note against'))).toBe(true);
  });

  it('returns credit their units in the order their refunds were recorded, adding up to the line', async () => {
    const { orderId } = await paidOrder();
    const [invoice] = await documentsOf(orderId);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    // Two returns of one tee each, refunds recorded first for A, then for B; B is confirmed first.
    const recordReturn = async (credited: number, line = { productId: tee.id, size: 'L' }) => {
      const request = await createReturnRequest(database.db, {
        orderId,
        status: 'picked_up',
        ...line,
        reason: 'wrong_size',
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const amountPaise = paidForUnits(order!, line, 1, credited);
      const [refund] = await database.db
        .insert(refunds)
        .values({
          orderId,
          paymentId: order!.paymentId!,
          returnRequestId: request.id,
          amountPaise,
          reason: 'Returned',
        })
        .returning();
      return refund!;
    };
    const a = await recordReturn(0);
    const b = await recordReturn(1);
    const credit = (refund: typeof a, line = { productId: tee.id, size: 'L' }) =>
      database.db.transaction((tx) =>
        issueCreditNote(tx, TEST_INVOICE_SETTINGS, {
          orderId,
          refund: { id: refund.id, amountPaise: refund.amountPaise, reason: 'Items returned by the customer' },
          units: { ...line, quantity: 1 },
        }),
      );
    const forB = await credit(b);
    const forA = await credit(a);
    expect(forA!.totalPaise + forB!.totalPaise).toBe(invoice!.body.lines[1]!.amountPaise);
    for (const key of ['taxablePaise', 'igstPaise'] as const) {
      expect(forA!.body.lines[0]![key] + forB!.body.lines[0]![key]).toBe(invoice!.body.lines[1]![key]);
    }
    expect(forB!.body.lines[0]).toMatchObject({ description: 'Astro Tee', size: 'L', quantity: 1, ratePercent: 5 });
    // Once per refund: asked again, the same credit note.
    expect((await credit(a))!.id).toBe(forA!.id);
    // A credit note that would not be the refund's amount is refused, and nothing is written.
    const jacketLine = { productId: jacket.id, size: 'M' };
    const odd = await recordReturn(0, jacketLine);
    await expect(credit({ ...odd, amountPaise: odd.amountPaise + 1 }, jacketLine)).rejects.toThrow(
      /would be \d+ paise, not the refund's/,
    );
    expect(
      await database.db
        .select()
        .from(taxDocuments)
        .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.refundId, odd.id))),
    ).toEqual([]);
  });
});
