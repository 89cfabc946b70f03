// What the account screens say (docs/product.md §8), word for word: the services answer with these
// and the pages show them.
export const SIGNUP_MESSAGES = {
  emailTaken: 'An account with this email already exists. Please log in or use a different email.',
  invalid: 'Invalid signup details. Please check your information.',
  failed: 'Failed to create account',
  mailFailed: 'Failed to send OTP. Please try again.',
  sent: 'OTP sent to your email!',
  created: 'Account created successfully! Redirecting...',
} as const;

export const LOGIN_MESSAGES = {
  wrongPassword: 'Wrong password. Please try again.',
  noAccount: 'No account found. Try signing up.',
  invalid: 'Invalid email or password',
  success: 'Login successful!',
} as const;

export const RESET_MESSAGES = {
  sent: 'Password reset link sent! Check your email.',
  mailFailed: 'Failed to send reset link. Please try again.',
  updateFailed: 'Failed to update password. Try again.',
  updated: 'Password updated! You can now log in.',
} as const;

/** Two-factor sign-in (ADR 0020; the spec names the service, not its words). */
export const TWO_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  backupCodeNeeded: 'Enter one of your backup codes, like ab12c-3de4f.',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  wrongBackupCode: 'That backup code is not right, or it has been used already.',
  reused: 'That code has been used already. Wait for a new code in your app and try again.',
  expired: 'This sign-in has expired. Please log in again.',
  tooManyTries: 'Too many wrong codes for this sign-in. Please log in again.',
  locked: 'Too many wrong codes on this account. Please try again in 15 minutes.',
  wrongPassword: 'Wrong password. Please try again.',
  setupStarted: 'Scan the code with your authenticator app, then enter the code it shows.',
  enabled: 'Two-factor sign-in is on.',
  disabled: 'Two-factor sign-in is off.',
  adminMustEnrol: 'Admins must use two-factor sign-in. Set it up to open the admin.',
  adminCannotTurnOff: 'Admins must keep two-factor sign-in on.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on for this account.',
} as const;
