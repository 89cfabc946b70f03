// The one way a form posts (docs/product.md §5): the browser checks it with the form's zod schema
// first; a submit with errors posts nothing and sets `blocked`, for 'Please fix the validation
// errors before proceeding.'. The same schema checks it again in the action.
import { useState, type FormEvent } from 'react';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';

export function useCheckedSubmit<T extends FieldValues>(
  handleSubmit: UseFormHandleSubmit<T>,
  fetcher: { submit: (form: HTMLFormElement) => Promise<void> },
  onBlocked?: () => void,
) {
  const [blocked, setBlocked] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    void handleSubmit(
      () => {
        setBlocked(false);
        void fetcher.submit(form);
      },
      () => {
        setBlocked(true);
        onBlocked?.();
      },
    )(event);
  };
  return { blocked, onSubmit };
}
