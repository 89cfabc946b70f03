// Track Order (ADR 0023; the footer's link): one order's journey by its number and the email it
// was placed with, without signing in. Signed-in shoppers are pointed at Your Orders, which shows
// all of theirs.
import { Form, href, Link, useActionData, useNavigation } from 'react-router';

import { FormMessage, TextField } from '../components/form-field.tsx';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/track-order';
import type { action } from './track-order.server.ts';

export { action, loader } from './track-order.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Track Order',
    description: 'Follow your Trap the Trend order with its order number and email.',
    noIndex: true,
  });
}

export default function TrackOrderPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-black uppercase">Track Order</h1>
      {loaderData.signedIn ? (
        <p className="mt-4">
          Every order of yours, with its progress, is on{' '}
          <Link to={href('/orders')} className="font-semibold underline">
            Your Orders
          </Link>
          .
        </p>
      ) : null}
      <Form method="post" className="mt-8 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField label="Order number" name="orderNumber" required autoComplete="off" placeholder="e.g. 3F2A9C1D" />
        <TextField label="Email used for the order" name="email" type="email" required autoComplete="email" />
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
          {busy ? 'Looking...' : 'Track'}
        </button>
      </Form>
      <div className="mt-4">
        <FormMessage message={answer && !answer.ok ? { text: answer.message, tone: 'error' } : undefined} />
      </div>
      {answer?.ok ? (
        <section aria-labelledby="tracked-order" className="mt-6 rounded-lg border border-black/10 bg-white p-6">
          <h2 id="tracked-order" className="font-bold">
            {`Order #${answer.number}: ${answer.status}`}
          </h2>
          <OrderTimeline timeline={answer.timeline} label={`Progress of order #${answer.number}`} />
        </section>
      ) : null}
    </div>
  );
}
