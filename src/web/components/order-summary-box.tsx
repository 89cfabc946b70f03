// The order's summary beside the lines, the same box on the cart and at checkout.
import type { ReactNode } from 'react';

import { HeadedSection } from './headed-section.tsx';

export function OrderSummaryBox({ id, children }: { id: string; children: ReactNode }) {
  return (
    <HeadedSection
      id={id}
      title="Order Summary"
      className="h-fit rounded-lg border border-black/10 bg-white p-6"
      headingClassName="text-lg font-black uppercase"
    >
      {children}
    </HeadedSection>
  );
}
