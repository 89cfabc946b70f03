// The pincode's format rule, without zod: the product page checks it before asking the server and
// must not carry the validation library in its first load (validation.ts builds its schema on it).

export const PINCODE_FORMAT_MESSAGE = 'Pincode must be 6 digits.';

export function isPincodeFormat(value: string): boolean {
  return /^\d{6}$/.test(value);
}
