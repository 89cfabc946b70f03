// The size chart's header row, the same on the shopper's dialog and on the staff's form: Size,
// then each measurement, in the unit the table's cells are in when it states one.
import { MEASUREMENTS } from '../../common/size-chart.ts';

export function SizeChartHead({ cellClassName, unit }: { cellClassName: string; unit?: string }) {
  return (
    <thead className="bg-black/5">
      <tr>
        <th scope="col" className={cellClassName}>
          Size
        </th>
        {MEASUREMENTS.map((measurement) => (
          <th key={measurement.key} scope="col" className={cellClassName}>
            {unit ? `${measurement.label} (${unit})` : measurement.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
