// The spec's validation rules and messages (docs/product.md §5), word for word. Forms use these
// schemas in the browser and actions use them again on the server: one source per rule (ADR 0004).
import { z } from 'zod';

import { TWO_FACTOR_MESSAGES } from './auth-messages.ts';
import { GENDERS } from './catalog.ts';
import { INDIAN_STATES } from './india.ts';
import { PINCODE_FORMAT_MESSAGE } from './pincode.ts';

export { FIX_ERRORS_MESSAGE } from './form-messages.ts';

/**
 * No field a person types means a control character, and PostgreSQL refuses a NUL in text: refused
 * rather than stored. `multiline` lets a textarea's line breaks and tabs through.
 */
export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? /[^\P{Cc}\t\n\r]/u : /\p{Cc}/u).test(value);
}

/** Typed text: trimmed, at most `max` characters ('… must be at most N characters.'), no control characters. */
function typedText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !hasControlCharacters(value), `${label} must not contain control characters.`);
}

/**
 * A coupon code as a shopper types it. Only the server knows the coupons (docs/product.md §5
 * "Coupon"); this bounds what is looked up, at the longest code a coupon may have.
 */
export const CouponCodeSchema = typedText('Coupon code', 40).toUpperCase();

/** The store's email rule, for every form that asks for one. */
export const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const LoginSchema = z.object({
  email,
  // No password is longer, so a longer one is not hashed just to be refused.
  password: z.string().min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type Login = z.infer<typeof LoginSchema>;

/** A code from an authenticator app (6 digits; spaces people type are ignored). */
export const AuthenticatorCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeNeeded));

/** A backup code as the store prints them: five letters or digits, a dash, five more. */
const BackupCode = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, TWO_FACTOR_MESSAGES.backupCodeNeeded));

/** The second step of a sign-in: a code from the app, or one of the backup codes. */
export const TwoFactorSignInSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('app'), code: AuthenticatorCode }),
  z.object({ method: z.literal('backup'), code: BackupCode }),
]);

const personName = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .regex(/^[A-Za-z ]*$/, 'Only letters and spaces are allowed')
  .min(2, 'Must be at least 2 characters')
  .max(50, 'Must be at most 50 characters');

/** The profile's names: required and bounded like signup's, without signup's letters-only rule. */
const profileName = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(50, 'Must be at most 50 characters')
  .refine((value) => !hasControlCharacters(value), 'Must not contain control characters');

/** The store's phone rule (an Indian mobile number, 10 digits), for every form that asks for one. */
export const phone = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .regex(/^\d{10}$/, 'Phone number must be exactly 10 digits');

/**
 * A shopper's password, and the admin's (ADMIN_PASSWORD, checked at start). The server also
 * refuses common passwords (server/auth/common-passwords.ts): that list stays out of the browser.
 */
export const password = z
  .string()
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .regex(
    /^[A-Za-z](?=.*\d)(?=.*[@$!%*?&])/,
    'Password must contain letters, numbers, and at least one symbol (@$!%*?&)',
  )
  .max(128, 'Password must be at most 128 characters');

export const SignupSchema = z.object({
  firstName: personName,
  lastName: personName,
  email,
  phone,
  // Not required (docs/product.md §5 gives it no rule): left out, the shopper prefers not to say.
  gender: z
    .union([z.enum(GENDERS), z.literal('')], { message: 'Please choose a gender from the list.' })
    .optional()
    .transform((value) => value || 'prefer-not-to-say'),
  password,
});
/** What the signup form holds (gender may be left out). */
export type Signup = z.input<typeof SignupSchema>;

export const OTP_ERROR_MESSAGE = 'Invalid OTP. Please try again or resend OTP.';
export const OtpSchema = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, OTP_ERROR_MESSAGE),
});

export const ResetRequestSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email to reset password.').pipe(email),
});

export const NewPasswordSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });

/** A pincode as the address form and the delivery check take it (docs/product.md §5). */
export const pincode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, PINCODE_FORMAT_MESSAGE);

/**
 * The address form's fields (docs/product.md §5 "Address form"), each with its bound; the profile's
 * address reuses them. A name holds a profile's first and last names (50 each) and a space.
 */
const addressField = {
  name: typedText('Name', 120).min(2, 'Name must be at least 2 characters.'),
  phone: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'Phone must be 10 digits.'),
  house: typedText('House/Flat', 100).min(1, 'House/Flat is required.'),
  street: typedText('Street/Address', 200).min(1, 'Street/Address is required.'),
  city: typedText('City', 60).min(1, 'City is required.'),
  pincode,
  state: z
    .string()
    .trim()
    .min(1, 'State is required.')
    .refine(
      (value) => value === '' || (INDIAN_STATES as readonly string[]).includes(value),
      'Please choose a state from the list.',
    ),
  country: typedText('Country', 60).min(1, 'Country is required.'),
};

export const AddressSchema = z.object(addressField);
export type AddressInput = z.infer<typeof AddressSchema>;

/** A profile's address field: may be left blank; when filled in, the address form's rule for it. */
function blankOr(rule: z.ZodType<string, string>) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const checked = rule.safeParse(value);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
    })
    .optional();
}

export const ProfileSchema = z.object({
  firstName: profileName,
  lastName: profileName,
  // The same rule as signup's: the profile's phone is the one a delivery from the profile uses.
  phone,
  // The select offers "Not specified" as an empty value.
  gender: z
    .union([z.enum(GENDERS), z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  addressHouse: blankOr(addressField.house),
  addressLine: blankOr(addressField.street),
  addressCity: blankOr(addressField.city),
  addressState: blankOr(addressField.state),
  addressPin: blankOr(addressField.pincode),
});

/** The first message for each field, the way the forms show them. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}
