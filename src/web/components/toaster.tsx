// The one toaster (docs/product.md §4: toasts close after 2 s by default). Pages call
// `toast.success(...)` or `toast.error(...)` from here. The toast library is loaded on the first
// toast, not with every page: most visits never show one.
import { useEffect, useState } from 'react';
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;
type Kind = 'success' | 'error' | 'message';

const TOAST_DURATION_MS = 2000;

let sonner: Sonner | undefined;
const pending: { kind: Kind; text: string }[] = [];
let requestMount: (() => void) | undefined;

function show(kind: Kind, text: string) {
  if (sonner) {
    if (kind === 'message') sonner.toast(text);
    else sonner.toast[kind](text);
    return;
  }
  pending.push({ kind, text });
  requestMount?.();
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  message: (text: string) => show('message', text),
};

export function Toaster() {
  const [library, setLibrary] = useState<Sonner>();

  useEffect(() => {
    requestMount = () => {
      requestMount = undefined;
      void import('sonner').then(setLibrary);
    };
    if (pending.length > 0) requestMount();
    return () => {
      requestMount = undefined;
    };
  }, []);

  // Runs after sonner's own Toaster has mounted and subscribed, so queued toasts are not lost.
  useEffect(() => {
    if (!library) return;
    sonner = library;
    for (const { kind, text } of pending.splice(0)) show(kind, text);
  }, [library]);

  return library ? <library.Toaster duration={TOAST_DURATION_MS} position="top-center" richColors /> : null;
}
