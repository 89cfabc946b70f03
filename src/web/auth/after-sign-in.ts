// Where a shopper goes after signing in (SPEC §4): home after 1.2 s. The cart work adds the
// pending intents (add to cart, buy now, checkout) here.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export const HOME_REDIRECT_MS = 1200;

/** Starts the move; returns a function that cancels it (for effect clean-up). */
export function useAfterSignIn() {
  const navigate = useNavigate();
  return useCallback(() => {
    const timer = setTimeout(() => void navigate('/'), HOME_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
}
