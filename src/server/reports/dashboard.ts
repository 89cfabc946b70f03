// The admin dashboard's figures, read from the orders in five read-only queries: a period's orders
// by orders_created_idx (or one sequential read, when the period and the one before it are much of
// the table), a shopper's earlier orders by orders_user_created_idx (or one hashed read of the
// older orders), the return requests and refunds of the periods joined by hash. bench/dashboard.ts
// times them and prints their plans.
//
// What counts, in one place (the page says the same in words):
// - An order is counted on the India day it was placed, unless it is a cash on delivery order its
//   shopper never confirmed (still awaiting confirmation, or cancelled while awaiting it).
// - Closed unkept: cancelled, failed or returned to origin. All of such an order's total goes back
//   (its payment refunded, its store credit given back, or, paid in cash, never collected; each
//   has its credit note when it was invoiced), so none of it is revenue.
// - Revenue is the counted orders' totals less what went back: the whole of an order closed unkept,
//   and for any other the refunds of its returns (to the payment, as store credit or paid out,
//   from when staff record them; a store credit bonus is a gift, not a refund of the sale).
//   Counted by the day the order was placed, so a period's revenue falls as its returns come in.
import { sql, type SQL } from 'drizzle-orm';

import { SIZES, type Size } from '../../common/catalog.ts';
import { addIndiaDays, indiaDayStart } from '../../common/india-time.ts';
import type { Database } from '../db/client.ts';
import { orders, products, productStock, refunds, returnRequests } from '../db/schema.ts';

/** Whole days in India: the first (`YYYY-MM-DD`) and how many. */
export interface ReportRange {
  firstDay: string;
  days: number;
}

/** One period's figures (revenue's parts and the rates' counts, so that each can be checked). */
export interface PeriodFigures {
  orders: number;
  /** The counted orders' totals (what the shoppers were charged, fee included). */
  orderValuePaise: number;
  /** What went back of them: the whole of those closed unkept, the refunds of the others' returns. */
  givenBackPaise: number;
  revenuePaise: number;
  /** The order value by how it was paid: online and cash on delivery less any store credit, and store credit. */
  onlinePaise: number;
  codPaise: number;
  storeCreditPaise: number;
  /** Orders that reached their shopper (delivered, completed or returned). */
  deliveredOrders: number;
  /** Of those, orders with a return asked for, and with an exchange asked for (neither rejected nor expired). */
  returnOrders: number;
  exchangeOrders: number;
  /** Orders that left the store (shipped, delivered, completed, returned or returned to origin). */
  shippedOrders: number;
  returnedToOriginOrders: number;
  codShippedOrders: number;
  codReturnedToOriginOrders: number;
  /** Shoppers with a counted order, and those of them whose first counted order was placed in the period. */
  shoppers: number;
  newShoppers: number;
  returningShoppers: number;
}

interface DayFigures {
  day: string;
  orders: number;
  revenuePaise: number;
}

/** Units sold of one product in one size in the period, and their value at the lines' prices. */
interface LineSales {
  productId: number;
  name: string;
  category: string | null;
  size: string;
  units: number;
  valuePaise: number;
}

/** Units sold in the period (net of refunded returns) and their value at the order lines' prices. */
interface Sales {
  units: number;
  valuePaise: number;
}

interface SizeSales extends Sales {
  size: Size;
  /** Units left now of every product offering the size. */
  unitsLeft: number;
  /** Products offering the size that have none left now. */
  soldOut: number;
}

interface LowStockSize {
  productId: number;
  name: string;
  size: string;
  unitsLeft: number;
  /** Units in the orders of the last 14 days (counted, not closed unkept). */
  soldLastDays: number;
}

export interface Dashboard {
  current: PeriodFigures;
  previous: PeriodFigures;
  /** Every day of the current period, oldest first, with none left out. */
  days: DayFigures[];
  /** By category (null: a product without one, or deleted), the best-selling first. */
  categories: Array<Sales & { category: string | null }>;
  /** The products that sold the most units, at most TOP_PRODUCTS, the most first. */
  topProducts: Array<Sales & { productId: number; name: string }>;
  /** Every size, in the size order, sold in the period and in stock now. */
  sizes: SizeSales[];
  /** The sizes at or under the threshold, the soonest to run out first (sold out, then by days of stock left). */
  lowStock: LowStockSize[];
}

