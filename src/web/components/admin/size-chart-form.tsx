// The size chart as staff edit it (ADR 0030): one row per size, four measurements in
// centimetres. On a product's screen an empty row follows the category's chart, shown greyed as
// the placeholder; on a category's screen an empty row means the category has no such size's row.
import { Form, useNavigation } from 'react-router';

import { formatCm, MEASUREMENTS, type MeasurementKey } from '../../../common/size-chart.ts';
import { PRIMARY_BUTTON } from '../buttons.ts';
import { SizeChartHead } from '../size-chart-head.tsx';
import { TableRegion } from '../table-region.tsx';

type Measured = Record<MeasurementKey, number>;

export function SizeChartForm({
  action,
  intent,
  sizes,
  values,
  inherited,
  caption,
}: {
  /** Where the form posts. */
  action: string;
  /** The `intent` a page with several forms tells them apart by; such a page reads multipart. */
  intent?: string;
  sizes: readonly string[];
  /** The rows as they are, by size (absent: none). */
  values: Partial<Record<string, Measured>>;
  /** The category's rows a product follows where it has none of its own, by size. */
  inherited?: Partial<Record<string, Measured>>;
  caption: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === action;
  return (
    <Form
      method="post"
      action={action}
      encType={intent ? 'multipart/form-data' : undefined}
      className="mt-3"
      key={JSON.stringify(values)}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <TableRegion label={caption}>
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <SizeChartHead cellClassName="px-3 py-2" unit="cm" />
          <tbody className="divide-y divide-black/10">
            {sizes.map((size) => (
              <tr key={size}>
                <th scope="row" className="px-3 py-2">
                  {size}
                </th>
                {MEASUREMENTS.map((measurement) => {
                  const value = values[size]?.[measurement.key];
                  const fallback = inherited?.[size]?.[measurement.key];
                  return (
                    <td key={measurement.key} className="px-3 py-2">
                      <input
                        name={`${measurement.key}-${size}`}
                        aria-label={`${measurement.label} of size ${size}, in centimetres`}
                        inputMode="decimal"
                        maxLength={5}
                        defaultValue={value === undefined ? '' : formatCm(value)}
                        placeholder={fallback === undefined ? '' : formatCm(fallback)}
                        className="w-20 rounded-md border border-black/25 px-2 py-1.5"
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <button type="submit" className={`${PRIMARY_BUTTON} mt-3 sm:w-auto`} disabled={busy}>
        Save size chart
      </button>
    </Form>
  );
}
