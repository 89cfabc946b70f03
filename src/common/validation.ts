// The spec's validation rules and messages (SPEC §5), word for word. Forms use these schemas in
// the browser and actions use them again on the server: one source for each rule (ADR 0004).
import { z } from 'zod';

import { GENDERS } from './catalog.ts';

export const FIX_ERRORS_MESSAGE = 'Please fix the validation errors before proceeding.';

const email = z
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

const personName = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .regex(/^[A-Za-z ]*$/, 'Only letters and spaces are allowed')
  .min(2, 'Must be at least 2 characters')
  .max(50, 'Must be at most 50 characters');

const phone = z
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
  gender: z.enum(GENDERS, { message: 'This field is required' }),
  password,
});
export type Signup = z.infer<typeof SignupSchema>;

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

const requiredText = (message: string) => z.string().trim().min(1, message);

export const AddressSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.'),
  phone: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'Phone must be 10 digits.'),
  house: requiredText('House/Flat is required.'),
  street: requiredText('Street/Address is required.'),
  city: requiredText('City is required.'),
  pincode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Pincode must be 6 digits.'),
  state: requiredText('State is required.'),
  country: requiredText('Country is required.'),
});
export type AddressInput = z.infer<typeof AddressSchema>;

const optionalText = z.string().trim().max(200).optional();

export const ProfileSchema = z.object({
  firstName: requiredText('This field is required').max(50, 'Must be at most 50 characters'),
  lastName: requiredText('This field is required').max(50, 'Must be at most 50 characters'),
  phone: requiredText('Phone number is required').max(10, 'Phone number must be exactly 10 digits'),
  // The select offers "Not specified" as an empty value.
  gender: z
    .union([z.enum(GENDERS), z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  addressHouse: optionalText,
  addressLine: optionalText,
  addressCity: optionalText,
  addressState: optionalText,
  addressPin: optionalText,
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
