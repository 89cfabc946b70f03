// The product page's 'Size Chart' button, beside the sizes (ADR 0030): the dialog's code loads
// when the shopper reaches for the button, not with the page.
import { lazy, Suspense } from 'react';

import type { SizeChartRow } from '../../common/size-chart.ts';
import { useLazyDialog } from '../hooks/use-lazy-dialog.ts';

const loadDialog = () => import('./size-chart-dialog.tsx');
const SizeChartDialog = lazy(loadDialog);

export function SizeChartButton({
  productId,
  productName,
  chart,
}: {
  productId: number;
  productName: string;
  chart: SizeChartRow[];
}) {
  const { wanted, trigger, dialog } = useLazyDialog(loadDialog);
  if (chart.length === 0) return null;
  return (
    <>
      <button
        {...trigger}
        className="min-h-11 rounded-md px-2 text-sm font-semibold underline underline-offset-4 hover:bg-black/5"
      >
        Size Chart
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SizeChartDialog {...dialog} productId={productId} productName={productName} chart={chart} />
        </Suspense>
      ) : null}
    </>
  );
}
