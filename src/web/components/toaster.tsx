// The one toaster (SPEC §4: toasts close after 2 s by default). Pages call `toast(...)` from here.
import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

export const TOAST_DURATION_MS = 2000;

export function Toaster() {
  return <Sonner duration={TOAST_DURATION_MS} position="top-center" richColors closeButton={false} />;
}
