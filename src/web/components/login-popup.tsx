// The login popup (docs/product.md §2), mounted once in the root: on the home page it opens about
// 0.5 s after load when nobody is signed in, and again when the shopper signs out there; it closes
// on sign-in. Dismissed, it stays away for the rest of the tab's visit. Its dialog code loads only
// when it opens.
import { lazy, Suspense, useEffect, useState } from 'react';
import { href, useLocation } from 'react-router';

import { hasSignedInMarker } from '../../common/signed-in-marker.ts';

const LOGIN_POPUP_DELAY_MS = 500;
export const LOGIN_POPUP_DISMISSED_KEY = 'ttt.loginPopup.dismissed.v1';

const loadDialog = () => import('./login-popup-dialog.tsx');
const LoginPopupDialog = lazy(loadDialog);

export function LoginPopup({ signedIn, storeName }: { signedIn: boolean; storeName: string }) {
  const { pathname } = useLocation();
  const onHome = pathname === href('/');
  const [requested, setRequested] = useState(false);
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);

  // After load, on the home page, with no session: a signed-in shopper's kept page names nobody
  // until their data arrives, but the browser's marker tells (ADR 0058).
  useEffect(() => {
    if (!onHome || signedIn || hasSignedInMarker(document.cookie) || dismissed()) return;
    const timer = setTimeout(() => setRequested(true), LOGIN_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
    // Only the page load counts, not later visits within the app.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Signing out on the home page brings it back.
  if (wasSignedIn !== signedIn) {
    setWasSignedIn(signedIn);
    if (!signedIn && onHome) setRequested(true);
  }

  // Signing in closes it.
  const open = requested && !signedIn;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginPopupDialog
        storeName={storeName}
        onClose={() => {
          sessionStorage.setItem(LOGIN_POPUP_DISMISSED_KEY, '1');
          setRequested(false);
        }}
      />
    </Suspense>
  );
}

function dismissed(): boolean {
  try {
    return sessionStorage.getItem(LOGIN_POPUP_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}
