// The admin's customers screens: every shopper's account, newest first, found by email or name, and
// one customer with their orders and their store credit (ADR 0048), where staff grant or take it
// back (store-credit/staff.ts). Staff accounts are not customers: they are not listed.
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';

import { STORE_CREDIT_KIND_LABELS } from '../../common/store-credit.ts';
import type { Database } from '../db/client.ts';
import { orders, profiles, storeCreditBalances, users, type Order, type StoreCreditEntry } from '../db/schema.ts';
import { pageWithTotal } from '../shared/paging.ts';
import { creditBalance, creditHistory, type CreditHistory } from '../store-credit/ledger.ts';

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
    { where, orderBy: [desc(users.createdAt), desc(users.id)] },
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
  const [customerOrders, creditPaise, history] = await Promise.all([
    db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.createdAt), desc(orders.id)),
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
