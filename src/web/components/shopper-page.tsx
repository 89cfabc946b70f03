import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { PRIMARY_BUTTON } from './buttons.ts';

/** A page of the shopper's own (wishlist, orders) or one they write from (contact, bulk orders): a section named by its title. */
export function ShopperPage({
  id,
  title,
  className,
  children,
}: {
  /** The title's id. */
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h1 id={id} className="text-3xl font-black uppercase">
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * What a page of the shopper's own (cart, wishlist, orders) shows instead of its list: why there
 * is nothing (signed out, nothing yet) and a button to go on from there.
 */
export function EmptyState({
  message,
  to,
  action,
  children,
}: {
  message: string;
  to: string;
  /** The button's text. */
  action: string;
  /** A second, quieter line. */
  children?: ReactNode;
}) {
  return (
    <div className="mt-10 text-center">
      <p className="text-lg font-semibold">{message}</p>
      {children ? <p className="mt-2 text-muted">{children}</p> : null}
      <Link to={to} className={`${PRIMARY_BUTTON} mt-6 inline-block w-auto px-10`}>
        {action}
      </Link>
    </div>
  );
}
