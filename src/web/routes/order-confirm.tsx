// A cash on delivery order's confirmation (ADR 0047), reached from the emailed link: the order,
// what will be paid on delivery, and one button. A signed-out visitor logs in first and comes back.
import { Form, href, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';

import { formatPaise } from '../../common/money.ts';
import { cashToPayLine } from '../../common/payment-methods.ts';
import { FormMessage } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { EmptyState, ShopperPage } from '../components/shopper-page.tsx';
import { useLogInToReturn } from '../hooks/use-log-in-to-return.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/order-confirm';
import { OrderItems } from '../components/order-items.tsx';

export { action, loader } from './order-confirm.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Confirm your order',
    description: 'Confirm your cash on delivery order.',
    noIndex: true,
  });
}

/** A confirmed order's page keeps saying so: reading it again would only say it is already confirmed. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;
}

export default function OrderConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  useLogInToReturn(loaderData.signedIn ? undefined : loaderData.returnTo);

  return (
    <ShopperPage id="order-confirm-title" title="Confirm your order" className="mx-auto max-w-2xl px-4 py-10">
      {!loaderData.signedIn ? (
        <EmptyState message="Please log in to confirm your order." to={href('/login')} action="Log in" />
      ) : actionData?.ok ? (
        <div className="mt-6">
          <FormMessage message={{ text: actionData.message, tone: 'success' }} />
          <Link to={href('/orders')} className={`${PRIMARY_BUTTON} mt-6 inline-block w-auto px-10`}>
            View your orders
          </Link>
        </div>
      ) : !loaderData.order ? (
        <EmptyState message={loaderData.refusal} to={href('/orders')} action="View your orders" />
      ) : (
        <div className="mt-6 rounded-lg border border-black/10 bg-white p-6">
          <h2 className="font-bold">{`Order #${loaderData.order.number}`}</h2>
          <OrderItems items={loaderData.order.items} />
          <dl className="mt-4 space-y-1 border-t border-black/10 pt-3 text-sm">
            {loaderData.order.discountPaise > 0 ? (
              <div className="flex justify-between">
                <dt>Discount</dt>
                <dd>-{formatPaise(loaderData.order.discountPaise)}</dd>
              </div>
            ) : null}
            {loaderData.order.codFeePaise > 0 ? (
              <div className="flex justify-between">
                <dt>Cash on delivery fee</dt>
                <dd>{formatPaise(loaderData.order.codFeePaise)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="mt-3 font-bold">{cashToPayLine(loaderData.order.totalPaise)}</p>
          <Form method="post" className="mt-6 space-y-3">
            <input type="hidden" name="token" value={loaderData.order.token} />
            <FormMessage
              message={actionData && !actionData.ok ? { text: actionData.message, tone: 'error' } : undefined}
            />
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
              Confirm order
            </button>
          </Form>
        </div>
      )}
    </ShopperPage>
  );
}
