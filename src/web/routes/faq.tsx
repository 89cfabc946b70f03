import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import { href } from 'react-router';

import type { StoreSettings } from '../../server/config.ts';
import { TextLink } from '../components/text-link.tsx';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { useStoreSettings } from '../hooks/use-store-settings.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/faq';
import { Icon } from '../components/icon.tsx';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'FAQ',
    description:
      'Answers to common questions about Trap the Trend: bulk and custom orders, sizes, delivery, shipping across India, returns, order tracking and how to reach us.',
  });
}

interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** The ten questions, in the order docs/product.md §2 lists their topics. */
function faqItems(store: StoreSettings): FaqItem[] {
  return [
    {
      question: 'What is Trap the Trend?',
      answer: (
        <p>
          Trap the Trend is a youth-first streetwear label from India. We design oversized tees, jackets, sweatshirts,
          regular fits and polos with bold graphics and comfortable cuts, made for everyday life and priced for people
          our age.
        </p>
      ),
    },
    {
      question: 'Do you take bulk orders for colleges, events and companies?',
      answer: (
        <p>
          Yes! We make bulk orders for colleges, fests and societies, events and companies. Reach out through our{' '}
          <TextLink to={href('/bulk-orders')}>Bulk Orders page</TextLink> or message us on{' '}
          <TextLink href={store.social.whatsapp} newTab>
            WhatsApp
          </TextLink>{' '}
          with the styles, quantity and date you need, and we will get back to you with a quote.
        </p>
      ),
    },
    {
      question: 'Can I customise a bulk order?',
      answer: (
        <p>
          Absolutely. Bulk orders can carry your logo, event name, batch year or your own artwork, and we will help you
          pick the colours, fits and sizes. We share a design preview for your approval before anything goes into
          production.
        </p>
      ),
    },
    {
      question: 'What sizes do you offer?',
      answer: (
        <p>
          Our sizes run from XS to XXL. Every product has its own size chart on its page, so please check it before you
          order: oversized styles are cut roomy on purpose.
        </p>
      ),
    },
    {
      question: 'How long does delivery take?',
      answer: (
        <p>
          Individual orders are usually delivered in 5-7 business days. Bulk and custom orders take longer; we confirm
          the timeline with you when you place the order.
        </p>
      ),
    },
    {
      question: 'Do you ship across India?',
      answer: (
        <p>
          Yes, we ship across India. Shipping charges depend on your location, and you always see the final amount in
          your order summary before you pay.
        </p>
      ),
    },
    {
      question: 'Can I return or exchange a product?',
      answer: (
        <p>
          We offer returns or exchanges for damaged or incorrect items. Please request it within 7 days of delivery,
          with your order details and a few photos of the item, and we will take it from there. See our{' '}
          <TextLink to={href('/shipping')}>Shipping &amp; Return Policy</TextLink> for details.
        </p>
      ),
    },
    {
      question: 'How do I track my order?',
      answer: (
        <p>
          As soon as your order ships, we send you a tracking link by email or WhatsApp. You can also see all your
          orders under <TextLink to={href('/orders')}>My Orders</TextLink>.
        </p>
      ),
    },
    {
      question: 'How can I contact you?',
      answer: (
        <p>
          Send us a DM on{' '}
          <TextLink href={store.social.instagram} newTab>
            Instagram
          </TextLink>
          , message us on{' '}
          <TextLink href={store.social.whatsapp} newTab>
            WhatsApp
          </TextLink>
          , or use our <TextLink to={href('/contact')}>Contact Us page</TextLink>. You can also write to us at{' '}
          <TextLink href={`mailto:${store.email}`}>{store.email}</TextLink>.
        </p>
      ),
    },
    {
      question: 'Are your products unisex?',
      answer: (
        <p>
          Most of our products are unisex, designed to look good on everyone. Check the size chart on each product page
          to find your fit.
        </p>
      ),
    },
  ];
}

export default function Faq() {
  const store = useStoreSettings();
  const items = faqItems(store);
  // Without JavaScript every answer is shown, so the (inert) triggers say so too.
  const expandedWithoutScript = useHydrated() ? {} : { 'aria-expanded': true };
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-4xl font-black uppercase sm:text-5xl">FAQ</h1>
      <p className="mt-2 text-lg font-semibold text-muted">Frequently Asked Questions</p>

      {/* Answers are always in the server-rendered HTML (forceMount). Closed ones are hidden by CSS, except
          when scripting is off (`noscript:` = `@media (scripting: none)`), where every answer stays readable. */}
      <Accordion.Root type="single" collapsible className="mt-10 divide-y divide-black/10 border-y border-black/10">
        {items.map((item, index) => (
          <Accordion.Item key={item.question} value={`faq-${index + 1}`} className="group">
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger
                  {...expandedWithoutScript}
                  className="flex w-full items-start gap-3 py-5 text-left text-lg font-bold hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
                >
                  <span className="w-7 shrink-0 text-brand-dark tabular-nums">{index + 1}.</span>{' '}
                  <span className="flex-1">{item.question}</span>
                  <Icon
                    name="chevron-down"
                    className="mt-1 h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180 noscript:hidden"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content
              forceMount
              className="pr-2 pb-5 pl-10 leading-relaxed data-[state=closed]:hidden noscript:block!"
            >
              {item.answer}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>

      <p className="mt-10 leading-relaxed">
        Still have a question? Message us on{' '}
        <TextLink href={store.social.whatsapp} newTab>
          WhatsApp
        </TextLink>{' '}
        or write to <TextLink href={`mailto:${store.email}`}>{store.email}</TextLink>.
      </p>
    </div>
  );
}
