// The product page's 'Size Chart' button, beside the sizes (ADR 0030): the dialog's code loads
// when the shopper reaches for the button, not with the page.
import { lazy } from 'react';

import type { SizeChartRow } from '../../common/size-chart.ts';
import { LazyDialogButton } from './lazy-dialog-button.tsx';

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
  if (chart.length === 0) return null;
  return (
    <LazyDialogButton
      load={loadDialog}
      className="min-h-11 rounded-md px-2 text-sm font-semibold underline underline-offset-4 hover:bg-black/5"
      dialog={SizeChartDialog}
      dialogProps={{ productId, productName, chart }}
    >
      Size Chart
    </LazyDialogButton>
  );
}
