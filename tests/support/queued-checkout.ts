// A test file's checkout as the store runs it: the Razorpay sandbox, order emails and invoices
// queued on a job queue of the test's own (for deliverQueuedOrderEmails and issueQueuedInvoices to
// work), and the orders placed counted as the store's metrics count them.
import { beforeAll } from 'vitest';

import type { PaymentSettings } from '../../src/server/checkout/payment-settings.ts';
import type { CheckoutDeps } from '../../src/server/checkout/workflow.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { queuedInvoices } from '../../src/server/invoices/due.ts';
import { queuedOrderEmails } from '../../src/server/orders/emails.ts';
import { standIn } from './database.ts';
import { useJobQueue } from './jobs.ts';
import { paymentDeps, TEST_PAYMENT_METHODS, useSandbox } from './payments.ts';

export function useQueuedCheckout(database: DatabaseHandle) {
  const sandbox = useSandbox();
  const jobs = useJobQueue(database);
  let current: ReturnType<typeof paymentDeps> | undefined;
  let placed = 0;
  beforeAll(() => {
    current = {
      ...paymentDeps(database.db, sandbox),
      orderEmails: queuedOrderEmails(jobs),
      dueInvoices: queuedInvoices(jobs),
      metrics: { orderPlaced: () => void (placed += 1), payment: () => undefined },
    };
  });
  const deps = standIn(() => current, 'The checkout services');
  return {
    sandbox,
    /** The queue the order emails go on, for other services of the test to queue theirs on too. */
    jobs,
    deps,
    /** How many orders the store has counted as placed so far. */
    placedCount: () => placed,
    /** The deps with other payment method settings, or another courier. */
    withMethods(methods: {
      cod?: Partial<PaymentSettings['cod']>;
      prepaidDiscount?: PaymentSettings['prepaidDiscount'];
      delivery?: Partial<CheckoutDeps['delivery']>;
    }) {
      return {
        ...deps,
        paymentMethods: {
          cod: { ...TEST_PAYMENT_METHODS.cod, ...methods.cod },
          prepaidDiscount: methods.prepaidDiscount,
        },
        delivery: { ...deps.delivery, ...methods.delivery },
      };
    },
  };
}
