import type { InputHTMLAttributes, ReactNode } from 'react';

/** A radio button with its words beside it, as the shopper's forms lay out a choice. */
export function RadioOption({
  label,
  ...input
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  return (
    <label className="flex items-center gap-2">
      <input type="radio" className="size-4" {...input} />
      {label}
    </label>
  );
}
