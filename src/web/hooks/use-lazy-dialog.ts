import { useRef, useState } from 'react';

/** What the button hands its lazy dialog: whether it is open, and how it closes. */
export interface LazyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * A button that opens a dialog whose code loads when the shopper reaches for the button (hover or
 * focus), not with the page. Spread `trigger` on the button; mount the lazy dialog with `dialog`
 * inside a Suspense once `wanted`. Closing the dialog gives the focus back to the button.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return {
    wanted,
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
    },
    dialog: {
      open,
      onOpenChange: setOpen,
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        triggerRef.current?.focus();
      },
    } satisfies LazyDialogProps,
  } as const;
}
