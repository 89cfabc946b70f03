// `npm run bench:checkout`: many shoppers buying at once through the real endpoints and the local
// Razorpay sandbox, against the production server on a PostgreSQL database of its own. Half the
// shoppers pay online and half choose cash on delivery (placed at once, no payment window), each
// half with and without the coupon. Prints orders per second, p50 and p99 of the payment-verify
// step, and checks the invariants afterwards: no oversell (the stock sold exactly, online and COD
// together), coupon counts, one order per paid payment, COD orders awaiting confirmation with no
// payment, and money that adds up.
//
//   BENCH_SHOPPERS=80 BENCH_STOCK=40 npm run bench:checkout
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';

import { freePort, ROOT, startStore } from './server.ts';
import { createShopper } from './shoppers.ts';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 80);
const STOCK = Number(process.env.BENCH_STOCK ?? 40);
const COUPON_LIMIT = Number(process.env.BENCH_COUPON_LIMIT ?? 15);
const SERVER_URL = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRICE_PAISE = 129_900;

const started = Date.now();
const log = (message: string) =>
  console.log(`[${String(Math.round((Date.now() - started) / 1000)).padStart(4)}s] ${message}`);

const database = `ttt_bench_checkout_${process.pid}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`create database "${database}"`);
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${database}`;

const tmp = path.join(ROOT, 'bench/.tmp');
const dataDir = path.join(tmp, 'checkout-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const store = await startStore({
  port: await freePort(),
  dataDir,
  logFile: path.join(tmp, 'checkout-server.log'),
  databaseUrl: databaseUrl.toString(),
});
log(`store ready at ${store.origin} on ${database}`);

