// The admin orders list's search and filters, as its GET form puts them in the address (and the CSV
// export reads the same address): what each may hold, its words, and the one check of what was
// sent. What each filter means in SQL is the server's (server/admin/order-filters.ts).
import { z } from 'zod';

import { ORDER_STATUSES, PAYMENT_METHODS, type OrderStatus, type PaymentMethod } from './catalog.ts';
import { indiaDayStart, nextIndiaDay } from './india-time.ts';

/**
 * What needs staff: an order to ship (paid, or cash on delivery confirmed, with no parcel yet), one
 * whose delivery failed and waits to be sent on to the courier, one with a return or exchange
 * waiting for staff (to decide, or to refund or send the new size once picked up).
 */
export const ORDER_ACTIONS = ['to_ship', 'delivery_failed', 'return_waiting'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  to_ship: 'To ship',
  delivery_failed: 'Delivery failed',
  return_waiting: 'Return waiting',
};

/** How an order was paid, as staff's pages and the export write it. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Paid online',
  cod: 'Cash on delivery',
  store_credit: 'Paid with store credit',
};

/** The longest search the list takes: an email may be this long. */
export const ORDER_SEARCH_MAX = 254;

/** The first and last days a date filter may name: outside them it is a typing slip. */
export const ORDER_DAYS = { first: '2000-01-01', last: '2099-12-31' } as const;

export const ORDER_FILTER_MESSAGES = {
  search: 'Search by an order number (8 characters), an email, a phone number (10 digits) or an AWB.',
  searchTooLong: `The search can be at most ${ORDER_SEARCH_MAX} characters.`,
  status: 'Choose a status from the list.',
  payment: 'Choose a payment method from the list.',
  action: 'Choose what needs action from the list.',
  cash: 'Choose a cash on delivery filter from the list.',
  from: 'Enter the From date as a date, such as 2026-03-31.',
  to: 'Enter the To date as a date, such as 2026-03-31.',
  outOfRange: 'Choose dates between 1 January 2000 and 31 December 2099.',
  fromAfterTo: 'The From date is after the To date.',
  tooLong: 'Choose a date range of at most two years.',
} as const;

/** The list's filters as the address holds them; '' is "any". */
export interface OrderFilters {
  search: string;
  status: OrderStatus | '';
  payment: PaymentMethod | '';
  action: OrderAction | '';
  /** India's calendar days, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /** Cash on delivery orders delivered long ago whose cash has not come in. */
  cash: 'overdue' | '';
}

export const NO_ORDER_FILTERS: OrderFilters = {
  search: '',
  status: '',
  payment: '',
  action: '',
  from: '',
  to: '',
  cash: '',
};

/** What a search may be: each kind it could be is looked up (a 10-digit number may be a phone or an AWB). */
export interface OrderSearchTerms {
  /** The order number: the id's first 8 characters, lower-case. */
  orderPrefix?: string;
  /** A whole order id, as the admin's addresses show it. */
  orderId?: string;
  email?: string;
  /** 10 digits, as addresses keep a phone. */
  phone?: string;
  /** As typed and upper-case: staff's AWBs are kept upper-case, a courier's as it sends them. */
  awb?: string;
}

/** The search as typed, tidied: control characters out, spaces squeezed, trimmed. */
function tidySearch(text: string): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a search could be looked up as; null when it is none of them. A phone is read with its
 * spaces, dashes, brackets, and a leading +91, 91 or 0 left out.
 */
export function orderSearchTerms(search: string): OrderSearchTerms | null {
  const text = tidySearch(search);
  const terms: OrderSearchTerms = {};
  const number = /^(?:order\s*)?#?\s*([0-9a-f]{8})$/i.exec(text);
  if (number) terms.orderPrefix = number[1]!.toLowerCase();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) terms.orderId = text.toLowerCase();
  if (/^[^\s@]+@[^\s@]+$/.test(text)) terms.email = text.toLowerCase();
  const digits = /^\+?[\d\s().-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const phone = /^(?:91|0)?(\d{10})$/.exec(digits);
  if (phone) terms.phone = phone[1]!;
  if (/^[A-Za-z0-9-]{6,30}$/.test(text)) terms.awb = text;
  return Object.keys(terms).length === 0 ? null : terms;
}

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.union([z.literal(''), z.enum(values)], { error: message });

const day = (message: string) =>
  z
    .string()
    .refine((value) => value === '' || indiaDayStart(value) !== null, message)
    .refine(
      (value) => value === '' || (value >= ORDER_DAYS.first && value <= ORDER_DAYS.last),
      ORDER_FILTER_MESSAGES.outOfRange,
    );

const FIELDS = {
  search: z
    .string()
    .transform(tidySearch)
    .refine((value) => [...value].length <= ORDER_SEARCH_MAX, ORDER_FILTER_MESSAGES.searchTooLong)
    .refine((value) => value === '' || orderSearchTerms(value) !== null, ORDER_FILTER_MESSAGES.search),
  status: choice(ORDER_STATUSES, ORDER_FILTER_MESSAGES.status),
  payment: choice(PAYMENT_METHODS, ORDER_FILTER_MESSAGES.payment),
  action: choice(ORDER_ACTIONS, ORDER_FILTER_MESSAGES.action),
  from: day(ORDER_FILTER_MESSAGES.from),
  to: day(ORDER_FILTER_MESSAGES.to),
  cash: choice(['overdue'], ORDER_FILTER_MESSAGES.cash),
} satisfies Record<keyof OrderFilters, z.ZodType>;

/**
 * The filters in an address, each checked on its own: a filter that is wrong is left out (empty)
 * and its message given; then a range whose From is after its To, or longer than two years, is
 * refused as a whole. The caller shows the messages and, with any, lists every order.
 */
export function parseOrderFilters(params: URLSearchParams): { filters: OrderFilters; problems: string[] } {
  const filters = { ...NO_ORDER_FILTERS };
  const problems: string[] = [];
  for (const name of Object.keys(FIELDS) as Array<keyof OrderFilters>) {
    const parsed = FIELDS[name].safeParse(params.get(name) ?? '');
    if (parsed.success) (filters as Record<keyof OrderFilters, string>)[name] = parsed.data;
    else problems.push(parsed.error.issues[0]!.message);
  }
  if (filters.from && filters.to) {
    // The same day two years on; from 29 February, 1 March.
    const [year, month, date] = filters.from.split('-').map(Number) as [number, number, number];
    const twoYearsOn = new Date(Date.UTC(year + 2, month - 1, date)).toISOString().slice(0, 10);
    const problem =
      filters.from > filters.to
        ? ORDER_FILTER_MESSAGES.fromAfterTo
        : nextIndiaDay(filters.to) > twoYearsOn
          ? ORDER_FILTER_MESSAGES.tooLong
          : undefined;
    if (problem) {
      problems.push(problem);
      filters.from = '';
      filters.to = '';
    }
  }
  return { filters, problems };
}

/** The filters that are set, by their name in the address (the pager's links and the export's). */
export function orderFilterQuery(filters: OrderFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}
