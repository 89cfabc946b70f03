// The admin dashboard's charts, drawn by recharts in the browser only: the dashboard route loads
// this module after hydration (no other page does), and each chart's figures are also in a table
// beside it, so the drawing is hidden from screen readers.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';

import { formatDay } from '../../../common/dashboard.ts';
import { formatPaise } from '../../../common/money.ts';

export type DashboardChartData =
  | { kind: 'orders' | 'revenue'; days: Array<{ day: string; orders: number; revenuePaise: number }> }
  | { kind: 'categories' | 'products'; rows: Array<{ name: string; units: number; valuePaise: number }> }
  | { kind: 'sizes'; rows: Array<{ size: string; units: number; unitsLeft: number }> };

const INK = '#111111';
const BRAND = '#b00021';
const MUTED = '#5c5c5c';
const HEIGHT = 240;
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
const shortName = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

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
          {entry.name}:{' '}
          {String(entry.dataKey).endsWith('Paise') ? formatPaise(Number(entry.value)) : Number(entry.value)}
        </p>
      ))}
    </div>
  );
}

const common = {
  responsive: true,
  style: { width: '100%', height: HEIGHT },
  accessibilityLayer: false,
  margin: { top: 8, right: 8, bottom: 0, left: 0 },
} as const;

/** One chart of the dashboard, sized to its column (a phone's width or a desk's). */
export default function DashboardChart({ chart }: { chart: DashboardChartData }) {
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
          style={{ ...common.style, height: Math.max(HEIGHT / 2, chart.rows.length * 32 + 40) }}
        >
          <CartesianGrid stroke="#e5e5e5" horizontal={false} />
          <XAxis
            type="number"
            dataKey={chart.kind === 'categories' ? 'valuePaise' : 'units'}
            tickFormatter={chart.kind === 'categories' ? axisRupees : undefined}
            allowDecimals={false}
            tick={TICK}
          />
          <YAxis type="category" dataKey="label" tick={TICK} width={130} interval={0} />
          <Tooltip content={<Figures />} />
          {chart.kind === 'categories' ? (
            <Bar dataKey="valuePaise" name="Sales" fill={INK} isAnimationActive={false} />
          ) : (
            <Bar dataKey="units" name="Units sold" fill={INK} isAnimationActive={false} />
          )}
        </BarChart>
      );
    case 'sizes':
      return (
        <BarChart data={chart.rows} {...common}>
          <CartesianGrid stroke="#e5e5e5" vertical={false} />
          <XAxis dataKey="size" tick={TICK} />
          <YAxis allowDecimals={false} tick={TICK} width={44} />
          <Tooltip content={<Figures />} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="units" name="Units sold" fill={INK} isAnimationActive={false} />
          <Bar dataKey="unitsLeft" name="Units left now" fill={MUTED} isAnimationActive={false} />
        </BarChart>
      );
  }
}
