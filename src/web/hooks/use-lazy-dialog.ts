// A button that opens a dialog whose code is loaded when wanted (the sidebar menu, the size chart):
// pointing at the button or focusing it starts the download, a click mounts and opens the dialog,
// and closing gives focus back to the button.
import { useRef, useState } from 'react';

export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  // The dialog is mounted from the first click on and stays mounted; `open` shows and hides it.
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return {
    wanted,
    /** Spread on the trigger <button>. */
    trigger: {
      ref: triggerRef,
      type: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': open,
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    } as const,
    /** For the Radix dialog: open, onOpenChange and onCloseAutoFocus. */
    dialog: {
      open,
      onOpenChange: setOpen,
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        triggerRef.current?.focus();
      },
    },
  };
}
