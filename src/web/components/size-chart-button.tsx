// The product page's 'Size Chart' button, beside the sizes (ADR 0030): the dialog's code loads
// when the shopper reaches for the button, not with the page.
import { lazy, Suspense, useRef, useState } from 'react';

import type { SizeChartRow } from '../../common/size-chart.ts';

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
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  if (chart.length === 0) return null;
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="min-h-11 rounded-md px-2 text-sm font-semibold underline underline-offset-4 hover:bg-black/5"
      >
        Size Chart
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SizeChartDialog
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
            productId={productId}
            productName={productName}
            chart={chart}
          />
        </Suspense>
      ) : null}
    </>
  );
}
