// The invoice numbers of orders completed at the same moment, on the PostgreSQL server only (CI
// sets TEST_DATABASE_URL): the payments take none; then each invoice is issued by two at once (its
// job and its confirmation email, ADR 0060), and each order gets one number, together leaving no gap.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { paymentDeps, shoppersWithCart, started, useSandbox } from '../../../tests/support/payments.ts';
import { TEST_INVOICE_SETTINGS } from '../../../tests/support/seller.ts';
import { startPayment, verifyPayment } from '../checkout/workflow.ts';
import { documentSequences, orders, taxDocuments } from '../db/schema.ts';
import { issueDueInvoice } from './issue.ts';
import { financialYear } from './numbering.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof paymentDeps>;

beforeAll(() => {
  deps = paymentDeps(database.db, sandbox);
});

describe('at the same moment', () => {
  it('24 orders completed at once, each invoiced by two at once, get 24 consecutive numbers', async () => {
    const product = await createProduct(database.db, { sizes: ['M'], pricePaise: 99_900 }, { M: 100 });
    const crowd = await shoppersWithCart(database.db, 24, [{ productId: product.id, size: 'M', quantity: 1 }]);
    const payments = await Promise.all(
      crowd.map(async ({ userId, addressId }) => {
        const start = started(await startPayment(deps, userId, { addressId }));
        return { userId, paid: await sandbox.pay(start.razorpayOrderId) };
      }),
    );
    const placed = await Promise.all(payments.map(({ userId, paid }) => verifyPayment(deps, userId, paid)));
    const orderIds = placed.map((result) => (result.ok && 'orderId' in result ? result.orderId : ''));
    expect(orderIds.every(Boolean)).toBe(true);

    const issuedWith = () => database.db.select().from(taxDocuments).where(inArray(taxDocuments.orderId, orderIds));
    expect(await issuedWith()).toEqual([]);
    await Promise.all(
      [...orderIds, ...orderIds].map((orderId) =>
        database.db.transaction((tx) => issueDueInvoice(tx, TEST_INVOICE_SETTINGS, orderId)),
      ),
    );

    const invoices = await issuedWith();
    expect(invoices).toHaveLength(24);
    const due = await database.db.select({ due: orders.invoiceDue }).from(orders).where(inArray(orders.id, orderIds));
    expect(due.every((order) => !order.due)).toBe(true);
    const numbers = invoices.map((invoice) => Number(invoice.number.split('/').at(-1))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
    const [sequence] = await database.db
      .select()
      .from(documentSequences)
      .where(eq(documentSequences.financialYear, financialYear(new Date())));
    expect(sequence).toMatchObject({ series: 'invoice', lastNumber: 24 });
  });
});
