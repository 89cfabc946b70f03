// How a delivery address reads (SPEC §2 "Orders"): 'name, house, street, city, state - pincode, country'.
export interface AddressLines {
  name: string;
  house: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export function formatAddress(address: AddressLines): string {
  return `${address.name}, ${address.house}, ${address.street}, ${address.city}, ${address.state} - ${address.pincode}, ${address.country}`;
}
