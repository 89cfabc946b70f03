import { href, Link } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import { cashToPayLine } from '../../common/payment-methods.ts';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
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
  return <Fact term="Store credit used">{formatPaise(creditPaise)}</Fact>;
}

/** The first facts of an order with nothing to pay online: its number, and the store credit it used. */
function NumberAndCredit({ number, creditPaise }: { number: string; creditPaise: number }) {
  return (
    <>
      <Fact term="Order number" mono>{`#${number}`}</Fact>
      <CreditUsed creditPaise={creditPaise} />
    </>
  );
}

/** One row of the order's facts. */
function Fact({ term, children, mono = false }: { term: string; children: React.ReactNode; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="font-semibold">{term}</dt>
      <dd className={mono ? 'font-mono break-all' : undefined}>{children}</dd>
    </div>
  );
}

/** The page around each way of paying: the tick, the thanks, a card with the facts, the way back to the shop. */
function Placed({
  title,
  thanks,
  heading,
  headingClass = '',
  lead,
  facts,
  note,
}: {
  title: string;
  thanks: string;
  heading: string;
  headingClass?: string;
  lead: React.ReactNode;
  facts: React.ReactNode;
  note: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Icon name="circle-check" size={64} className="mx-auto text-green-700" />
      <h1 className="mt-4 text-3xl font-black uppercase">{title}</h1>
      <p className="mt-2 text-lg">{thanks}</p>
      <div className="mt-8 rounded-lg border border-black/10 bg-white p-6 text-left">
        <h2 className={`text-lg font-bold ${headingClass}`}>{heading}</h2>
        {lead}
        <dl className="mt-4 space-y-1 text-sm">{facts}</dl>
        {note}
      </div>
      <Link to={href('/products')} className={`${PRIMARY_BUTTON} mt-8 inline-block w-auto px-10`}>
        Continue Shopping
      </Link>
    </section>
  );
}

/** A paid order's title and thanks (cash on delivery waits for the cash). */
const CONFIRMED = { title: 'Order Confirmed!', thanks: 'Thank you for your purchase' };

const EMAIL_NOTE = (
  <p className="mt-4 text-sm text-muted">You will receive an email confirmation with your order details shortly.</p>
);

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
      <Placed
        title="Order Placed!"
        thanks="Thank you for your order"
        heading="Cash on Delivery"
        lead={<p className="mt-2 font-semibold">{cashToPayLine(order.toPayPaise)}</p>}
        facts={<NumberAndCredit number={order.number} creditPaise={order.creditPaise} />}
        note={
          order.awaitingConfirmation ? (
            <p className="mt-4 text-sm">
              Your order waits for your confirmation: please confirm it from the link in the email we have sent you. An
              order not confirmed within {order.confirmHours} hours is cancelled.
            </p>
          ) : null
        }
      />
    );
  }
  if (order.paymentMethod === 'store_credit') {
    return (
      <Placed
        {...CONFIRMED}
        heading="Paid with store credit"
        headingClass="text-green-800"
        lead={<p className="mt-2">Your store credit paid for your order, and your order has been placed.</p>}
        facts={
          <>
            <NumberAndCredit number={order.number} creditPaise={order.creditPaise} />
            <Fact term="Left to pay">{formatPaise(0)}</Fact>
          </>
        }
        note={EMAIL_NOTE}
      />
    );
  }
  return (
    <Placed
      {...CONFIRMED}
      heading="Payment Successful"
      headingClass="text-green-800"
      lead={<p className="mt-2">Your payment was successful and your order has been placed.</p>}
      facts={
        <>
          <Fact term="Payment ID" mono>
            {order.paymentId}
          </Fact>
          <CreditUsed creditPaise={order.creditPaise} />
          <Fact term="Amount paid">{formatPaise(order.toPayPaise)}</Fact>
        </>
      }
      note={EMAIL_NOTE}
    />
  );
}
