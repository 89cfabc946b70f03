// Addresses in tests: the one an order or a checkout gets when the address is not what a test checks,
// and the spec's messages for a form with every field wrong.
export const TEST_ADDRESS = {
  name: 'Riya Kapoor',
  phone: '9876543210',
  house: 'Flat 4B',
  street: 'MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  country: 'India',
};

/** docs/product.md §5's message under each field of an address form in which every field is wrong. */
export const EVERY_ADDRESS_FIELD_WRONG = {
  name: 'Name must be at least 2 characters.',
  phone: 'Phone must be 10 digits.',
  house: 'House/Flat is required.',
  street: 'Street/Address is required.',
  city: 'City is required.',
  pincode: 'Pincode must be 6 digits.',
  state: 'State is required.',
  country: 'Country is required.',
};
