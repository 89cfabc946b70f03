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

/**
 * What makes each option a radio button of a group whose choice the component keeps in state:
 * `radioChoice('kind', kind, setKind)(option)` gives the option's name, value, checked and onChange.
 */
export function radioChoice<T extends string>(name: string, chosen: T | undefined, choose: (option: T) => void) {
  return (option: T) => ({ name, value: option, checked: chosen === option, onChange: () => choose(option) });
}
