// What a shopper is told about stock (SPEC §3 "availability"), derived from the units left.
export const LOW_STOCK_THRESHOLD = 5;

export function availabilityOf(unitsLeft: number): string {
  if (unitsLeft <= 0) return 'Out of Stock';
  if (unitsLeft <= LOW_STOCK_THRESHOLD) return `Only ${unitsLeft} left`;
  return 'In Stock';
}

export function notEnoughStockMessage(size: string, unitsLeft: number): string {
  return unitsLeft <= 0 ? `Size ${size} is sold out.` : `Only ${unitsLeft} left in size ${size}.`;
}
