// What "Continue with Google" says (docs/product.md §8), word for word. A module of its own: the
// home page's login popup shows the button, and must not bring every account screen's words with it.

export const GOOGLE_MESSAGES = {
  redirecting: 'Redirecting to Google...',
  signInFailed: 'Failed to sign in with Google',
  signUpFailed: 'Failed to sign up with Google',
  notConfigured: 'Google sign-in is not configured for this store yet. Please use your email.',
} as const;
