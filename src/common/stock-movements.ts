// Why a size's units changed: every change to product_stock is written with one of these
// (inventory/stock.ts), so staff can read a size's history. The first four are staff's own
// adjustments, chosen on the product's stock page; the rest are written by the store itself.

/** Staff's reasons for an adjustment, in the order the form offers them. */
export const STOCK_ADJUSTMENT_REASONS = ['received', 'damaged', 'counted', 'other'] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];

export const STOCK_MOVEMENT_KINDS = [
  ...STOCK_ADJUSTMENT_REASONS,
  /** A checkout took the units (its order, once paid, is the sale). */
  'held',
  /** A checkout's hold lapsed or was replaced, and its units came back. */
  'released',
  /** A cancelled or failed order's units came back, or a parcel returned to origin was put back on sale. */
  'restocked',
  /** A returned unit was put back on the shelf. */
  'returned',
  /** A size exchange took the new size's unit, or gave it back when the exchange did not go ahead. */
  'exchange',
  /** The product's own form or import set the count (a new product, a size added or removed). */
  'product_edit',
  /** The CSV upload set the count. */
  'upload',
  /** The count a size had when its history began (stock seeded or kept before the history existed). */
  'opening',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  received: 'Received',
  damaged: 'Damaged',
  counted: 'Counted',
  other: 'Other',
  held: 'Held by a checkout',
  released: 'Hold released',
  restocked: 'Order cancelled or not delivered',
  returned: 'Returned',
  exchange: 'Size exchange',
  product_edit: 'Product edited',
  upload: 'Stock upload',
  opening: 'Opening count',
};

/** The longest note staff may leave with an adjustment. */
export const STOCK_NOTE_MAX = 200;

/** The most units one adjustment or upload row may set or move: a typo of extra digits is refused. */
export const STOCK_QUANTITY_MAX = 100_000;
