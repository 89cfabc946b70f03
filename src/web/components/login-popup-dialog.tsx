import * as Dialog from '@radix-ui/react-dialog';
import { href, Link } from 'react-router';

import { DialogClose } from './dialog-close.tsx';
import { GoogleButton } from './google-button.tsx';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './form-field.tsx';

/** The popup's dialog (login-popup.tsx decides when): Google, Login and Sign up; Escape closes it. */
export default function LoginPopupDialog({ storeName, onClose }: { storeName: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-paper p-6 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-black uppercase">Welcome to {storeName}</Dialog.Title>
            <DialogClose label="Close" className="-mt-2 -mr-2 shrink-0" />
          </div>
          <Dialog.Description className="mt-2 text-muted">
            Log in or sign up to like products, keep a cart and check out faster.
          </Dialog.Description>
          <div className="mt-6 space-y-3">
            <GoogleButton mode="signin" returnTo={href('/')} />
            <Link to={href('/login')} onClick={onClose} className={`${PRIMARY_BUTTON} block text-center`}>
              Login
            </Link>
            <Link to={href('/signup')} onClick={onClose} className={`${SECONDARY_BUTTON} block text-center`}>
              Sign up
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
