// Pieces of the store's text pages: About, Shipping, Privacy, Terms and the "coming soon" placeholders.
import type { ReactNode } from 'react';
import { href, Link } from 'react-router';

import { HeadedSection } from './headed-section.tsx';

/** A section of a text page, named by its heading (aria-labelledby). */
export function PageSection({
  id,
  title,
  className = 'mt-12',
  children,
}: {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <HeadedSection id={id} title={title} className={className} headingClassName="text-2xl font-black uppercase">
      {children}
    </HeadedSection>
  );
}

/** A paragraph of a text page's section, set for reading. */
export function SectionText({ children }: { children: ReactNode }) {
  return <p className="mt-4 leading-relaxed">{children}</p>;
}

/** A bulleted list of a text page's section, its items spaced for reading. */
export function SectionList({ children }: { children: ReactNode }) {
  return <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed">{children}</ul>;
}

/** The way from a text page to the products: a solid brand-coloured button. */
export function ShopLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Link
      to={href('/products')}
      className={`${className ? `${className} ` : ''}rounded bg-brand-dark px-6 py-3 font-semibold text-white hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink`}
    >
      {children}
    </Link>
  );
}
