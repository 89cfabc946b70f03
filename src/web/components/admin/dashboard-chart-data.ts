// What each of the dashboard's charts draws, and how tall it is: shared by the page, which keeps
// the room for a chart until it is drawn (so nothing moves), and the charts module (recharts),
// which only the dashboard loads, after it has hydrated.

export type DashboardChartData =
  | { kind: 'orders' | 'revenue'; days: Array<{ day: string; orders: number; revenuePaise: number }> }
  | { kind: 'categories' | 'products'; rows: Array<{ name: string; units: number; valuePaise: number }> }
  /** `sellThroughPercent`: the share of a size's units that sold, in per cent (null with none sold or left). */
  | {
      kind: 'sizes';
      rows: Array<{ size: string; units: number; unitsLeft: number; sellThroughPercent: number | null }>;
    };

/** A chart's height in pixels: a bar a row for the lists, a fixed height for the rest. */
export function chartHeight(chart: DashboardChartData): number {
  return chart.kind === 'categories' || chart.kind === 'products' ? Math.max(120, chart.rows.length * 36 + 48) : 240;
}
