// The unsubscribe link of a 'Notify me' email (docs/drops.md). Opening it only asks (mail scanners
// open links); its button unsubscribes: the request and its address are deleted. A mail client's
// own unsubscribe button posts to the same address (RFC 8058) and gets the same.
import { Form, href, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';

import { notifyAbout } from '../../common/notify.ts';
import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { ShopperPage } from '../components/shopper-page.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/notify.unsubscribe';

export { action, loader } from './notify.unsubscribe.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Unsubscribe',
    description: 'Stop emails about a drop or a size.',
    noIndex: true,
  });
}

/** Once unsubscribed, the link names no request: reading it again would only say so. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;
}

export default function NotifyUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const { request, token } = loaderData;
  return (
    <ShopperPage id="notify-unsubscribe-title" title="Unsubscribe" className="mx-auto max-w-xl px-4 py-12">
      {actionData?.ok ? (
        <p role="status" className="mt-6 text-lg font-semibold">
          {`You're unsubscribed: we won't email ${actionData.email} about ${notifyAbout(actionData.target)}.`}
        </p>
      ) : actionData || !request ? (
        <p role="alert" className="mt-6 text-lg font-semibold text-brand-dark">
          {actionData?.message ?? loaderData.message}
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-6">
          <p className="text-lg">{`Stop emails to ${request.email} about ${notifyAbout(request.target)}?`}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={`${PRIMARY_BUTTON} sm:w-auto sm:px-10`} disabled={busy}>
            Unsubscribe
          </button>
        </Form>
      )}
      <Link to={href('/products')} className="mt-8 inline-block font-semibold underline">
        Continue Shopping
      </Link>
    </ShopperPage>
  );
}
