// Returns and size exchanges (ADR 0025): the words a shopper and staff see, shared by the forms,
// the server's checks and the database's (schema.ts derives its checks from these lists).

export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** Why the shopper sends an item back, with the label the form shows. */
export const RETURN_REASONS = [
  { value: 'wrong_size', label: 'Wrong size' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'wrong_item', label: 'Wrong item' },
  { value: 'other', label: 'Other' },
] as const;
export const RETURN_REASON_VALUES = RETURN_REASONS.map((reason) => reason.value);

/**
 * A request's statuses, each with the words the pages write for it (orders/status.ts decides the
 * moves): requested → approved or rejected (or expired while it waits) → picked up → refunded (a
 * return) or replacement shipped → exchanged (an exchange, once the new size is delivered).
 */
export const RETURN_STATUS_LABELS = {
  requested: 'Requested',
  approved: 'Approved, awaiting pickup',
  rejected: 'Rejected',
  expired: 'Expired',
  picked_up: 'Picked up',
  refunded: 'Refunded',
  replacement_shipped: 'Replacement shipped',
  exchanged: 'Exchanged',
};
export type ReturnStatus = keyof typeof RETURN_STATUS_LABELS;
/** The statuses in the order written above, for the enum and the check that derive from them. */
export const RETURN_STATUSES = Object.keys(RETURN_STATUS_LABELS) as [ReturnStatus, ...ReturnStatus[]];

/** Photos a shopper may attach to one request. */
export const MAX_RETURN_PHOTOS = 3;
/** The longest note a shopper or a staff message may be. */
export const MAX_RETURN_NOTE_LENGTH = 1000;

/** "Exchange of 1 × Astro Tee (M → L)" or "Return of 2 × Astro Tee (M)", for emails, lists and the audit log. */
export function describeRequest(
  request: { kind: ReturnKind; quantity: number; size: string; exchangeSize: string | null; productId: number },
  item: { name: string } | undefined,
): string {
  const what = `${request.quantity} × ${item?.name ?? `product ${request.productId}`}`;
  return request.kind === 'exchange'
    ? `Exchange of ${what} (${request.size} → ${request.exchangeSize})`
    : `Return of ${what} (${request.size})`;
}
