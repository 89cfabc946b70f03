// Cash on delivery orders for the tests of orders/cod.ts: a shopper's order placed with a coupon,
// and what confirming and cancelling unconfirmed orders are given.
import type { Database } from '../../src/server/db/client.ts';
import type { orders, Product } from '../../src/server/db/schema.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/logger.ts';
import { queuedOrderEmails } from '../../src/server/orders/emails.ts';
import { createCodOrder, createUser } from './factories.ts';
import { TEST_INVOICE_SETTINGS } from './seller.ts';

/** What the job cancelling unconfirmed orders is given; a shopper's confirmation takes part of it. */
export function codDeps(db: Database, jobs: JobQueue, confirmHours: number) {
  return {
    db,
    orderEmails: queuedOrderEmails(jobs),
    invoices: TEST_INVOICE_SETTINGS,
    logger: createLogger('silent'),
    confirmHours,
  };
}

/** A new shopper's cash on delivery order of two M units of `product`, ₹100 off with `couponCode`. */
export async function codOrderWithCoupon(
  db: Database,
  product: Product,
  couponCode: string,
  overrides: Partial<typeof orders.$inferInsert> = {},
) {
  const shopper = await createUser(db);
  const placed = await createCodOrder(db, {
    userId: shopper.id,
    itemsJson: [{ productId: product.id, name: product.name, size: 'M', quantity: 2, pricePaise: product.pricePaise }],
    discountPaise: 10_000,
    couponCode,
    ...overrides,
  });
  return { shopper, ...placed };
}
