// Why a size's units changed: every change to product_stock is written with one of these
// (inventory/stock.ts), so staff can read a size's history. The first four are staff's own
// adjustments, chosen on the product's stock page; the rest are written by the store itself.

/** Staff's reasons for an adjustment, in the order the form offers them. */
export const STOCK_ADJUSTMENT_REASONS = ['received', 'damaged', 'counted', 'other'] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];

/** Each kind of change with the words its history shows. */
export const STOCK_MOVEMENT_LABELS = {
  received: 'Received',
  damaged: 'Damaged',
  counted: 'Counted',
  other: 'Other',
  /** A checkout took the units (its order, once paid, is the sale). */
  held: 'Held by a checkout',
  /** A checkout's hold lapsed or was replaced, and its units came back. */
  released: 'Hold released',
  /** A cancelled or failed order's units came back, or a parcel returned to origin was put back on sale. */
  restocked: 'Order cancelled or not delivered',
  /** A returned unit was put back on the shelf. */
  returned: 'Returned',
  /** A size exchange took the new size's unit, or gave it back when the exchange did not go ahead. */
  exchange: 'Size exchange',
  /** The product's own form or import set the count (a new product, a size added or removed). */
  product_edit: 'Product edited',
  /** The CSV upload set the count. */
  upload: 'Stock upload',
  /** The count a size had when its history began (stock seeded or kept before the history existed). */
  opening: 'Opening count',
} satisfies Record<StockAdjustmentReason, string> & Record<string, string>;
export type StockMovementKind = keyof typeof STOCK_MOVEMENT_LABELS;
/** The kinds in the order written above, for the enum and the check that derive from them. */
export const STOCK_MOVEMENT_KINDS = Object.keys(STOCK_MOVEMENT_LABELS) as [StockMovementKind, ...StockMovementKind[]];

/** The longest note staff may leave with an adjustment. */
export const STOCK_NOTE_MAX = 200;

/** The most units one adjustment or upload row may set or move: a typo of extra digits is refused. */
export const STOCK_QUANTITY_MAX = 100_000;
