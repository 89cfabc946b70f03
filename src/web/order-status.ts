// The colours of an order's status (orderStatus in common/orders.ts names it), wherever an order shows it.
export const ORDER_STATUS_STYLES: Readonly<Record<string, string>> = {
  'Awaiting confirmation': 'bg-yellow-100 text-yellow-900',
  Pending: 'bg-amber-100 text-amber-900',
  Processing: 'bg-blue-100 text-blue-900',
  Shipped: 'bg-violet-100 text-violet-900',
  Delivered: 'bg-teal-100 text-teal-900',
  Completed: 'bg-green-100 text-green-900',
  Failed: 'bg-red-100 text-red-900',
  Cancelled: 'bg-stone-200 text-stone-900',
  Returned: 'bg-orange-100 text-orange-900',
  'Returned to origin': 'bg-rose-100 text-rose-900',
};
