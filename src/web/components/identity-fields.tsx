// The fields that prove the account's owner is at the keyboard before a change that matters
// (two-factor sign-in turned on or off, the account deleted, a refund): the current password and
// a code from the authenticator app (six digits; room for a space typed in the middle).
import { TextField } from './form-field.tsx';

export function CurrentPasswordField({ error }: { error?: string | undefined }) {
  return (
    <TextField
      label="Password"
      name="password"
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  );
}

export function AuthenticatorCodeField({ label, error }: { label: string; error?: string | undefined }) {
  return (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      required
      error={error}
    />
  );
}
