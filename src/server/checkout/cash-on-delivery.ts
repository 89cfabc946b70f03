// Placing a cash on delivery order (ADR 0047): the checkout workflow's steps (workflow.ts) with no
// payment to wait for. In one transaction, in THE LOCK ORDER: the shopper's checkout lock and the
// release of their open checkout, the coupon's use, the rules (common/payment-methods.ts) judged on
// the shopper's orders as they are under that lock, the stock, any store credit used (ADR 0050),
// then a checkout row written paid, its order (awaiting its shopper's confirmation), the coupon's
// use counted, the bought cart lines removed and the confirmation email, with its link, queued
// (workflow.ts `holdOrPlace`). Refused, nothing is written. The tax invoice is issued when the
// order ships, not here: no money has come in. The courier collects the total less the credit.
import { and, eq, inArray, sql } from 'drizzle-orm';

import {
  COD_MESSAGES,
  judgeCashOnDelivery,
  ON_THE_WAY_STATUSES,
  type CodHistory,
} from '../../common/payment-methods.ts';
import type { Database } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { failure, FailureError, type Failure } from '../errors.ts';
import type { CodSettings } from './payment-settings.ts';
import {
  holdOrPlace,
  preparePurchase,
  type CheckoutDeps,
  type OrderPlaced,
  type Pricing,
  type Purchase,
  type PurchaseInput,
} from './workflow.ts';

/**
 * 'Place order' with cash on delivery. A forged request (cash on delivery for an order the page
 * showed it disabled for) is judged by the same rules and gets the same reason.
 */
export async function placeCodOrder(
  deps: CheckoutDeps,
  userId: string,
  input: PurchaseInput,
  now = new Date(),
): Promise<OrderPlaced | Failure> {
  const rules = deps.paymentMethods.cod;
  // Switched off, the store offers no cash on delivery at all: nothing is counted or priced.
  if (!rules.enabled) return failure('invalid', COD_MESSAGES.unavailable);
  const prepared = await preparePurchase(deps, userId, input, now);
  if (!prepared.ok) return prepared;
  const placed = await holdOrPlace(deps, prepared.purchase, codPricing(rules, prepared.purchase));
  if (!placed.ok) return placed;
  // Written paid (cash on delivery, or store credit covering it all), so its order was placed.
  return { ok: true, orderId: placed.orderId! };
}

/**
 * Cash on delivery's amounts: the coupon's discount, no saving, the fee added; then the rules, on
 * the order's total (store credit paying part of it changes neither the total nor the rules),
 * judged with the shopper's orders read under their checkout lock, which this transaction holds
 * (`holdCheckout` takes it first): two orders of theirs placed at once are judged one after the
 * other, so both cannot pass the cap.
 */
function codPricing(rules: CodSettings, purchase: Purchase): Pricing {
  return {
    method: 'cod',
    price: async (tx, { subtotalPaise, couponDiscountPaise, prepaidOnlyCoupon }) => {
      const totalPaise = subtotalPaise - couponDiscountPaise + rules.feePaise;
      const verdict = judgeCashOnDelivery(
        {
          totalPaise,
          pincode: purchase.delivery.address.pincode,
          courierCollectsCash: purchase.service.cod,
          prepaidOnlyCoupon: prepaidOnlyCoupon ? purchase.couponCode : undefined,
          history: await codHistory(tx, purchase.userId),
        },
        rules,
      );
      if (!verdict.allowed) throw new FailureError(failure('invalid', verdict.reason));
      return { discountPaise: couponDiscountPaise, prepaidDiscountPaise: 0, codFeePaise: rules.feePaise, totalPaise };
    },
  };
}

/**
 * The shopper's cash on delivery orders on their way, and those returned to origin: counted
 * from the orders themselves, so neither can drift from them. The checkout page shows the option
 * from the same counts; placing reads them again under the shopper's checkout lock.
 */
export async function codHistory(db: Database, userId: string): Promise<CodHistory> {
  const onTheWay = and(eq(orders.paymentMethod, 'cod'), inArray(orders.status, [...ON_THE_WAY_STATUSES]));
  // Cash on delivery parcels refused at the door; a prepaid one back undelivered was paid for.
  const backUndelivered = and(eq(orders.paymentMethod, 'cod'), eq(orders.status, 'returned_to_origin'));
  const [row] = await db
    .select({
      onTheWay: sql<number>`count(*) filter (where ${onTheWay})`.mapWith(Number),
      returnedToOrigin: sql<number>`count(*) filter (where ${backUndelivered})`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return { onTheWay: row?.onTheWay ?? 0, returnedToOrigin: row?.returnedToOrigin ?? 0 };
}
