import { href } from 'react-router';

import { TextLink } from '../components/text-link.tsx';
import { PageSection, SectionText, ShopLink } from '../components/text-page.tsx';
import { useStoreSettings } from '../hooks/use-store-settings.ts';
import { pageMeta } from '../seo.ts';
import type { Route } from './+types/about';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: 'About Us',
    description:
      'The story of Trap the Trend: a youth-first streetwear label from India, started by two friends. We also take bulk and custom orders for colleges, events and companies.',
  });
}

export default function About() {
  const store = useStoreSettings();
  const [first, second] = store.founders;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header>
        <p className="text-sm font-bold tracking-widest text-brand-dark uppercase">Our story</p>
        <h1 className="mt-2 text-4xl font-black uppercase sm:text-5xl">About Us</h1>
        <p className="mt-5 text-lg leading-relaxed">
          <strong>Trap the Trend</strong> is streetwear made in India, for the generation that is busy rewriting what
          Indian style looks like. Oversized tees, jackets, sweatshirts, regular fits and polos, designed to be lived
          in, from the first lecture to the last metro home.
        </p>
      </header>

      <PageSection id="about-beginning" title="How it started">
        <SectionText>
          Trap the Trend was founded by two friends, <strong>{first}</strong> and <strong>{second}</strong>, who were
          tired of choosing between clothes that looked good and clothes they could actually afford. So they started
          sketching their own: bold graphics, comfortable cuts and fabric that survives the washing machine.
        </SectionText>
        <SectionText>
          What began as a handful of designs shared with friends has grown into a label worn across the country. The
          idea has not changed: make the kind of streetwear we would want to wear ourselves, and price it for people our
          age.
        </SectionText>
      </PageSection>

      <PageSection id="about-youth" title="Youth-first, always">
        <SectionText>
          We are a youth-first label. Our drops take their cues from the things you grew up with, the music you play on
          repeat and the festivals you celebrate, so every collection feels like it belongs to you. We listen to our
          community on Instagram and WhatsApp, and your feedback shapes what we make next.
        </SectionText>
      </PageSection>

      <PageSection
        id="about-bulk"
        title="Bulk & custom orders"
        className="mt-12 rounded-lg bg-ink p-6 text-white sm:p-8"
      >
        <p className="mt-4 leading-relaxed text-white/90">
          Kitting out a college fest, a club, an event crew or your whole company? We take bulk and custom orders for
          colleges, events and companies, with your logo, your artwork and your colours, and we will help you choose the
          right fits and sizes for everyone.
        </p>
        <p className="mt-4 leading-relaxed text-white/90">
          Message us on{' '}
          <a
            href={store.social.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-white underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            WhatsApp
          </a>{' '}
          or write to{' '}
          <a
            href={`mailto:${store.email}`}
            className="font-semibold text-white underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {store.email}
          </a>{' '}
          with what you have in mind and we will get back to you with a quote.
        </p>
      </PageSection>

      <PageSection id="about-next" title="Come say hi">
        <SectionText>
          Follow us on{' '}
          <TextLink href={store.social.instagram} newTab>
            Instagram
          </TextLink>{' '}
          for new drops and behind-the-scenes, or read our <TextLink to={href('/faq')}>FAQ</TextLink> if you have a
          question. Thank you for wearing Trap the Trend.
        </SectionText>
        <ShopLink className="mt-8 inline-block">Shop the collection</ShopLink>
      </PageSection>
    </article>
  );
}
