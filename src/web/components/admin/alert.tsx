// The admin area's outcome messages (docs/product.md §2 "Admin products": success and errors are
// shown as alerts). An error interrupts a screen reader at once; a success is announced politely.
import type { ReactNode } from 'react';

export interface AlertMessage {
  tone: 'success' | 'error';
  text: string;
}

export function Alert({ tone, children }: { tone: AlertMessage['tone']; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mt-4 rounded-md border px-4 py-3 text-sm font-semibold ${
        tone === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900'
      }`}
    >
      {children}
    </div>
  );
}

/** The alerts of an action's answer, if it has any. */
export function Alerts({ messages }: { messages: readonly AlertMessage[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <>
      {messages.map((message, index) => (
        <Alert key={`${index}-${message.text}`} tone={message.tone}>
          {message.text}
        </Alert>
      ))}
    </>
  );
}
