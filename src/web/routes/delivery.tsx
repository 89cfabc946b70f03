// Check delivery (ADR 0026): the answer to the product page's and checkout's delivery check
// when it is sent as a plain form, before the page's scripts have loaded; with them, the same
// loader answers the check's fetcher and this page is not seen.
import { Link } from 'react-router';

import { DeliveryCheck } from '../components/delivery-check.tsx';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/delivery';

export { loader } from './delivery.server.ts';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Check delivery',
    description: 'When your Trap the Trend order arrives at your pincode.',
    noIndex: true,
  });
}

export default function DeliveryPage({ loaderData }: Route.ComponentProps) {
  const { productIds, productName, back, ...initial } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-black uppercase">Check delivery</h1>
      {productName ? <p className="mt-2 text-muted">{productName}</p> : null}
      <DeliveryCheck productIds={productIds} initial={initial} back={back} />
      <Link to={back} className="mt-8 inline-block font-semibold underline">
        Back
      </Link>
    </div>
  );
}
