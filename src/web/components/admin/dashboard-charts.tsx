// The admin dashboard's charts, drawn by recharts in the browser only: the dashboard route loads
// this module after hydration (no other page does), and each chart's figures are also in a table
// beside it, so the drawing is hidden from screen readers.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';

import { formatDay } from '../../../common/dashboard.ts';
import { formatPaise } from '../../../common/money.ts';
import { chartHeight, type DashboardChartData } from './dashboard-chart-data.ts';

const INK = '#111111';
const BRAND = '#b00021';
const TICK = { fontSize: 12, fill: INK };

const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
const compactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const axisRupees = (paise: number) => compactRupees.format(paise / 100);
/** A long product name cut to fit beside its bar on a phone; the table has it whole. */
const shortName = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);

/** A series' value in words: money in rupees, a count as it is. */
function valueOf(key: string, value: number): string {
  if (key.endsWith('Paise')) return formatPaise(value);
  return value.toLocaleString('en-IN');
}

/** The tooltip's lines: the bar's label, then each series in its own words. */
function Figures({ active, label, payload }: Partial<TooltipContentProps<number, string>>) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded border border-black/20 bg-white px-3 py-2 text-xs shadow">
      <p className="font-semibold">
        {/^\d{4}-\d{2}-\d{2}$/.test(String(label)) ? formatDay(String(label)) : String(label)}
      </p>
      {payload.map((entry) => (
        <p key={String(entry.dataKey)}>
          {entry.name}: {valueOf(String(entry.dataKey), Number(entry.value))}
        </p>
      ))}
    </div>
  );
}

type SizeRow = Extract<DashboardChartData, { kind: 'sizes' }>['rows'][number];

/** A size's tooltip: its sell-through, and the units sold and left it comes from. */
function SizeFigures({ active, payload }: Partial<TooltipContentProps<number, string>>) {
  const row = payload?.[0]?.payload as SizeRow | undefined;
  if (!active || !row) return null;
  return (
    <div className="rounded border border-black/20 bg-white px-3 py-2 text-xs shadow">
      <p className="font-semibold">{`Size ${row.size}`}</p>
      <p>{`Sell-through: ${row.sellThroughPercent === null ? '—' : `${row.sellThroughPercent.toFixed(2)}%`}`}</p>
      <p>{`Units sold: ${row.units.toLocaleString('en-IN')}`}</p>
      <p>{`Units left now: ${row.unitsLeft.toLocaleString('en-IN')}`}</p>
    </div>
  );
}

/** One chart of the dashboard, as wide as its column (a phone's or a desk's), as tall as chartHeight says. */
export default function DashboardChart({ chart }: { chart: DashboardChartData }) {
  const common = {
    responsive: true,
    style: { width: '100%', height: chartHeight(chart) },
    accessibilityLayer: false,
    margin: { top: 8, right: 12, bottom: 0, left: 0 },
  } as const;
  switch (chart.kind) {
    case 'orders':
      return (
        <BarChart data={chart.days} {...common}>
          <CartesianGrid stroke="#e5e5e5" vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} tick={TICK} minTickGap={16} />
          <YAxis allowDecimals={false} tick={TICK} width={36} />
          <Tooltip content={<Figures />} />
          <Bar dataKey="orders" name="Orders" fill={INK} isAnimationActive={false} />
        </BarChart>
      );
    case 'revenue':
      return (
        <LineChart data={chart.days} {...common}>
          <CartesianGrid stroke="#e5e5e5" vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} tick={TICK} minTickGap={16} />
          <YAxis tickFormatter={axisRupees} tick={TICK} width={56} />
          <Tooltip content={<Figures />} />
          <Line
            dataKey="revenuePaise"
            name="Revenue"
            stroke={BRAND}
            strokeWidth={2}
            dot={chart.days.length <= 31}
            isAnimationActive={false}
          />
        </LineChart>
      );
    case 'categories':
    case 'products':
      return (
        <BarChart
          data={chart.rows.map((row) => ({ ...row, label: shortName(row.name) }))}
          layout="vertical"
          {...common}
        >
          <CartesianGrid stroke="#e5e5e5" horizontal={false} />
          <XAxis
            type="number"
            dataKey={chart.kind === 'categories' ? 'valuePaise' : 'units'}
            tickFormatter={chart.kind === 'categories' ? axisRupees : undefined}
            allowDecimals={false}
            tick={TICK}
          />
          <YAxis type="category" dataKey="label" tick={TICK} width={136} interval={0} />
          <Tooltip content={<Figures />} />
          {chart.kind === 'categories' ? (
            <Bar dataKey="valuePaise" name="Sales" fill={INK} maxBarSize={28} isAnimationActive={false} />
          ) : (
            <Bar dataKey="units" name="Units sold" fill={INK} maxBarSize={28} isAnimationActive={false} />
          )}
        </BarChart>
      );
    case 'sizes':
      // How much of each size went: the sizes that sell out first stand tallest.
      return (
        <BarChart data={chart.rows} {...common}>
          <CartesianGrid stroke="#e5e5e5" vertical={false} />
          <XAxis dataKey="size" tick={TICK} />
          <YAxis tickFormatter={(value: number) => `${Number(value.toPrecision(2))}%`} tick={TICK} width={60} />
          <Tooltip content={<SizeFigures />} />
          <Bar
            dataKey="sellThroughPercent"
            name="Sell-through"
            fill={BRAND}
            maxBarSize={48}
            isAnimationActive={false}
          />
        </BarChart>
      );
  }
}
