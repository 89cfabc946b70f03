// An order's status as a coloured pill, wherever an order shows it (orderStatus in common/orders.ts
// names it; the colours tell the statuses apart at a glance in a list).
const STYLES: Readonly<Record<string, string>> = {
  'Awaiting confirmation': 'bg-yellow-100 text-yellow-900',
  Pending: 'bg-amber-100 text-amber-900',
  Processing: 'bg-blue-100 text-blue-900',
  Shipped: 'bg-violet-100 text-violet-900',
  // A shipped order's courier parcel, where the courier tracks it (server/orders/timeline.ts).
  'In transit': 'bg-violet-100 text-violet-900',
  'Out for delivery': 'bg-indigo-100 text-indigo-900',
  'Delivery failed': 'bg-red-100 text-red-900',
  'Returning to us': 'bg-rose-100 text-rose-900',
  Delivered: 'bg-teal-100 text-teal-900',
  Completed: 'bg-green-100 text-green-900',
  Failed: 'bg-red-100 text-red-900',
  Cancelled: 'bg-stone-200 text-stone-900',
  Returned: 'bg-orange-100 text-orange-900',
  'Returned to origin': 'bg-rose-100 text-rose-900',
};

/** `status` is the status as it reads ('Awaiting confirmation'); `inTable` keeps it small and on one line. */
export function OrderStatusBadge({ status, inTable = false }: { status: string; inTable?: boolean }) {
  const size = inTable ? 'text-xs whitespace-nowrap' : 'text-sm';
  return <span className={`rounded-full px-3 py-1 font-bold ${size} ${STYLES[status] ?? ''}`}>{status}</span>;
}