const db = new pg.Client({ connectionString: databaseUrl.toString() });
await db.connect();
try {
  const secret = readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
  const { rows: products } = await db.query<{ id: number }>(
    `insert into products (name, price_paise, sizes, delivery_info, collection, category)
     values ('Bench Bomber', $1, array['M'], '{"standardDelivery":"3-5 business days","expressDelivery":"1-2 business days","pincodeDelivery":true}', 'trap-themed', 'jackets')
     returning id`,
    [PRICE_PAISE],
  );
  const productId = products[0]!.id;
  await db.query(`insert into product_stock (product_id, size, quantity) values ($1, 'M', $2)`, [productId, STOCK]);
  await db.query(`insert into coupons (code, kind, value, usage_limit) values ('BENCH10', 'percent', 10, $1)`, [
    COUPON_LIMIT,
  ]);

  const shoppers: Array<{ cookie: string; addressId: string; coupon: boolean; cod: boolean }> = [];
  for (let i = 0; i < SHOPPERS; i += 1) {
    const { userId, cookie } = await createShopper(db, secret, String(i));
    await db.query("insert into cart_items (user_id, product_id, size, quantity) values ($1, $2, 'M', 1)", [
      userId,
      productId,
    ]);
    const { rows: address } = await db.query<{ id: string }>(
      `insert into addresses (user_id, name, phone, house, street, city, pincode, state)
       values ($1, 'Bench Shopper', '9876543210', '1', 'Load Lane', 'Pune', '411001', 'Maharashtra') returning id`,
      [userId],
    );
    shoppers.push({
      cookie,
      addressId: address[0]!.id,
      coupon: i % 2 === 0,
      cod: i % 4 >= 2,
    });
  }
  log(
    `${SHOPPERS} shoppers (${shoppers.filter((shopper) => shopper.cod).length} cash on delivery), ${STOCK} units, coupon BENCH10 limited to ${COUPON_LIMIT} uses`,
  );

  const api = async (cookie: string, path: '/api/payments' | '/api/payments/verify', body: unknown) => {
    const response = await fetch(`${store.origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: store.origin, cookie },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const verifyMs: number[] = [];
  const outcomes = { ordered: 0, codPlaced: 0, soldOut: 0, couponRefused: 0, other: 0 };
  const paidPayments: string[] = [];
  const runStarted = performance.now();
  await Promise.all(
    shoppers.map(async ({ cookie, addressId, coupon, cod }) => {
      const start = await api(cookie, '/api/payments', {
        method: cod ? 'cod' : 'online',
        addressId,
        couponCode: coupon ? 'BENCH10' : undefined,
      });
      if (start.status !== 200) {
        const message = String(start.body.message);
        if (message.includes('sold out') || message.includes('left in size')) outcomes.soldOut += 1;
        else if (message.includes('usage limit')) outcomes.couponRefused += 1;
        else outcomes.other += 1;
        return;
      }
      // Cash on delivery: placed by that one request.
      if (cod) {
        outcomes.codPlaced += 1;
        return;
      }
      // The shopper pays in the sandbox's window.
      const paid = (await (
        await fetch(`${store.origin}/sandbox/razorpay/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: store.origin },
          body: JSON.stringify({ order_id: start.body.razorpayOrderId, method: 'upi' }),
        })
      ).json()) as Record<string, string>;
      paidPayments.push(paid.razorpay_payment_id!);
      const t0 = performance.now();
      const verified = await api(cookie, '/api/payments/verify', paid);
      verifyMs.push(performance.now() - t0);
      if (verified.status === 200) outcomes.ordered += 1;
      else outcomes.other += 1;
    }),
  );
  const seconds = (performance.now() - runStarted) / 1000;
  // Let the sandbox's webhooks arrive: they must not make a second order.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const { rows: orderRows } = await db.query<{
    payment_id: string | null;
    method: 'online' | 'cod';
    status: string;
    total: number;
    subtotal: number;
    discount: number;
    fee: number;
    coupon: string | null;
    qty: number;
  }>(
    `select payment_id, payment_method method, status, total_paise total, subtotal_paise subtotal,
            discount_paise discount, cod_fee_paise fee, coupon_code coupon,
            (select sum((item->>'quantity')::int) from jsonb_array_elements(items_json) item) qty
     from orders`,
  );
  const online = orderRows.filter((order) => order.method === 'online');
  const cashOnDelivery = orderRows.filter((order) => order.method === 'cod');
  const { rows: stockRows } = await db.query<{ quantity: number }>(
    'select quantity from product_stock where product_id = $1',
    [productId],
  );
  const { rows: couponRows } = await db.query<{ times_used: number }>(
    "select times_used from coupons where code = 'BENCH10'",
  );
  const sold = orderRows.reduce((sum, order) => sum + Number(order.qty), 0);
  const left = stockRows[0]!.quantity;
  const couponOrders = orderRows.filter((order) => order.coupon === 'BENCH10').length;
  const invariants = {
    noOversell: left >= 0 && sold + left === STOCK,
    couponCounts: couponRows[0]!.times_used === couponOrders && couponOrders <= COUPON_LIMIT,
    onePaymentOneOrder:
      new Set(online.map((order) => order.payment_id)).size === online.length &&
      paidPayments.every((id) => online.some((order) => order.payment_id === id)) &&
      online.length === paidPayments.length,
    codOrdersAwaitConfirmation:
      cashOnDelivery.length === outcomes.codPlaced &&
      cashOnDelivery.every((order) => order.payment_id === null && order.status === 'awaiting_confirmation'),
    moneyAddsUp: orderRows.every(
      (order) =>
        order.total === order.subtotal - order.discount + order.fee &&
        order.subtotal === PRICE_PAISE * Number(order.qty),
    ),
  };

  const sorted = [...verifyMs].sort((a, b) => a - b);
  const percentile = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
  const results = {
    timestamp: new Date().toISOString(),
    database: 'postgres',
    shoppers: SHOPPERS,
    stock: STOCK,
    couponLimit: COUPON_LIMIT,
    seconds: Math.round(seconds * 100) / 100,
    ordersPerSecond: Math.round((orderRows.length / seconds) * 10) / 10,
    verifyP50Ms: Math.round(percentile(50) * 10) / 10,
    verifyP99Ms: Math.round(percentile(99) * 10) / 10,
    outcomes,
    orders: orderRows.length,
    codOrders: cashOnDelivery.length,
    unitsLeft: left,
    couponUses: couponRows[0]!.times_used,
    invariants,
  };
  writeFileSync(path.join(ROOT, 'bench/checkout-results.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log('\nCheckout bench: simultaneous purchases through /api/payments and the Razorpay sandbox (PostgreSQL)');
  console.log(`Shoppers ${SHOPPERS}, stock ${STOCK}, coupon limit ${COUPON_LIMIT}, ${results.seconds} s`);
  console.log(
    `Orders ${results.orders} (${results.ordersPerSecond} orders/s, ${outcomes.codPlaced} cash on delivery); sold out ${outcomes.soldOut}; coupon refused ${outcomes.couponRefused}; other ${outcomes.other}`,
  );
  console.log(`Payment verify: p50 ${results.verifyP50Ms} ms, p99 ${results.verifyP99Ms} ms`);
  console.log(
    `Sold ${sold} of ${STOCK} units (${online.length} orders paid online, ${cashOnDelivery.length} cash on delivery), ${left} left`,
  );
  for (const [name, holds] of Object.entries(invariants)) console.log(`${holds ? '✓' : '✗'} ${name}`);
  console.log('Results: bench/checkout-results.json');
  if (!Object.values(invariants).every(Boolean)) process.exitCode = 1;
} finally {
  await db.end();
  await store.stop();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
}
