// The admin's dashboard (/admin): a period's figures against the period before, charts of the
// days, categories, best sellers and sizes (each with its table), and the sizes running low.
import { lazy, Suspense, type ReactNode } from 'react';
import { Form, Link } from 'react-router';

import { DASHBOARD_PERIODS } from '../../../common/dashboard.ts';
import { formatPaise } from '../../../common/money.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminTable } from '../../components/admin/admin-table.tsx';
import { Alert } from '../../components/admin/alert.tsx';
import { chartHeight, type DashboardChartData } from '../../components/admin/dashboard-chart-data.ts';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { SECONDARY_BUTTON } from '../../components/buttons.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { adminProductPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/dashboard';
import { HeadedSection } from '../../components/headed-section.tsx';

export { loader } from './dashboard.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Dashboard', "The store's figures.");
}

// recharts is fetched only here, after the page has hydrated: no other page loads it.
const DashboardChart = lazy(() => import('../../components/admin/dashboard-charts.tsx'));

const PERIOD_OPTIONS = DASHBOARD_PERIODS.map(({ value, label }) => ({ value, label }));

/** A chart drawn in the browser, with the same figures as a table anyone can open. */
function ChartFigure({
  id,
  title,
  chart,
  table,
  empty,
}: {
  id: string;
  title: string;
  chart: DashboardChartData | DashboardChartData[];
  /** The chart's figures as a table. */
  table: ReactNode;
  /** Said instead of a chart when there is nothing to draw. */
  empty?: string | undefined;
}) {
  const hydrated = useHydrated();
  return (
    <HeadedSection id={id} title={title} className="min-w-0 rounded-lg border border-black/10 bg-white p-4">
      {empty ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        // The table below carries the same figures for screen readers.
        <div aria-hidden="true" className="mt-2 space-y-4" data-chart={id}>
          {[chart].flat().map((each) => (
            <div key={each.kind} style={{ height: chartHeight(each) }}>
              {hydrated ? (
                <Suspense fallback={null}>
                  <DashboardChart chart={each} />
                </Suspense>
              ) : null}
            </div>
          ))}
        </div>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold underline">{`${title}: the figures as a table`}</summary>
        {table}
      </details>
    </HeadedSection>
  );
}

/** A small table of a chart's figures, its first column naming each row. */
function FiguresTable({ label, columns, rows }: { label: string; columns: string[]; rows: Array<Array<string>> }) {
  return (
    <AdminTable
      label={label}
      columns={columns}
      minWidth="min-w-[20rem]"
      empty={rows.length === 0 ? 'Nothing in this period.' : undefined}
    >
      {rows.map(([name, ...cells], index) => (
        <tr key={`${index}-${name}`}>
          <th scope="row" className="px-3 py-2 text-left font-normal">
            {name}
          </th>
          {cells.map((cell, column) => (
            <td key={column} className="px-3 py-2 whitespace-nowrap">
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </AdminTable>
  );
}

const units = (value: number) => value.toLocaleString('en-IN');

/** Units sold and their value, by category or by product: a bar each, the first column naming it. */
function SalesFigure({
  id,
  title,
  kind,
  rows,
}: {
  id: string;
  title: string;
  kind: 'categories' | 'products';
  rows: Array<{ name: string; units: number; valuePaise: number }>;
}) {
  return (
    <ChartFigure
      id={id}
      title={title}
      chart={{ kind, rows }}
      empty={rows.length === 0 ? 'Nothing sold in this period.' : undefined}
      table={
        <FiguresTable
          label={title}
          columns={[kind === 'categories' ? 'Category' : 'Product', 'Units sold', 'Sales at item prices']}
          rows={rows.map((row) => [row.name, units(row.units), formatPaise(row.valuePaise)])}
        />
      }
    />
  );
}

/** The two ends of a custom range, each a date field named as the loader reads it. */
const RANGE_ENDS = [
  { name: 'from', label: 'First day (custom range)' },
  { name: 'to', label: 'Last day (custom range)' },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { error, period, figures, days, categories, topProducts, sizes, lowStock } = loaderData;
  return (
    <AdminPage id="admin-dashboard-title" title="Dashboard">
      <Form
        method="get"
        className="mt-4 grid items-end gap-3 sm:grid-cols-[14rem_11rem_11rem_auto] sm:justify-start"
        aria-label="Choose the period"
      >
        <SelectField
          label="Period"
          name="period"
          options={PERIOD_OPTIONS}
          defaultValue={period.value}
          key={period.value}
        />
        {RANGE_ENDS.map(({ name, label }) => (
          <TextField
            key={`${name}-${period[name]}`}
            label={label}
            name={name}
            type="date"
            defaultValue={period[name]}
          />
        ))}
        <button type="submit" className={`${SECONDARY_BUTTON} sm:w-auto`}>
          Show
        </button>
      </Form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p className="mt-4 text-sm" aria-live="polite">
        {`${period.shown} (India time), against ${period.previous}. `}
        <Link to={period.orders} className="font-semibold underline">
          These days&apos; orders
        </Link>
      </p>

      <ul className="mt-4 grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-label="Figures">
        {figures.map((figure) => (
          <li key={figure.label} className="min-w-0 rounded-lg border border-black/10 bg-white p-3 break-words sm:p-4">
            <p className="text-sm font-semibold text-muted">{figure.label}</p>
            <p className="mt-1 text-xl font-black sm:text-2xl">{figure.value}</p>
            {figure.detail ? <p className="text-xs text-muted">{figure.detail}</p> : null}
            <p className="mt-2 text-sm">
              <span className="font-semibold">{figure.change}</span>
              {` (previous period: ${figure.previous})`}
            </p>
          </li>
        ))}
      </ul>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <ChartFigure
          id="chart-days"
          title="Orders and revenue per day"
          chart={[
            { kind: 'orders', days },
            { kind: 'revenue', days },
          ]}
          table={
            <FiguresTable
              label="Orders and revenue per day"
              columns={['Day', 'Orders', 'Revenue']}
              rows={days.map((day) => [day.label, units(day.orders), formatPaise(day.revenuePaise)])}
            />
          }
        />
        <SalesFigure id="chart-categories" title="Sales by category" kind="categories" rows={categories} />
        <SalesFigure id="chart-products" title="Top products" kind="products" rows={topProducts} />
        <ChartFigure
          id="chart-sizes"
          title="Sizes that sell out first"
          chart={{ kind: 'sizes', rows: sizes }}
          table={
            <FiguresTable
              label="Sizes that sell out first"
              columns={['Size', 'Units sold', 'Units left now', 'Products sold out in it now', 'Sell-through']}
              rows={sizes.map((row) => [
                row.size,
                units(row.units),
                units(row.unitsLeft),
                units(row.soldOut),
                row.sellThrough,
              ])}
            />
          }
        />
      </div>

      <HeadedSection
        id="low-stock-title"
        title="Low stock"
        className="mt-8"
        headingClassName="text-xl font-black uppercase"
      >
        <p className="mt-1 text-sm text-muted">
          {`Sizes with ${units(lowStock.threshold)} or fewer units left, the soonest to run out first; days left at the pace of the last ${lowStock.paceDays} days.`}
          {lowStock.total > lowStock.rows.length
            ? ` The first ${lowStock.rows.length} of ${units(lowStock.total)}.`
            : ''}
        </p>
        <AdminTable
          label="Low stock"
          minWidth="min-w-[36rem]"
          columns={['Product', 'Size', 'Units left', `Sold in ${lowStock.paceDays} days`, 'Days of stock left']}
          empty={lowStock.rows.length === 0 ? 'No size is running low.' : undefined}
        >
          {lowStock.rows.map((row) => (
            <tr key={`${row.productId}-${row.size}`}>
              <td className="px-3 py-2">
                <Link to={adminProductPath(row.productId)} className="font-semibold underline">
                  {row.name}
                </Link>
              </td>
              <td className="px-3 py-2">{row.size}</td>
              <td className="px-3 py-2">{units(row.unitsLeft)}</td>
              <td className="px-3 py-2">{units(row.soldLastDays)}</td>
              <td className="px-3 py-2">{row.daysLeft}</td>
            </tr>
          ))}
        </AdminTable>
      </HeadedSection>

      <HeadedSection id="definitions-title" title="How the figures are counted" className="mt-8 text-sm">
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            Days are India&apos;s calendar days; an order counts on the day it was placed. Cash on delivery orders the
            shopper never confirmed are left out.
          </li>
          <li>
            Revenue: the orders&apos; totals, less what went back: all of a cancelled, failed or returned-to-origin
            order, and refunds of returns (to the payment, as store credit or paid out). A store credit bonus is not
            counted. Returns refunded later lower the period they were ordered in.
          </li>
          <li>Average order value: the orders&apos; totals divided by the number of orders.</li>
          <li>
            Paid online, cash on delivery, store credit: the share of the orders&apos; totals paid each way (store
            credit may pay part of an order).
          </li>
          <li>
            Return and exchange rate: delivered orders with a return (or an exchange) asked for, not rejected or
            expired, out of the delivered orders.
          </li>
          <li>Returned to origin: shipped orders that came back undelivered, out of the shipped orders.</li>
          <li>New shoppers placed their first order in the period; returning shoppers had ordered before it.</li>
          <li>
            Charts of sales: units in orders not cancelled, failed or returned to origin, less refunded returns, at the
            prices on the order lines (before coupons). Units left and sold out are as they are now.
          </li>
        </ul>
      </HeadedSection>
    </AdminPage>
  );
}
