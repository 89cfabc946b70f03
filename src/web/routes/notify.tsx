// The answer to a 'Notify me' form posted before the product page's scripts had loaded
// (routes/api.notify.ts): what the server said, and the way back to the product.
import { href, Link } from 'react-router';

import { PRIMARY_BUTTON } from '../components/buttons.ts';
import { ShopperPage } from '../components/shopper-page.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/notify';

export { loader } from './notify.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Notify me',
    description: 'Hear from Trap the Trend when a drop goes live or a size is back.',
    noIndex: true,
  });
}

export default function NotifyPage({ loaderData }: Route.ComponentProps) {
  const { answer, back } = loaderData;
  return (
    <ShopperPage id="notify-title" title="Notify me" className="mx-auto max-w-xl px-4 py-12">
      {answer?.ok ? (
        <p role="status" className="mt-6 text-lg font-semibold text-green-800">
          {answer.message}
        </p>
      ) : answer ? (
        <p role="alert" className="mt-6 text-lg font-semibold text-brand-dark">
          {answer.message}
        </p>
      ) : (
        <p className="mt-6">
          On a product&apos;s page, ask to hear when its drop goes live or when a sold-out size is back.
        </p>
      )}
      <Link to={back ?? href('/products')} className={`${PRIMARY_BUTTON} mt-8 inline-block w-auto px-10`}>
        {back ? 'Back to the product' : 'Continue Shopping'}
      </Link>
    </ShopperPage>
  );
}
