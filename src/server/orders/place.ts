// An order is made from a paid checkout, once (checkout/workflow.ts "complete"): the checkout's
// items, prices and address copy, the payment that paid for them, and the account's email as it is
// then (the order is tracked by it). A cash on delivery checkout (checkout/cash-on-delivery.ts) is
// placed at once, with no payment: its order waits for its shopper's confirmation (ADR 0047); so is
// one paid wholly with store credit, which is paid already (ADR 0050). The store credit a checkout
// used is the order's too.
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { orders, users, type Checkout } from '../db/schema.ts';

/**
 * Online: Razorpay's payment. Cash on delivery: the SHA-256 of its emailed confirmation token
 * (cod-token.ts). Store credit: nothing more (the ledger's `spent` entry names the checkout).
 */
type Payment = { paymentId: string } | { codConfirmTokenHash: string } | { storeCredit: true };

export async function placeOrder(tx: Database, checkout: Checkout, payment: Payment): Promise<string> {
  const cod = 'codConfirmTokenHash' in payment;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: checkout.userId,
      email: sql`(select ${users.email} from ${users} where ${users.id} = ${checkout.userId})`,
      addressId: checkout.addressId,
      addressJson: checkout.addressJson,
      itemsJson: checkout.itemsJson,
      subtotalPaise: checkout.subtotalPaise,
      discountPaise: checkout.discountPaise,
      prepaidDiscountPaise: checkout.prepaidDiscountPaise,
      codFeePaise: checkout.codFeePaise,
      totalPaise: checkout.totalPaise,
      creditPaise: checkout.creditPaise,
      couponCode: checkout.couponCode,
      paymentMethod: checkout.paymentMethod,
      paymentId: 'paymentId' in payment ? payment.paymentId : null,
      codConfirmTokenHash: cod ? payment.codConfirmTokenHash : null,
      checkoutId: checkout.id,
      status: cod ? 'awaiting_confirmation' : 'pending',
      // Paid (online or with store credit): invoiced right after this commits (invoices/due.ts).
      invoiceDue: !cod,
    })
    .returning({ id: orders.id });
  return order!.id;
}

/** The id of the order a checkout became (one order per checkout: a unique column). */
export async function orderOfCheckout(db: Database, checkoutId: string): Promise<string | undefined> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
  return order?.id;
}
