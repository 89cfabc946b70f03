// A paid order's invoice is numbered right after the transaction that places it, not in it (ADR
// 0060): the order is placed with its invoice due and an `issue-invoice` job, sent in the same
// transaction, issues it as soon as that commits. The series' row lock, which every invoice waits
// on in turn, is then taken off the shopper's payment; numbers stay gap-free, since each is taken
// in the transaction that writes its invoice.
import type { JobWithMetadata } from 'pg-boss';
import { z } from 'zod';

import type { Database } from '../db/client.ts';
import { jobPayload, type JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { issueDueInvoice } from './issue.ts';
import type { InvoiceSettings } from './settings.ts';

/** Queues the issue of a newly placed order's invoice, in the transaction that places it. */
export interface DueInvoices {
  enqueue(tx: Database, orderId: string): Promise<void>;
}

export function queuedInvoices(jobs: JobQueue): DueInvoices {
  return { enqueue: (tx, orderId) => jobs.send(tx, 'issue-invoice', { orderId }) };
}

const invoiceJobSchema = z.object({ orderId: z.uuid() });

/** The `issue-invoice` worker: the order's invoice, unless a credit note or its email issued it first. */
export async function runInvoiceJob(
  deps: { db: Database; invoices: InvoiceSettings; logger: Logger },
  job: JobWithMetadata<unknown>,
): Promise<void> {
  const payload = jobPayload(job, invoiceJobSchema, deps.logger, 'jobs: an invoice job naming no order was dropped');
  if (!payload) return;
  await deps.db.transaction((tx) => issueDueInvoice(tx, deps.invoices, payload.orderId));
}