/** How many products the best sellers' chart shows. */
const TOP_PRODUCTS = 10;

/** The window the low-stock list judges a size's pace by. */
export const PACE_DAYS = 14;

const DAY_MS = 86_400_000;

/** Whether an order counts: all but cash on delivery orders their shopper never confirmed. */
const counted = (alias: string) =>
  sql.raw(
    `not (${alias}.payment_method = 'cod' and ${alias}.cod_confirmed_at is null and ${alias}.status in ('awaiting_confirmation', 'cancelled'))`,
  );
/** Whether an order closed without being kept: all of its total went back (or was never collected). */
const closedUnkept = (alias: string) => sql.raw(`${alias}.status in ('cancelled', 'failed', 'returned_to_origin')`);
const SHIPPED = sql.raw(`('shipped', 'delivered', 'completed', 'returned', 'returned_to_origin')`);
const DELIVERED = sql.raw(`('delivered', 'completed', 'returned')`);
const ASKED = sql.raw(`not in ('rejected', 'expired')`);

/** An order's lines, one row each: its product, size, units and their value at the line's price. */
const linesOf = (alias: string) =>
  sql.raw(`cross join lateral jsonb_to_recordset(${alias}.items_json)
    as line("productId" int, name text, size text, quantity int, "pricePaise" int)`);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The moment a day starts in India, as the queries take it. */
function startOf(day: string): string {
  const start = indiaDayStart(day);
  if (!start) throw new Error(`Not a day: ${day}`);
  return start.toISOString();
}

/** One of the dashboard's queries: its SQL, and how its rows are read. */
export interface ReportQuery<T> {
  sql: SQL;
  read(rows: Array<Record<string, unknown>>): T;
}

/** A query whose rows are read one by one, each into one item of the list. */
function eachRow<T>(query: SQL, readRow: (row: Record<string, unknown>) => T): ReportQuery<T[]> {
  return { sql: query, read: (rows) => rows.map(readRow) };
}

interface DashboardOptions {
  /** Sizes with this many units left or fewer are low on stock. */
  lowStockUnits: number;
  /** The low-stock list's pace is of the 14 days to this moment. */
  now: Date;
}

/**
 * The dashboard's five queries for `range` and the same number of days before it, each on its own
 * (readDashboard runs them together; the benchmark times and explains them one by one).
 */
export function dashboardQueries(range: ReportRange, options: DashboardOptions) {
  const from = startOf(range.firstDay);
  const to = startOf(addIndiaDays(range.firstDay, range.days));
  const previousFrom = startOf(addIndiaDays(range.firstDay, -range.days));
  const paceFrom = new Date(options.now.getTime() - PACE_DAYS * DAY_MS).toISOString();
  return {
    figures: figuresByDay(previousFrom, from, to),
    shoppers: shoppersOf(previousFrom, from, to),
    sales: lineSales(from, to),
    sizes: sizeStock(),
    lowStock: lowStockSizes(options.lowStockUnits, paceFrom),
  };
}

/**
 * Runs `work` read-only, with the settings the dashboard's queries are planned for: no JIT
 * compilation (the JSON order lines make the planner expect a hundred lines an order, and
 * compiling for that cost more than the queries themselves, up to a second on 100,000 orders in
 * bench/dashboard.ts), and the memory to group a period's orders without spilling to disk.
 */
