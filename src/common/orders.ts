// How an order's status and date read on the Orders page (docs/product.md §2 "Orders", §4).
import { ORDER_STATUSES } from './catalog.ts';

/**
 * Case-insensitive; empty or unknown values read 'Pending' (docs/product.md §4). A status of
 * several words reads with spaces: 'Awaiting confirmation', 'Returned to origin'.
 */
export function orderStatus(value: string | null | undefined): string {
  const status = (value ?? '').trim().toLowerCase();
  const name = (ORDER_STATUSES as readonly string[]).includes(status) ? status : 'pending';
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Long US date with hour and minute, in India's time; 'Date unavailable' when missing. */
export function formatOrderDate(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return 'Date unavailable';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

/** The number a shopper quotes for an order: the first 8 characters of its id, upper-case. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
