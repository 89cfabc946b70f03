// The admin's customers screens: every shopper's account, newest first, found by email or name, and
// one customer with their history: orders, returns and exchanges, refunds, failed deliveries, store
// credit (ADR 0048), where staff grant or take it back (store-credit/staff.ts), and the notes staff
// leave (customer-notes.ts). Staff accounts are not customers: they are not listed.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';

import { describeRequest } from '../../common/returns.ts';
import { STORE_CREDIT_KIND_LABELS } from '../../common/store-credit.ts';
import { deliveryFailuresOfCustomer } from '../courier/ndr.ts';
import type { Database } from '../db/client.ts';
import {
  checkouts,
  orders,
  profiles,
  refunds,
  returnRequests,
  storeCreditBalances,
  users,
  type Order,
  type ReturnRequest,
  type StoreCreditEntry,
} from '../db/schema.ts';
import type { Refund } from '../payments/refunds.ts';
import { pageWithTotal } from '../shared/paging.ts';
import { creditBalance, creditHistory, type CreditHistory } from '../store-credit/ledger.ts';
import { notesOfCustomer } from './customer-notes.ts';
import { newestFirst } from '../shared/newest-first.ts';

export const ADMIN_CUSTOMERS_PAGE_SIZE = 50;
/** The longest search the list takes; the rest is cut. */
const SEARCH_MAX_LENGTH = 100;
/** A user id as better-auth and the tests make them: letters, digits, dashes. */
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  deletedAt: Date | null;
  orderCount: number;
  creditPaise: number;
}

/** The search as typed, tidied: control characters out, trimmed, cut to a sane length. */
export function normaliseCustomerSearch(text: unknown): string {
  if (typeof text !== 'string') return '';
  return Array.from(text.replace(/\p{Cc}/gu, ' ').trim())
    .slice(0, SEARCH_MAX_LENGTH)
    .join('')
    .trim();
}

/** Makes `%`, `_` and `\` match themselves in a LIKE pattern (backslash is the default escape). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function customersWhere(search: string): SQL {
  const customer = eq(users.role, 'customer');
  if (search === '') return customer;
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return and(customer, or(sql`lower(${users.email}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`))!;
}

/** One page of the customers, newest first, those whose email or name contains `search` (any case). */
export async function listCustomers(
  db: Database,
  query: { search: string; page: number },
): Promise<{ customers: CustomerRow[]; total: number; page: number }> {
  const where = customersWhere(normaliseCustomerSearch(query.search));
  const orderCount = sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${users.id})`;
  const { rows, total, page } = await pageWithTotal(
    db,
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        createdAt: users.createdAt,
        deletedAt: users.deletedAt,
        orderCount,
        creditPaise: sql<number>`coalesce(${storeCreditBalances.balancePaise}, 0)`,
      })
      .from(users)
      .leftJoin(storeCreditBalances, eq(storeCreditBalances.userId, users.id)),
    { where, orderBy: [newestFirst(users)] },
    { page: query.page, size: ADMIN_CUSTOMERS_PAGE_SIZE },
  );
  return { customers: rows, total, page };
}

interface CustomerCreditEntry extends StoreCreditEntry {
  /** What the entry is, in words ('Granted by staff'). */
  kindLabel: string;
  /** Who wrote it: the staff member's email, or 'the store'. */
  by: string;
}

export interface AdminCustomer {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  emailVerified: boolean;
  createdAt: Date;
  deletedAt: Date | null;
  /** Every order, newest first. */
  orders: Order[];
  /** Every return and exchange request, newest first, with what it is ('Return of 1 × Astro Tee (M)'). */
  returns: Array<{ request: ReturnRequest; summary: string }>;
  /**
   * Every refund to them, newest first: of an order (whole, or a return's with its request), or of
   * a payment that came when the stock was gone (no order).
   */
  refunds: Array<{ refund: Refund; request: ReturnRequest | null }>;
  /** Every failed delivery of their orders' parcels, newest first. */
  deliveryFailures: Awaited<ReturnType<typeof deliveryFailuresOfCustomer>>;
  notes: Awaited<ReturnType<typeof notesOfCustomer>>;
  creditPaise: number;
  credit: Omit<CreditHistory, 'entries'> & { entries: CustomerCreditEntry[] };
}

/**
 * One customer with their orders, store credit and a page of its history; undefined for an
 * unknown id, a malformed one, or a staff account.
 */
export async function getAdminCustomer(
  db: Database,
  id: string,
  creditPage: number,
): Promise<AdminCustomer | undefined> {
  if (!USER_ID.test(id)) return undefined;
  const [row] = await db
    .select({ user: users, phone: profiles.phone })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  if (!row) return undefined;
  const [customerOrders, requests, customerRefunds, deliveryFailures, notes, creditPaise, history] = await Promise.all([
    db.select().from(orders).where(eq(orders.userId, id)).orderBy(newestFirst(orders)),
    db
      .select({ request: returnRequests, items: orders.itemsJson })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(eq(orders.userId, id))
      .orderBy(newestFirst(returnRequests)),
    refundsOfCustomer(db, id),
    deliveryFailuresOfCustomer(db, id),
    notesOfCustomer(db, id),
    creditBalance(db, id),
    creditHistory(db, id, creditPage),
  ]);
  const authors = [...new Set(history.entries.flatMap((entry) => (entry.createdBy ? [entry.createdBy] : [])))];
  const emails = new Map(
    authors.length === 0
      ? []
      : (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, authors))).map(
          (author) => [author.id, author.email],
        ),
  );
  return {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    phone: row.phone,
    emailVerified: row.user.emailVerified,
    createdAt: row.user.createdAt,
    deletedAt: row.user.deletedAt,
    orders: customerOrders,
    returns: requests.map(({ request, items }) => ({
      request,
      summary: describeRequest(
        request,
        items.find((item) => item.productId === request.productId && item.size === request.size),
      ),
    })),
    refunds: customerRefunds,
    deliveryFailures,
    notes,
    creditPaise,
    credit: {
      ...history,
      entries: history.entries.map((entry) => ({
        ...entry,
        kindLabel: STORE_CREDIT_KIND_LABELS[entry.kind],
        by: entry.createdBy ? (emails.get(entry.createdBy) ?? 'staff') : 'the store',
      })),
    },
  };
}

/** A customer's refunds, newest first: their orders' (the request of a return's), and their checkouts' without an order. */
function refundsOfCustomer(db: Database, userId: string) {
  return db
    .select({ refund: refunds, request: returnRequests })
    .from(refunds)
    .leftJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .leftJoin(returnRequests, eq(returnRequests.id, refunds.returnRequestId))
    .where(or(eq(orders.userId, userId), and(isNull(refunds.orderId), eq(checkouts.userId, userId))))
    .orderBy(newestFirst(refunds));
}