export function withReportSettings<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`);
      return work(tx);
    },
    { accessMode: 'read only' },
  );
}

/** Runs one of the dashboard's queries. */
export function runReportQuery<T>(db: Database, query: ReportQuery<T>): Promise<T> {
  return withReportSettings(db, async (tx) => query.read(rowsOf(await tx.execute(query.sql))));
}

/**
 * Everything the dashboard shows for `range` and the same number of days before it; stock as it
 * is now, the low-stock list (sizes with `lowStockUnits` or fewer) with its pace over the 14 days
 * to `now`.
 */
export async function readDashboard(db: Database, range: ReportRange, options: DashboardOptions): Promise<Dashboard> {
  const queries = dashboardQueries(range, options);
  const [byDay, shoppers, lines, sizes, lowStock] = await Promise.all([
    runReportQuery(db, queries.figures),
    runReportQuery(db, queries.shoppers),
    runReportQuery(db, queries.sales),
    runReportQuery(db, queries.sizes),
    runReportQuery(db, queries.lowStock),
  ]);
  const current = totalOf(
    byDay.filter((row) => row.day >= 0),
    shoppers.current,
  );
  const previous = totalOf(
    byDay.filter((row) => row.day < 0),
    shoppers.previous,
  );
  const days = Array.from({ length: range.days }, (_, index) => {
    const row = byDay.find((entry) => entry.day === index);
    return {
      day: addIndiaDays(range.firstDay, index),
      orders: row?.orders ?? 0,
      revenuePaise: row ? row.orderValuePaise - row.givenBackPaise : 0,
    };
  });
  return {
    current,
    previous,
    days,
    ...salesOf(lines, sizes),
    lowStock: lowStock.sort(byUrgency),
  };
}

/** The period's lines summed by category, by product (the best sellers) and by size, with each size's stock. */
function salesOf(lines: LineSales[], stock: SizeStock[]): Pick<Dashboard, 'categories' | 'topProducts' | 'sizes'> {
  const add = <K>(map: Map<K, Sales>, key: K, line: LineSales) => {
    const sales = map.get(key) ?? { units: 0, valuePaise: 0 };
    map.set(key, { units: sales.units + line.units, valuePaise: sales.valuePaise + line.valuePaise });
  };
  const byCategory = new Map<string | null, Sales>();
  const byProduct = new Map<number, Sales>();
  const bySize = new Map<string, Sales>();
  const names = new Map<number, string>();
  for (const line of lines) {
    add(byCategory, line.category, line);
    add(byProduct, line.productId, line);
    add(bySize, line.size, line);
    names.set(line.productId, line.name);
  }
  const most = (a: Sales, b: Sales) => b.units - a.units || b.valuePaise - a.valuePaise;
  return {
    categories: [...byCategory]
      .map(([category, sales]) => ({ category, ...sales }))
      .sort((a, b) => b.valuePaise - a.valuePaise || b.units - a.units),
    topProducts: [...byProduct]
      .map(([productId, sales]) => ({ productId, name: names.get(productId)!, ...sales }))
      .sort((a, b) => most(a, b) || a.productId - b.productId)
      .slice(0, TOP_PRODUCTS),
    sizes: SIZES.map((size) => {
      const left = stock.find((row) => row.size === size);
      return {
        size,
        ...(bySize.get(size) ?? { units: 0, valuePaise: 0 }),
        unitsLeft: left?.unitsLeft ?? 0,
        soldOut: left?.soldOut ?? 0,
      };
    }),
  };
}

/**
 * The soonest to run out first: sold out (the fastest sellers first), then by days of stock left
 * at the recent pace, then those that did not sell (the fewest units first).
 */
function byUrgency(a: LowStockSize, b: LowStockSize): number {
  const rank = (row: LowStockSize) =>
    row.unitsLeft === 0 ? -1 : row.soldLastDays === 0 ? Number.POSITIVE_INFINITY : row.unitsLeft / row.soldLastDays;
  return (
    rank(a) - rank(b) ||
    b.soldLastDays - a.soldLastDays ||
    a.unitsLeft - b.unitsLeft ||
    a.name.localeCompare(b.name) ||
    a.size.localeCompare(b.size)
  );
}

type DayRow = { day: number } & Omit<PeriodFigures, 'revenuePaise' | 'shoppers' | 'newShoppers' | 'returningShoppers'>;

/** A period's figures: its days' sums, its revenue, its shoppers. */
function totalOf(rows: DayRow[], shoppers: Shoppers): PeriodFigures {
  const total: PeriodFigures = {
    orders: 0,
    orderValuePaise: 0,
    givenBackPaise: 0,
    revenuePaise: 0,
    onlinePaise: 0,
    codPaise: 0,
    storeCreditPaise: 0,
    deliveredOrders: 0,
    returnOrders: 0,
    exchangeOrders: 0,
    shippedOrders: 0,
    returnedToOriginOrders: 0,
    codShippedOrders: 0,
    codReturnedToOriginOrders: 0,
    ...shoppers,
  };
  for (const { day: _day, ...row } of rows) {
    for (const key of Object.keys(row) as Array<keyof typeof row>) total[key] += row[key];
  }
  total.revenuePaise = total.orderValuePaise - total.givenBackPaise;
  return total;
}

/**
 * The counted orders of both periods by day (0 is the current period's first day, −1 the day
 * before it), with what went back of them and the counts the rates are made of.
 */
function figuresByDay(previousFrom: string, from: string, to: string): ReportQuery<DayRow[]> {
  const query = sql`
    with asked as (
      -- A request is made after its order was placed: those since the earlier period began are all
      -- that can be about its orders.
      select r.order_id,
        bool_or(r.kind = 'return' and r.status ${ASKED}) as returned,
        bool_or(r.kind = 'exchange' and r.status ${ASKED}) as exchanged,
        coalesce(sum(f.amount_paise), 0)::bigint as refunded
      from ${returnRequests} r
      left join ${refunds} f on f.return_request_id = r.id
      where r.created_at >= ${previousFrom}::timestamptz
      group by r.order_id
    ),
    placed as (
      select o.status, o.payment_method, o.total_paise, o.credit_paise, a.returned, a.exchanged, a.refunded,
        -- date_part's double precision, not extract's numeric: the arithmetic of every order counts.
        floor(date_part('epoch', o.created_at - ${from}::timestamptz) / 86400)::int as day
      from ${orders} o
      left join asked a on a.order_id = o.id
      where o.created_at >= ${previousFrom}::timestamptz and o.created_at < ${to}::timestamptz and ${counted('o')}
    )
    select p.day,
      count(*)::int as orders,
      sum(p.total_paise)::bigint as order_value,
      sum(case when ${closedUnkept('p')} then p.total_paise else coalesce(p.refunded, 0) end)::bigint as given_back,
      coalesce(sum(p.total_paise - p.credit_paise) filter (where p.payment_method = 'online'), 0)::bigint as online,
      coalesce(sum(p.total_paise - p.credit_paise) filter (where p.payment_method = 'cod'), 0)::bigint as cod,
      sum(p.credit_paise)::bigint as store_credit,
      count(*) filter (where p.status in ${DELIVERED})::int as delivered,
      count(*) filter (where p.returned)::int as return_orders,
      count(*) filter (where p.exchanged)::int as exchange_orders,
      count(*) filter (where p.status in ${SHIPPED})::int as shipped,
      count(*) filter (where p.status = 'returned_to_origin')::int as rto,
      count(*) filter (where p.status in ${SHIPPED} and p.payment_method = 'cod')::int as cod_shipped,
      count(*) filter (where p.status = 'returned_to_origin' and p.payment_method = 'cod')::int as cod_rto
    from placed p
    group by p.day`;
  return eachRow(query, (row) => ({
    day: Number(row.day),
    orders: Number(row.orders),
    orderValuePaise: Number(row.order_value),
    givenBackPaise: Number(row.given_back),
    onlinePaise: Number(row.online),
    codPaise: Number(row.cod),
    storeCreditPaise: Number(row.store_credit),
    deliveredOrders: Number(row.delivered),
    returnOrders: Number(row.return_orders),
    exchangeOrders: Number(row.exchange_orders),
    shippedOrders: Number(row.shipped),
    returnedToOriginOrders: Number(row.rto),
    codShippedOrders: Number(row.cod_shipped),
    codReturnedToOriginOrders: Number(row.cod_rto),
  }));
}

type Shoppers = Pick<PeriodFigures, 'shoppers' | 'newShoppers' | 'returningShoppers'>;

/**
 * The shoppers of each period: returning if they had a counted order placed before the period
 * began (whatever became of it), new otherwise.
 */
function shoppersOf(
  previousFrom: string,
  from: string,
  to: string,
): ReportQuery<{ current: Shoppers; previous: Shoppers }> {
  const query = sql`
    with placed as (
      select o.user_id, bool_or(o.created_at >= ${from}::timestamptz) as in_current,
        bool_or(o.created_at < ${from}::timestamptz) as in_previous
      from ${orders} o
      where o.created_at >= ${previousFrom}::timestamptz and o.created_at < ${to}::timestamptz and ${counted('o')}
      group by o.user_id
    ),
    seen as (
      select p.*, exists (
        select 1 from ${orders} e
        where e.user_id = p.user_id and e.created_at < ${previousFrom}::timestamptz and ${counted('e')}
      ) as ordered_before
      from placed p
    )
    -- Returning this period: ordered in the previous one or before it; in the previous period: before it.
    select true as current, count(*) filter (where in_current)::int as shoppers,
      count(*) filter (where in_current and (in_previous or ordered_before))::int as returning
    from seen
    union all
    select false, count(*) filter (where in_previous)::int, count(*) filter (where in_previous and ordered_before)::int
    from seen`;
  const of = (rows: Array<Record<string, unknown>>, current: boolean): Shoppers => {
    const row = rows.find((entry) => entry.current === current);
    const shoppers = Number(row?.shoppers ?? 0);
    const returning = Number(row?.returning ?? 0);
    return { shoppers, newShoppers: shoppers - returning, returningShoppers: returning };
  };
  return { sql: query, read: (rows) => ({ current: of(rows, true), previous: of(rows, false) }) };
}

/**
 * Units sold in the period by product and size, and their value at the lines' prices (before
 * coupons and the online saving): the lines of counted orders not closed unkept, less the units of
 * their refunded returns. A product since deleted keeps the name its order lines gave it.
 */
function lineSales(from: string, to: string): ReportQuery<LineSales[]> {
  const query = sql`
    with placed as materialized (
      -- The period's orders read once, for their lines and for their refunded returns.
      select o.id, o.items_json
      from ${orders} o
      where o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz
        and ${counted('o')} and not ${closedUnkept('o')}
    ),
    sold as (
      select line."productId" as product_id, line.size, line.name,
        line.quantity as units, line.quantity * line."pricePaise" as value
      from placed p ${linesOf('p')}
      union all
      select r.product_id, r.size, null, -r.quantity,
        -r.quantity * coalesce((
          select line."pricePaise" from jsonb_to_recordset(p.items_json) as line("productId" int, size text, "pricePaise" int)
          where line."productId" = r.product_id and line.size = r.size
          limit 1), 0)
      from ${returnRequests} r
      join placed p on p.id = r.order_id
      where r.kind = 'return' and r.status = 'refunded' and r.created_at >= ${from}::timestamptz
    )
    select s.product_id, coalesce(max(pr.name), max(s.name)) as name, max(pr.category) as category, s.size,
      sum(s.units)::int as units, sum(s.value)::bigint as value
    from sold s
    left join ${products} pr on pr.id = s.product_id
    group by s.product_id, s.size`;
  const read = (rows: Array<Record<string, unknown>>) =>
    rows
      .map((row) => ({
        productId: Number(row.product_id),
        name: String(row.name ?? `Product ${row.product_id}`),
        category: row.category === null ? null : String(row.category),
        size: String(row.size),
        units: Number(row.units),
        valuePaise: Number(row.value),
      }))
      .filter((row) => row.units !== 0 || row.valuePaise !== 0);
  return { sql: query, read };
}

interface SizeStock {
  size: string;
  unitsLeft: number;
  soldOut: number;
}

/** Units left now of each size, over the products that offer it, and how many of those have none. */
function sizeStock(): ReportQuery<SizeStock[]> {
  const query = sql`
    select s.size, sum(s.quantity)::int as units_left, count(*) filter (where s.quantity = 0)::int as sold_out
    from ${productStock} s
    join ${products} p on p.id = s.product_id and s.size = any(p.sizes)
    group by s.size`;
  return eachRow(query, (row) => ({
    size: String(row.size),
    unitsLeft: Number(row.units_left),
    soldOut: Number(row.sold_out),
  }));
}

/** Sizes a product offers with `threshold` units or fewer left, and the units its orders took since `since`. */
function lowStockSizes(threshold: number, since: string): ReportQuery<LowStockSize[]> {
  const query = sql`
    with low as (
      select s.product_id, s.size, s.quantity, p.name
      from ${productStock} s
      join ${products} p on p.id = s.product_id and s.size = any(p.sizes)
      where s.quantity <= ${threshold}
    ),
    recent as (
      select line."productId" as product_id, line.size, sum(line.quantity)::int as units
      from ${orders} o ${linesOf('o')}
      where o.created_at >= ${since}::timestamptz and ${counted('o')} and not ${closedUnkept('o')}
      group by line."productId", line.size
    )
    select low.product_id, low.name, low.size, low.quantity, coalesce(recent.units, 0)::int as sold
    from low
    left join recent on recent.product_id = low.product_id and recent.size = low.size`;
  return eachRow(query, (row) => ({
    productId: Number(row.product_id),
    name: String(row.name),
    size: String(row.size),
    unitsLeft: Number(row.quantity),
    soldLastDays: Number(row.sold),
  }));
}
