// A button that opens a dialog whose code loads when the shopper reaches for the button (a mouse
// over it, a keyboard's focus, the press), not with the page; closing the dialog gives focus back
// to the button.
//
// The press opens the dialog in a transition: the tap's event returns at once and the browser
// paints the pressed button (`aria-expanded`) before React renders the dialog, in slices, once its
// code is there. Rendered in the event itself, the dialog (and the focus it moves, which lays the
// page out) was the tap's whole answer time on a slow phone.
import { Suspense, startTransition, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** What the button hands its dialog: whether it is open, and how it closes. */
export interface DialogControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Starts the dialog's import in a task of its own: starting it (Vite adds a preload link for each
 * of its chunks) took several milliseconds inside the pointer's event, which the click waited for.
 */
function loadSoon(load: () => Promise<unknown>) {
  setTimeout(() => void load(), 0);
}

export function LazyDialogButton<P extends object>({
  load,
  label,
  className,
  children,
  dialog: LazyDialog,
  dialogProps,
}: {
  /** The dialog module's import, started early so the dialog is ready by the click. */
  load: () => Promise<unknown>;
  /** The button's accessible name, where its content does not give one. */
  label?: string;
  className: string;
  children: ReactNode;
  /** The lazy dialog, rendered once the button is first pressed, with its own props beside the control. */
  dialog: ComponentType<DialogControl & P>;
  dialogProps: P;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        // A mouse comes over the button, and a keyboard's focus to it, well before the press; a
        // finger's pointerenter and focus are the tap itself, whose click starts the import in the
        // transition, after the tap's paint.
        onPointerEnter={(event) => {
          if (event.pointerType === 'mouse') loadSoon(load);
        }}
        onFocus={(event) => {
          if (event.currentTarget.matches(':focus-visible')) loadSoon(load);
        }}
        onClick={() => {
          startTransition(() => {
            setWanted(true);
            setOpen(true);
          });
        }}
        className={`${className} aria-expanded:bg-black/10`}
      >
        {children}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <LazyDialog
            {...dialogProps}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
