// A part of a page named by its heading (aria-labelledby), so a screen reader lists it by that name.
import type { ReactNode } from 'react';

export function HeadedSection({
  id,
  title,
  className,
  level = 2,
  headingClassName = level === 3 ? 'font-bold' : 'text-lg font-bold',
  children,
}: {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  className?: string;
  /** 3 where the section sits inside one that already has an h2 (or in a dialog). */
  level?: 2 | 3;
  headingClassName?: string;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
