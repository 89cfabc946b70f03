// One module for the generic "coming soon" pages (docs/product.md §2), registered per path in
// routes.ts.
import { href, Link, useLocation } from 'react-router';

import { TextLink } from '../components/text-link.tsx';
import { ShopLink } from '../components/text-page.tsx';
import { useStoreSettings } from '../hooks/use-store-settings.ts';
import { placeholderTitle } from '../../common/placeholder-pages.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/placeholder';
import { Icon } from '../components/icon.tsx';

export function meta(args: Route.MetaArgs) {
  const title = placeholderTitle(args.location.pathname);
  return pageMeta(args, {
    title,
    description: `${title} at Trap the Trend is coming soon. Meanwhile, shop the latest streetwear drops.`,
    noIndex: true,
  });
}

export default function Placeholder() {
  const { pathname } = useLocation();
  const title = placeholderTitle(pathname);
  const { email } = useStoreSettings();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <Icon name="hourglass" className="h-12 w-12 text-brand-dark" />
      <h1 className="mt-6 text-4xl font-black uppercase sm:text-5xl">{title}</h1>
      <p className="mt-5 text-lg leading-relaxed text-muted">
        We&apos;re working on this page and it will be ready soon. In the meantime, our latest drops are waiting for
        you.
      </p>
      <p className="mt-3 leading-relaxed text-muted">
        Need something now? Write to us at <TextLink href={`mailto:${email}`}>{email}</TextLink>.
      </p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ShopLink>Continue Shopping</ShopLink>
        <Link
          to={href('/')}
          className="rounded border-2 border-ink px-6 py-3 font-semibold hover:bg-ink hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
        >
          Back to home
        </Link>
      </div>
    </section>
  );
}
