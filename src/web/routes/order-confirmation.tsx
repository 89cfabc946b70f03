import { href, Link } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import { cashToPayLine } from '../../common/payment-methods.ts';
import { PRIMARY_BUTTON } from '../components/form-field.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/order-confirmation';
import { Icon } from '../components/icon.tsx';

export { loader } from './order-confirmation.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Order Confirmed',
    description: 'Your Trap the Trend order is placed.',
    noIndex: true,
  });
}

/** 'Store credit used', when store credit paid part or all of the order. */
function CreditUsed({ creditPaise }: { creditPaise: number }) {
  if (creditPaise <= 0) return null;
  return (
    <div className="flex justify-between gap-4">
      <dt className="font-semibold">Store credit used</dt>
      <dd>{formatPaise(creditPaise)}</dd>
    </div>
  );
}

export default function OrderConfirmation({ loaderData: { order } }: Route.ComponentProps) {
  if (!order) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-black uppercase">Order not found</h1>
        <p className="mt-4 text-muted">We could not find this order. Your orders are listed under My Orders.</p>
        <Link to={href('/orders')} className={`${PRIMARY_BUTTON} mt-8 inline-block w-auto px-10`}>
          My Orders
        </Link>
      </section>
    );
  }
  if (order.paymentMethod === 'cod') {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <Icon name="circle-check" size={64} className="mx-auto text-green-700" />
        <h1 className="mt-4 text-3xl font-black uppercase">Order Placed!</h1>
        <p className="mt-2 text-lg">Thank you for your order</p>
        <div className="mt-8 rounded-lg border border-black/10 bg-white p-6 text-left">
          <h2 className="text-lg font-bold">Cash on Delivery</h2>
          <p className="mt-2 font-semibold">{cashToPayLine(order.toPayPaise)}</p>
          <dl className="mt-4 space-y-1 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="font-semibold">Order number</dt>
              <dd className="font-mono">{`#${order.number}`}</dd>
            </div>
            <CreditUsed creditPaise={order.creditPaise} />
          </dl>
          {order.awaitingConfirmation ? (
            <p className="mt-4 text-sm">
              Your order waits for your confirmation: please confirm it from the link in the email we have sent you. An
              order not confirmed within {order.confirmHours} hours is cancelled.
            </p>
          ) : null}
        </div>
        <Link to={href('/products')} className={`${PRIMARY_BUTTON} mt-8 inline-block w-auto px-10`}>
          Continue Shopping
        </Link>
      </section>
    );
  }
  if (order.paymentMethod === 'store_credit') {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <Icon name="circle-check" size={64} className="mx-auto text-green-700" />
        <h1 className="mt-4 text-3xl font-black uppercase">Order Confirmed!</h1>
        <p className="mt-2 text-lg">Thank you for your purchase</p>
        <div className="mt-8 rounded-lg border border-black/10 bg-white p-6 text-left">
          <h2 className="text-lg font-bold text-green-800">Paid with store credit</h2>
          <p className="mt-2">Your store credit paid for your order, and your order has been placed.</p>
          <dl className="mt-4 space-y-1 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="font-semibold">Order number</dt>
              <dd className="font-mono">{`#${order.number}`}</dd>
            </div>
            <CreditUsed creditPaise={order.creditPaise} />
            <div className="flex justify-between gap-4">
              <dt className="font-semibold">Left to pay</dt>
              <dd>{formatPaise(0)}</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-muted">
            You will receive an email confirmation with your order details shortly.
          </p>
        </div>
        <Link to={href('/products')} className={`${PRIMARY_BUTTON} mt-8 inline-block w-auto px-10`}>
          Continue Shopping
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Icon name="circle-check" size={64} className="mx-auto text-green-700" />
      <h1 className="mt-4 text-3xl font-black uppercase">Order Confirmed!</h1>
      <p className="mt-2 text-lg">Thank you for your purchase</p>
      <div className="mt-8 rounded-lg border border-black/10 bg-white p-6 text-left">
        <h2 className="text-lg font-bold text-green-800">Payment Successful</h2>
        <p className="mt-2">Your payment was successful and your order has been placed.</p>
        <dl className="mt-4 space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="font-semibold">Payment ID</dt>
            <dd className="font-mono break-all">{order.paymentId}</dd>
          </div>
          <CreditUsed creditPaise={order.creditPaise} />
          <div className="flex justify-between gap-4">
            <dt className="font-semibold">Amount paid</dt>
            <dd>{formatPaise(order.toPayPaise)}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-muted">
          You will receive an email confirmation with your order details shortly.
        </p>
      </div>
      <Link to={href('/products')} className={`${PRIMARY_BUTTON} mt-8 inline-block w-auto px-10`}>
        Continue Shopping
      </Link>
    </section>
  );
}
