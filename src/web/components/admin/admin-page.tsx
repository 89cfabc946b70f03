// The admin area's list and form pages: a section named by its title, with the page's main
// link (New coupon, Import) beside the title where it has one; and the panels of a record's page.
import type { ReactNode } from 'react';

import { HeadedSection } from '../headed-section.tsx';

export function AdminPage({
  id,
  title,
  action,
  children,
}: {
  /** The title's id. */
  id: string;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h1 id={id} className="text-2xl font-black uppercase">
      {title}
    </h1>
  );
  return (
    <section aria-labelledby={id} className="mt-6">
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** A panel beside a record (an order, a return, an enquiry) where staff act on it, named by its title. */
export function AdminPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <HeadedSection id={id} title={title} className="rounded-lg border border-black/10 bg-white p-4">
      {children}
    </HeadedSection>
  );
}
