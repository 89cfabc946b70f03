import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { href, Link } from 'react-router';

import { GoogleButton } from './google-button.tsx';
import { Icon } from './icon.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './buttons.ts';

/**
 * The popup's dialog (login-popup.tsx decides when): Google, Login and Sign up. A native modal
 * <dialog> (ADR 0033: no dialog library in every visitor's first load): showModal() makes the page
 * behind it inert, keeps focus inside and moves it to the first control; Escape, the close button
 * and a click beside it close it, and the browser gives focus back to where it was.
 */
export default function LoginPopupDialog({ storeName, onClose }: { storeName: string; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // A click beside it closes it too ('light dismiss', where the browser has it).
    dialog.setAttribute('closedby', 'any');
    if (!dialog.open) dialog.showModal();
    // Unmounted while open (signed in, or the Login and Sign up links): leave the top layer quietly.
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // The 'close' event comes from Escape, the close button and the backdrop alike (not from a
      // close the effect's cleanup made and StrictMode's second run undid: the dialog is open again).
      onClose={(event) => {
        if (!event.currentTarget.open) onClose();
      }}
      className="m-auto w-[min(92vw,26rem)] max-w-none rounded-lg bg-paper p-6 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-2xl font-black uppercase">
          Welcome to {storeName}
        </h2>
        <button
          type="button"
          onClick={() => dialogRef.current?.close()}
          aria-label="Close"
          className="-mt-2 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
        >
          <Icon name="x" size={22} />
        </button>
      </div>
      <p id={descriptionId} className="mt-2 text-muted">
        Log in or sign up to like products, keep a cart and check out faster.
      </p>
      <div className="mt-6 space-y-3">
        <GoogleButton mode="signin" returnTo={href('/')} />
        <Link to={href('/login')} onClick={onClose} className={`${PRIMARY_BUTTON} block text-center`}>
          Login
        </Link>
        <Link to={href('/signup')} onClick={onClose} className={`${SECONDARY_BUTTON} block text-center`}>
          Sign up
        </Link>
      </div>
    </dialog>,
    document.body,
  );
}
