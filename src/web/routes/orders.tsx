import { Suspense } from 'react';
import { Await, Form, href, Link, useNavigation } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import { cashToPayLine } from '../../common/payment-methods.ts';
import { REFUND_CHOICE_LABELS } from '../../common/refunds.ts';
import { OrderDocuments } from '../components/order-documents.tsx';
import { OrderReturns } from '../components/order-returns.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { FormMessage } from '../components/form-field.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/buttons.ts';
import { EmptyState, ShopperPage } from '../components/shopper-page.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { taxDocumentPath } from '../paths.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/orders';
import { OrderItems } from '../components/order-items.tsx';

export { action, loader } from './orders.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: 'Your Orders', description: 'Your Trap the Trend orders.', noIndex: true });
}

/**
 * Where a paid order's refund goes when it is cancelled (ADR 0051): back to the payment (chosen
 * unless the shopper says otherwise) or as store credit, with the bonus stated when there is one.
 */
function RefundChoice({
  orderId,
  number,
  creditOffer,
}: {
  orderId: string;
  number: string;
  creditOffer: string | null;
}) {
  const offerId = `credit-offer-${orderId}`;
  return (
    <fieldset className="basis-full">
      <legend className="font-semibold">{`Where the refund of order #${number} goes`}</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {(['original', 'store_credit'] as const).map((to) => (
          <label key={to} className="flex items-center gap-2">
            <input
              type="radio"
              name="refundTo"
              value={to}
              defaultChecked={to === 'original'}
              required
              className="size-4"
              aria-describedby={to === 'store_credit' && creditOffer ? offerId : undefined}
            />
            {REFUND_CHOICE_LABELS[to]}
          </label>
        ))}
      </div>
      {creditOffer ? (
        <p id={offerId} className="mt-1 text-muted">
          {creditOffer}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Cancelling an order that has not shipped: a ticked confirmation, then the refund where the
 * shopper chose (none for cash on delivery: nothing was paid).
 */
function CancelOrder({
  orderId,
  number,
  total,
  paid,
  creditOffer,
}: {
  orderId: string;
  number: string;
  total: number;
  paid: boolean;
  creditOffer: string | null;
}) {
  const busy = useNavigation().state !== 'idle';
  const confirmId = `cancel-${orderId}`;
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 border-t border-black/10 pt-3 text-sm">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="orderId" value={orderId} />
      {paid ? <RefundChoice orderId={orderId} number={number} creditOffer={creditOffer} /> : null}
      <input id={confirmId} type="checkbox" name="confirm" value="yes" required className="size-4" />
      <label htmlFor={confirmId}>
        {paid ? `Cancel order #${number} and refund ${formatPaise(total)}` : `Yes, cancel order #${number}`}
      </label>
      <button type="submit" className={SECONDARY_BUTTON} disabled={busy}>
        {`Cancel order #${number}`}
      </button>
    </Form>
  );
}

/** A cash on delivery order its shopper has not confirmed yet: one button (ADR 0047). */
function ConfirmOrder({ orderId, number }: { orderId: string; number: string }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 border-t border-black/10 pt-3 text-sm">
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="orderId" value={orderId} />
      <p className="grow">We prepare a cash on delivery order once you confirm it.</p>
      <button
        type="submit"
        className={`${PRIMARY_BUTTON} w-auto px-6`}
        disabled={busy}
        aria-label={`Confirm order #${number}`}
      >
        Confirm order
      </button>
    </Form>
  );
}

export default function OrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ShopperPage id="orders-title" title="Your Orders" className="mx-auto max-w-4xl px-4 py-10">
      <div className="mt-4">
        <FormMessage
          message={actionData ? { text: actionData.message, tone: actionData.ok ? 'success' : 'error' } : undefined}
        />
      </div>
      {!loaderData.signedIn ? (
        <EmptyState message="Please log in to view your orders." to={href('/login')} action="Log in" />
      ) : (
        <Suspense fallback={<p className="mt-8">Loading orders...</p>}>
          <Await resolve={loaderData.orders}>
            {(orders) =>
              orders.length === 0 ? (
                <EmptyState message="No orders found" to={href('/products')} action="Shop now">
                  Start shopping to see your orders here
                </EmptyState>
              ) : (
                <ul className="mt-8 space-y-6">
                  {orders.map((order) => (
                    <li key={order.id} className="rounded-lg border border-black/10 bg-white p-6">
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <div>
                          <h2 className="font-bold">{order.date}</h2>
                          <p className="text-sm text-muted">{`Order #${order.number}`}</p>
                          <p className="text-sm text-muted">
                            {order.paymentMethod === 'cod'
                              ? 'Payment: Cash on delivery'
                              : `Payment ID: ${order.paymentId}`}
                          </p>
                        </div>
                        <OrderStatusBadge status={order.status} />
                      </div>
                      <OrderTimeline timeline={order.timeline} label={`Progress of order #${order.number}`} />
                      {order.deliveryFailed ? (
                        <p className="mt-3 rounded border border-red-200 bg-red-50 p-3 text-sm">
                          {'The courier could not deliver this order. '}
                          <Link to={href('/orders/:id/delivery', { id: order.id })} className="font-semibold underline">
                            Tell us what to do
                          </Link>
                        </p>
                      ) : null}
                      <p className="mt-3 text-sm">
                        <span className="font-semibold">Deliver to:</span> {order.address}
                      </p>
                      <OrderItems items={order.items} />
                      <p className="mt-4 flex justify-between border-t border-black/10 pt-3 font-bold">
                        <span>Total Amount</span>
                        <span>{formatPaise(order.totalPaise)}</span>
                      </p>
                      {order.codDuePaise !== null ? (
                        <p className="mt-2 text-sm font-semibold">{cashToPayLine(order.codDuePaise)}</p>
                      ) : null}
                      {order.awaitingConfirmation ? <ConfirmOrder orderId={order.id} number={order.number} /> : null}
                      <OrderDocuments number={order.number} documents={order.documents} pathOf={taxDocumentPath} />
                      <OrderReturns
                        orderId={order.id}
                        number={order.number}
                        window={order.returnWindow}
                        returns={order.returns}
                      />
                      {order.cancellable ? (
                        <CancelOrder
                          orderId={order.id}
                          number={order.number}
                          total={order.totalPaise}
                          paid={order.paymentMethod === 'online'}
                          creditOffer={order.creditOffer}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              )
            }
          </Await>
        </Suspense>
      )}
    </ShopperPage>
  );
}
