// The services an order's moves and its returns are given in tests over a real database: emails
// queued on the test's job queue, the seller's invoice settings, store credit as a store has it by
// default, and a Razorpay that fails any refund asked of it. A test changes what it is about.
import type { Database } from '../../src/server/db/client.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/logger.ts';
import { queuedOrderEmails } from '../../src/server/orders/emails.ts';
import type { ReturnDeps } from '../../src/server/orders/returns.ts';
import type { OrderMoveDeps } from '../../src/server/orders/status.ts';
import { TEST_INVOICE_SETTINGS, TEST_REFUND_CREDIT } from './seller.ts';

export function orderMoveDeps(db: Database, jobs: JobQueue, changes: Partial<OrderMoveDeps> = {}): OrderMoveDeps {
  return {
    db,
    razorpay: { refundPayment: () => Promise.reject(new Error('Razorpay is not asked in this test')) },
    logger: createLogger('silent'),
    orderEmails: queuedOrderEmails(jobs),
    invoices: TEST_INVOICE_SETTINGS,
    storeCredit: TEST_REFUND_CREDIT,
    ...changes,
  };
}

/**
 * The return services: 15 days to ask, 7 to wait, and a request limit no test reaches. Photos go
 * nowhere: a test that sends some gives its own folder.
 */
export function returnDeps(db: Database, jobs: JobQueue, changes: Partial<ReturnDeps> = {}): ReturnDeps {
  return {
    ...orderMoveDeps(db, jobs),
    returns: { windowDays: 15, holdDays: 7 },
    images: { config: { dataDir: '/nonexistent', storage: { kind: 'local' } } },
    requestLimit: { max: 1000, windowMs: 60 * 60_000 },
    ...changes,
  };
}
