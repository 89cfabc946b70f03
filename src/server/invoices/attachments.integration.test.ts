// The order emails carry the tax documents (ADR 0024): the confirmation its invoice (issued then if
// its job has not run yet, ADR 0060), the
// cancelled or failed email the credit note of the whole refund; an order without an invoice
// (placed before them) is still confirmed, without one.
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { recordingMailer } from '../../../tests/support/accounts.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createOrder } from '../../../tests/support/factories.ts';
import { deliverQueuedOrderEmails, useJobQueue } from '../../../tests/support/jobs.ts';
import { TEST_INVOICE_SETTINGS } from '../../../tests/support/seller.ts';
import { orders, refunds, taxDocuments } from '../db/schema.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { queuedOrderEmails } from '../orders/emails.ts';
import { issueCreditNote, issueInvoice } from './issue.ts';

const database = useTestDatabase();
const jobs = useJobQueue(database);

async function textOf(attachment: MailAttachment): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(attachment.content)), {
    mergePages: true,
  });
  return text;
}

describe('order emails with tax documents', () => {
  it('the confirmation carries the invoice; the cancellation carries the credit note', async () => {
    const order = await createOrder(database.db);
    const invoice = await database.db.transaction((tx) => issueInvoice(tx, TEST_INVOICE_SETTINGS, order.id));
    const [refund] = await database.db
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: order.paymentId!,
        amountPaise: order.totalPaise,
        reason: 'Order cancelled by the customer',
      })
      .returning();
    const creditNote = await database.db.transaction((tx) =>
      issueCreditNote(tx, TEST_INVOICE_SETTINGS, {
        orderId: order.id,
        refund: { id: refund!.id, amountPaise: refund!.amountPaise, reason: refund!.reason },
      }),
    );
    const emails = queuedOrderEmails(jobs);
    await database.db.transaction(async (tx) => {
      await emails.enqueue(tx, { kind: 'order-confirmation', orderId: order.id });
      await emails.enqueue(tx, { kind: 'order-status', orderId: order.id, status: 'processing' });
    });
    const mailer = recordingMailer();
    await deliverQueuedOrderEmails(database, mailer);
    // The order is cancelled afterwards, as its refund is confirmed.
    await database.db.transaction((tx) =>
      emails.enqueue(tx, { kind: 'order-status', orderId: order.id, status: 'cancelled', refundedPaise: 199_800 }),
    );
    await deliverQueuedOrderEmails(database, mailer);

    const [confirmation, processing, cancelled] = mailer.sent;
    expect(confirmation!.attachments).toHaveLength(1);
    const [pdf] = confirmation!.attachments!;
    expect(pdf).toMatchObject({
      filename: `${invoice.number.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
    });
    expect(await textOf(pdf!)).toContain(`Invoice number: ${invoice.number}`);
    expect(processing!.attachments).toEqual([]);
    expect(cancelled!.attachments).toHaveLength(1);
    const text = await textOf(cancelled!.attachments![0]!);
    expect(text).toContain(`Credit note number: ${creditNote!.number}`);
    expect(text).toContain(`Against tax invoice: ${invoice.number}`);
  });

  it('a confirmation sent before its invoice job ran issues the invoice it carries, once', async () => {
    const order = await createOrder(database.db, { invoiceDue: true });
    await database.db.transaction((tx) =>
      queuedOrderEmails(jobs).enqueue(tx, { kind: 'order-confirmation', orderId: order.id }),
    );
    const mailer = recordingMailer();
    await deliverQueuedOrderEmails(database, mailer);
    const invoices = await database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(invoices.map((document) => document.kind)).toEqual(['invoice']);
    const [pdf] = mailer.sent[0]!.attachments!;
    expect(await textOf(pdf!)).toContain(`Invoice number: ${invoices[0]!.number}`);
    const [after] = await database.db.select({ due: orders.invoiceDue }).from(orders).where(eq(orders.id, order.id));
    expect(after!.due).toBe(false);
  });

  it('an order placed before invoices is confirmed without one', async () => {
    const order = await createOrder(database.db);
    await database.db.transaction((tx) =>
      queuedOrderEmails(jobs).enqueue(tx, { kind: 'order-confirmation', orderId: order.id }),
    );
    const mailer = recordingMailer();
    await deliverQueuedOrderEmails(database, mailer);
    expect(mailer.sent[0]!.attachments).toEqual([]);
  });
});
