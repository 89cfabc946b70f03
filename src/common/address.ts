// How a delivery address reads (docs/product.md §2 "Orders"):
// 'name, house, street, city, state - pincode, country'.
import type { AddressInput } from './validation.ts';

export function formatAddress(address: AddressInput): string {
  return `${address.name}, ${address.house}, ${address.street}, ${address.city}, ${address.state} - ${address.pincode}, ${address.country}`;
}
