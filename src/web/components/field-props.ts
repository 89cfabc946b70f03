// Props to spread on the fields of form-field.tsx: a react-hook-form field's registration and
// error, and the attributes of the inputs for Indian numbers.
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';

/**
 * The props of a react-hook-form field: `{...field('email')}` registers it and brings its error,
 * the browser's check first, else the one the server sent (`serverErrors`, by field name).
 */
export function formFields<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  serverErrors: Partial<Record<string, string>> = {},
) {
  const messages = errors as Partial<Record<string, { message?: string }>>;
  return (name: Path<T>) => ({ error: messages[name]?.message ?? serverErrors[name], ...register(name) });
}

/** An Indian mobile number: ten digits, typed on the number pad. */
export const PHONE_INPUT = { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', maxLength: 10 } as const;
/** An Indian pincode: six digits. */
export const PINCODE_INPUT = { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 } as const;
