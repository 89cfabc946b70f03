// What the account screens say (SPEC §8), word for word: the services answer with these and the
// pages show them.
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

export const GOOGLE_MESSAGES = {
  redirecting: 'Redirecting to Google...',
  signInFailed: 'Failed to sign in with Google',
  signUpFailed: 'Failed to sign up with Google',
  notConfigured: 'Google sign-in is not configured for this store yet. Please use your email.',
} as const;
