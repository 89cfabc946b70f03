// A wide table's box: a labelled region that scrolls sideways on a narrow screen (focusable, so a
// keyboard can scroll it too). `className` spaces it from what comes before.
import type { ReactNode } from 'react';

const BOX = 'overflow-x-auto rounded-lg border border-black/10 bg-white';

export function TableRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${className} ${BOX}` : BOX} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
