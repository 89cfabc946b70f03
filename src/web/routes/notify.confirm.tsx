// The link of a 'Notify me' confirmation email (docs/drops.md): opening it confirms the address,
// and the page says what it will hear about. A link that no request has any more says so.
import { href, Link } from 'react-router';

import { notifyWhen } from '../../common/notify.ts';
import { PRIMARY_BUTTON } from '../components/form-field.tsx';
import { ShopperPage } from '../components/shopper-page.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/notify.confirm';

export { loader } from './notify.confirm.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Confirm your email',
    description: 'Confirm your email to hear when a drop goes live or a size is back.',
    noIndex: true,
  });
}

export default function NotifyConfirmPage({ loaderData }: Route.ComponentProps) {
  const { outcome, message } = loaderData;
  return (
    <ShopperPage id="notify-confirm-title" title="Notify me" className="mx-auto max-w-xl px-4 py-12">
      {outcome ? (
        <div role="status" className="mt-6 space-y-3">
          <p className="text-lg font-semibold">
            {outcome.state === 'confirmed'
              ? 'Your email is confirmed.'
              : outcome.state === 'already'
                ? 'Your email was confirmed already.'
                : 'We have emailed you about this already.'}
          </p>
          {outcome.state === 'notified' ? null : (
            <p>{`We'll email ${outcome.email} when ${notifyWhen(outcome.target)}.`}</p>
          )}
        </div>
      ) : (
        <p role="alert" className="mt-6 text-lg font-semibold text-brand-dark">
          {message}
        </p>
      )}
      <Link to={href('/products')} className={`${PRIMARY_BUTTON} mt-8 inline-block w-auto px-10`}>
        Continue Shopping
      </Link>
    </ShopperPage>
  );
}
