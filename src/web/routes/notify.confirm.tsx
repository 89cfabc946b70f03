// The link of a 'Notify me' confirmation email (docs/drops.md): opening it asks (mail scanners open
// links), and its button confirms the address; the page then says what it will hear about. A link
// that no request has any more says so.
import { Form, href, Link, useNavigation } from 'react-router';

import { notifyWhen } from '../../common/notify.ts';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { ShopperPage } from '../components/shopper-page.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/notify.confirm';

export { action, loader } from './notify.confirm.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Confirm your email',
    description: 'Confirm your email to hear when a drop goes live or a size is back.',
    noIndex: true,
  });
}

export default function NotifyConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const { request, token } = loaderData;
  return (
    <ShopperPage id="notify-confirm-title" title="Notify me" className="mx-auto max-w-xl px-4 py-12">
      {actionData?.ok ? (
        <div role="status" className="mt-6 space-y-3">
          <p className="text-lg font-semibold">
            {actionData.state === 'confirmed'
              ? 'Your email is confirmed.'
              : actionData.state === 'already'
                ? 'Your email was confirmed already.'
                : 'We have emailed you about this already.'}
          </p>
          {actionData.state === 'notified' ? null : (
            <p>{`We'll email ${actionData.email} when ${notifyWhen(actionData.target)}.`}</p>
          )}
        </div>
      ) : actionData || !request ? (
        <p role="alert" className="mt-6 text-lg font-semibold text-brand-dark">
          {actionData?.message ?? loaderData.message}
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-6">
          <p className="text-lg">{`Email ${request.email} when ${notifyWhen(request.target)}?`}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto sm:px-10`} disabled={busy}>
            Confirm my email
          </button>
        </Form>
      )}
      <Link to={href('/products')} className="mt-8 inline-block font-semibold underline">
        Continue Shopping
      </Link>
    </ShopperPage>
  );
}
