// A button that opens a dialog whose code loads when the shopper reaches for the button (pointer
// or focus), not with the page; closing the dialog gives focus back to the button.
import { Suspense, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** What the button hands its dialog: whether it is open, and how it closes. */
export interface DialogControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
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
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={className}
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
