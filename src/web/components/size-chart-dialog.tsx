// The size chart dialog (ADR 0030): the product's measurements in centimetres with
// inches beside, how to measure, and fit advice: from the size the signed-in shopper last bought,
// and from a chest measurement anyone may enter. The advice names a size; it never picks one.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useState } from 'react';
import { href, useFetcher } from 'react-router';

import {
  formatCm,
  formatInches,
  HOW_TO_MEASURE_YOUR_CHEST,
  MEASUREMENTS,
  type FitSuggestion,
  type SizeChartRow,
} from '../../common/size-chart.ts';
import { withQuery } from '../paths.ts';
import type { FitAdvice } from '../routes/api.fit-advice.server.ts';
import { DialogClose } from './dialog-close.tsx';
import { SECONDARY_BUTTON } from './buttons.ts';
import type { DialogControl } from './lazy-dialog-button.tsx';
import { HeadedSection } from './headed-section.tsx';
import { SizeChartHead } from './size-chart-head.tsx';

function suggestion(advice: FitSuggestion | undefined | null): string {
  if (!advice) return '';
  return advice.fits === 'well'
    ? `we suggest size ${advice.size}.`
    : `we suggest size ${advice.size}, our largest, though it may be snug.`;
}

export default function SizeChartDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  productId,
  productName,
  chart,
}: DialogControl & {
  productId: number;
  productName: string;
  chart: SizeChartRow[];
}) {
  const history = useFetcher<FitAdvice>();
  const byChest = useFetcher<FitAdvice>();
  const [chest, setChest] = useState('');
  const [unit, setUnit] = useState<'cm' | 'in'>('cm');
  const [asked, setAsked] = useState('');
  const chestId = useId();
  const unitId = useId();
  const adviceUrl = (query: Record<string, string> = {}) =>
    withQuery(href('/api/fit-advice'), { productId: String(productId), ...query });

  // The signed-in shopper's past sizes, asked once the dialog is open (personal: never in the page).
  useEffect(() => {
    if (open && history.state === 'idle' && !history.data) void history.load(adviceUrl());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const purchase = history.data?.ok ? history.data.purchase : null;
  const chestAnswer = byChest.data;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(94vw,40rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-paper p-5 shadow-xl focus:outline-none sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-black uppercase">Size Chart</Dialog.Title>
            <DialogClose label="Close size chart" className="-mt-2 -mr-2 shrink-0" />
          </div>
          <Dialog.Description className="mt-1 text-sm text-muted">
            {`${productName}: garment measurements in centimetres, inches in brackets.`}
          </Dialog.Description>

          <div className="mt-4 overflow-x-auto" role="region" aria-label="Measurements by size" tabIndex={0}>
            <table className="w-full min-w-[28rem] text-left text-sm">
              <SizeChartHead cellClassName="px-2 py-2" />
              <tbody className="divide-y divide-black/10">
                {chart.map((row) => (
                  <tr key={row.size}>
                    <th scope="row" className="px-2 py-2">
                      {row.size}
                    </th>
                    {MEASUREMENTS.map(({ key }) => (
                      <td key={key} className="px-2 py-2 whitespace-nowrap">
                        {`${formatCm(row[key])} cm`}{' '}
                        <span className="text-muted">{`(${formatInches(row[key])} in)`}</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <HeadedSection id={`${chestId}-how`} title="How to measure" className="mt-5" level={3}>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {MEASUREMENTS.map((measurement) => (
                <li key={measurement.key}>
                  <span className="font-semibold">{measurement.label}:</span> {measurement.how}
                </li>
              ))}
              <li>
                <span className="font-semibold">Your chest:</span> {HOW_TO_MEASURE_YOUR_CHEST}
              </li>
            </ul>
          </HeadedSection>

          <HeadedSection
            id={`${chestId}-fit`}
            title="Find your size"
            className="mt-5 rounded-md border border-black/10 bg-white p-4"
            level={3}
          >
            <div role="status" aria-live="polite" className="text-sm">
              {purchase ? (
                <p className="mt-2">
                  {`${purchase.text}. `}
                  {purchase.suggestion ? `For ${productName}, ${suggestion(purchase.suggestion)}` : ''}
                </p>
              ) : null}
            </div>
            <byChest.Form
              method="get"
              action={href('/api/fit-advice')}
              className="mt-3 flex flex-wrap items-end gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                setAsked(`${chest} ${unit === 'in' ? 'inch' : 'cm'}`);
                void byChest.load(adviceUrl({ chest, unit }));
              }}
            >
              <div>
                <label htmlFor={chestId} className="block text-sm font-semibold">
                  Your chest
                </label>
                <input
                  id={chestId}
                  name="chest"
                  inputMode="decimal"
                  required
                  value={chest}
                  onChange={(event) => setChest(event.target.value)}
                  className="mt-1 w-28 rounded-md border border-black/25 bg-white px-3 py-2.5"
                />
              </div>
              <div>
                <label htmlFor={unitId} className="block text-sm font-semibold">
                  Unit
                </label>
                <select
                  id={unitId}
                  name="unit"
                  value={unit}
                  onChange={(event) => setUnit(event.target.value === 'in' ? 'in' : 'cm')}
                  className="mt-1 rounded-md border border-black/25 bg-white px-3 py-2.5"
                >
                  <option value="cm">cm</option>
                  <option value="in">inches</option>
                </select>
              </div>
              <button type="submit" className={`${SECONDARY_BUTTON} w-auto`} disabled={byChest.state !== 'idle'}>
                Suggest my size
              </button>
            </byChest.Form>
            <div role="status" aria-live="polite" className="mt-2 min-h-6 text-sm font-semibold">
              {chestAnswer
                ? chestAnswer.ok
                  ? chestAnswer.fromChest
                    ? `For a ${asked} chest, ${suggestion(chestAnswer.fromChest)}`
                    : ''
                  : chestAnswer.message
                : ''}
            </div>
          </HeadedSection>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
