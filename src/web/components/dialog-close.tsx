import * as Dialog from '@radix-ui/react-dialog';
import { Icon } from './icon.tsx';

/** A dialog's close button: an X in a round 44 px target, named by `label`; `className` places it. */
export function DialogClose({ label, className }: { label: string; className?: string }) {
  return (
    <Dialog.Close
      className={`${className ? `${className} ` : ''}flex h-11 w-11 items-center justify-center rounded-full hover:bg-black/5`}
      aria-label={label}
    >
      <Icon name="x" size={22} />
    </Dialog.Close>
  );
}
