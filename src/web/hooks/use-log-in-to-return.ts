import { useEffect } from 'react';
import { href, useNavigate } from 'react-router';

import { savePendingIntent } from '../auth/pending-intent.ts';

/**
 * A page a signed-out visitor reached by an emailed link: remember it and go to log in; signing in
 * comes back to it (docs/product.md §4). `returnTo` is undefined when the visitor is signed in.
 */
export function useLogInToReturn(returnTo: string | undefined): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!returnTo) return;
    savePendingIntent({ action: 'visit', payload: { to: returnTo } });
    void navigate(href('/login'), { replace: true });
  }, [returnTo, navigate]);
}
