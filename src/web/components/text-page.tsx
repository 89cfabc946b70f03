// Pieces of the store's text pages: About, Shipping and the "coming soon" placeholders.
import type { ReactNode } from 'react';
import { href, Link } from 'react-router';

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
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-black uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
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
