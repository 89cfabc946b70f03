// The pincode's format rule, without zod: the product page checks it before asking the server and
// must not carry the validation library in its first load (validation.ts builds its schema on it).
// And the cookie that keeps the pincode this browser checked last (ADR 0064), read by the server
// and by the page's script alike.

export const PINCODE_FORMAT_MESSAGE = 'Pincode must be 6 digits.';

export function isPincodeFormat(value: string): boolean {
  return /^\d{6}$/.test(value);
}

export const PINCODE_COOKIE = 'ttt_pincode';

const REMEMBERED = new RegExp(`(?:^|;)\\s*${PINCODE_COOKIE}=(\\d{6})\\s*(?:;|$)`);

/** The remembered pincode in a Cookie header (a request's, or `document.cookie`), if any. */
export function rememberedPincode(cookieHeader: string | null | undefined): string | null {
  return (cookieHeader && REMEMBERED.exec(cookieHeader)?.[1]) || null;
}
