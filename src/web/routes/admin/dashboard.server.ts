// The server half of the route module dashboard.tsx (ADR 0017): the period from the address, the
// figures from the reports service, and the words each figure and its change are shown in.
import { href } from 'react-router';

import { CATEGORIES } from '../../../common/catalog.ts';
import {
  DASHBOARD_MESSAGES,
  daysOfStockLeft,
  describeChange,
  describePointsChange,
  formatDay,
  formatRange,
  formatShare,
  ratio,
  readDashboardPeriod,
} from '../../../common/dashboard.ts';
import { indiaDay } from '../../../common/india-time.ts';
import { formatPaise } from '../../../common/money.ts';
import { PACE_DAYS, readDashboard, type PeriodFigures } from '../../../server/reports/dashboard.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/dashboard';

/** The low-stock list's longest: the rest are counted, not listed. */
const LOW_STOCK_SHOWN = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { db, config } = getApp(context);
  const now = new Date();
  const { period, error } = readDashboardPeriod(new URL(request.url).searchParams, indiaDay(now));
  const dashboard = await readDashboard(
    db,
    { firstDay: period.firstDay, days: period.days },
    { lowStockUnits: config.reports.lowStockUnits, now },
  );
  const { current, previous } = dashboard;
  return {
    error: error ? `${error} ${DASHBOARD_MESSAGES.fallback}` : null,
    period: {
      value: period.period,
      from: period.firstDay,
      to: period.lastDay,
      shown: formatRange(period),
      previous: formatRange(period.previous),
      /** The same days in the orders list. */
      orders: `${href('/admin/orders')}?${new URLSearchParams({ from: period.firstDay, to: period.lastDay })}`,
    },
    figures: figureCards(current, previous),
    days: dashboard.days.map((day) => ({ ...day, label: formatDay(day.day) })),
    categories: dashboard.categories.map(({ category, ...sales }) => ({
      name: CATEGORIES.find((entry) => entry.slug === category)?.name ?? 'No category',
      ...sales,
    })),
    topProducts: dashboard.topProducts,
    sizes: dashboard.sizes.map((size) => {
      // Of the units there were of the size (sold in the period, or left now), the share that sold.
      const sellThrough = ratio(size.units, size.units + size.unitsLeft);
      return {
        ...size,
        sellThrough: formatShare(sellThrough),
        sellThroughPercent: sellThrough === null ? null : Math.round(sellThrough * 10_000) / 100,
      };
    }),
    lowStock: {
      threshold: config.reports.lowStockUnits,
      paceDays: PACE_DAYS,
      total: dashboard.lowStock.length,
      rows: dashboard.lowStock.slice(0, LOW_STOCK_SHOWN).map((row) => ({
        ...row,
        daysLeft: daysOfStockLeft(row.unitsLeft, row.soldLastDays, PACE_DAYS),
      })),
    },
  };
}

/** One figure as its card shows it: the value now, the previous period's, and the change between. */
interface FigureCard {
  label: string;
  value: string;
  previous: string;
  change: string;
  /** What the value is made of, such as '3 of 40 delivered orders'. */
  detail?: string;
}

const count = (value: number) => value.toLocaleString('en-IN');
const averageOf = (figures: PeriodFigures) =>
  figures.orders === 0 ? null : Math.round(figures.orderValuePaise / figures.orders);

function figureCards(current: PeriodFigures, previous: PeriodFigures): FigureCard[] {
  /** A figure written with `format`, against the previous period's. */
  const card =
    (format: (value: number) => string) =>
    (label: string, of: (figures: PeriodFigures) => number, detail?: string): FigureCard => ({
      label,
      value: format(of(current)),
      previous: format(of(previous)),
      change: describeChange(of(current), of(previous)),
      ...(detail ? { detail } : {}),
    });
  const amount = card(formatPaise);
  const number = card(count);
  const rate = (
    label: string,
    part: (figures: PeriodFigures) => number,
    whole: (figures: PeriodFigures) => number,
    detail: string,
  ): FigureCard => {
    const [now, before] = [ratio(part(current), whole(current)), ratio(part(previous), whole(previous))];
    return {
      label,
      value: formatShare(now),
      previous: formatShare(before),
      change: describePointsChange(now, before),
      detail,
    };
  };
  const [average, averageBefore] = [averageOf(current), averageOf(previous)];
  const orderValue = (figures: PeriodFigures) => figures.orderValuePaise;
  return [
    number('Orders', (figures) => figures.orders),
    amount(
      'Revenue',
      (figures) => figures.revenuePaise,
      `${formatPaise(current.orderValuePaise)} ordered, ${formatPaise(current.givenBackPaise)} went back`,
    ),
    {
      label: 'Average order value',
      value: average === null ? '—' : formatPaise(average),
      previous: averageBefore === null ? '—' : formatPaise(averageBefore),
      change: average === null || averageBefore === null ? '—' : describeChange(average, averageBefore),
    },
    rate('Paid online', (figures) => figures.onlinePaise, orderValue, formatPaise(current.onlinePaise)),
    rate('Cash on delivery', (figures) => figures.codPaise, orderValue, formatPaise(current.codPaise)),
    rate('Store credit', (figures) => figures.storeCreditPaise, orderValue, formatPaise(current.storeCreditPaise)),
    rate(
      'Return rate',
      (figures) => figures.returnOrders,
      (figures) => figures.deliveredOrders,
      `${count(current.returnOrders)} of ${count(current.deliveredOrders)} delivered orders`,
    ),
    rate(
      'Exchange rate',
      (figures) => figures.exchangeOrders,
      (figures) => figures.deliveredOrders,
      `${count(current.exchangeOrders)} of ${count(current.deliveredOrders)} delivered orders`,
    ),
    rate(
      'Returned to origin',
      (figures) => figures.returnedToOriginOrders,
      (figures) => figures.shippedOrders,
      `${count(current.returnedToOriginOrders)} of ${count(current.shippedOrders)} shipped orders; cash on delivery ${formatShare(ratio(current.codReturnedToOriginOrders, current.codShippedOrders))}`,
    ),
    number(
      'New shoppers',
      (figures) => figures.newShoppers,
      `of ${count(current.shoppers)} ${current.shoppers === 1 ? 'shopper' : 'shoppers'}`,
    ),
    number('Returning shoppers', (figures) => figures.returningShoppers),
  ];
}
