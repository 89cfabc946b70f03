// What a shopper is told about stock (docs/product.md §3 "availability"), derived from the units
// left: the one rule, which every page and query uses (inventory/stock.ts reads the units in SQL).
const LOW_STOCK_THRESHOLD = 5;

export function isInStock(unitsLeft: number): boolean {
  return unitsLeft > 0;
}

export function availabilityOf(unitsLeft: number): string {
  if (!isInStock(unitsLeft)) return 'Out of Stock';
  if (unitsLeft <= LOW_STOCK_THRESHOLD) return `Only ${unitsLeft} left`;
  return 'In Stock';
}

export function notEnoughStockMessage(size: string, unitsLeft: number): string {
  return !isInStock(unitsLeft) ? `Size ${size} is sold out.` : `Only ${unitsLeft} left in size ${size}.`;
}
