import { href } from 'react-router';

import { TextLink } from '../components/text-link.tsx';
import { PageSection, SectionList, SectionText } from '../components/text-page.tsx';
import { useStoreSettings } from '../hooks/use-store-settings.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/shipping';
import { Icon } from '../components/icon.tsx';
import { HeadedSection } from '../components/headed-section.tsx';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'Shipping & Return Policy',
    description:
      'Trap the Trend shipping and return policy: 6 days delivery across India, and no returns on damage products.',
  });
}

export default function Shipping() {
  const store = useStoreSettings();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-black uppercase sm:text-5xl">Shipping &amp; Return Policy</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        The short version of how your order gets to you, and what we can and cannot take back.
      </p>

      <HeadedSection
        id="policy-summary"
        title="Our policy at a glance"
        className="mt-10 rounded-lg border border-black/10 bg-white p-6"
        headingClassName="text-sm font-bold tracking-wider uppercase"
      >
        <ul className="mt-4 space-y-3 text-lg font-semibold">
          <li className="flex items-center gap-3">
            <Icon name="truck" className="h-6 w-6 shrink-0 text-brand-dark" />
            <span>6 Days delivery</span>
          </li>
          <li className="flex items-center gap-3">
            <Icon name="package-x" className="h-6 w-6 shrink-0 text-brand-dark" />
            <span>No Returns on Damage products.</span>
          </li>
        </ul>
      </HeadedSection>

      <PageSection id="policy-shipping" title="Shipping">
        <SectionList>
          <li>We ship to addresses all across India.</li>
          <li>
            Orders are delivered within 6 days. We pack and hand your order to our courier partner as quickly as we can
            once your payment is confirmed.
          </li>
          <li>
            As soon as your order is on its way, we send you a tracking link by email or WhatsApp. You can also follow
            every order under <TextLink to={href('/orders')}>My Orders</TextLink>.
          </li>
          <li>Please double-check your delivery address and phone number at checkout so the courier can reach you.</li>
        </SectionList>
      </PageSection>

      <PageSection id="policy-returns" title="Returns">
        <SectionList>
          <li>
            We do not accept returns on damaged products. Please check the size chart on each product page before you
            order, and follow the care instructions to keep your pieces looking fresh.
          </li>
          <li>
            If something is not right with your parcel when it arrives, or you receive the wrong item, get in touch with
            us within 7 days of delivery with your order details and a few photos, and we will work out the best way to
            sort it for you.
          </li>
        </SectionList>
      </PageSection>

      <PageSection id="policy-help" title="Questions?">
        <SectionText>
          Write to us at <TextLink href={`mailto:${store.email}`}>{store.email}</TextLink> or message us on{' '}
          <TextLink href={store.social.whatsapp} newTab>
            WhatsApp
          </TextLink>
          . You will find more answers in our <TextLink to={href('/faq')}>FAQ</TextLink>.
        </SectionText>
      </PageSection>
    </article>
  );
}
